import { Select, Stack, Table } from '@mantine/core';
import { useState } from 'react';
import { CredentialTable } from '../credentials/index.ts';
import { NewSecretForm, RevokeButton } from '../feedback/index.ts';
import { formatMoment } from '../time/index.ts';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from './token-calls.ts';

const EXPIRY = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: 'never', label: 'Never' },
];

/** Names a new personal API token and shows its secret once. */
function NewApiToken() {
  const create = useCreateApiToken();
  const [expiry, setExpiry] = useState('90');
  return (
    <NewSecretForm
      what="API token"
      nameLabel="Token name"
      placeholder="Nightly import script"
      emptyError="Name the token (what script or tool uses it)"
      note="Send it as “Authorization: Bearer <token>”. It acts with your role; it is not shown again."
      pending={create.isPending}
      create={async (name) =>
        (await create.mutateAsync({ name, expires_in_days: expiry === 'never' ? null : Number(expiry) })).secret
      }
    >
      <Select label="Expires after" data={EXPIRY} value={expiry} onChange={(v) => setExpiry(v ?? '90')} w={160} />
    </NewSecretForm>
  );
}

/**
 * Personal API tokens for scripts: `own` lists the signed-in user's and creates new ones; `all` (admins) lists
 * everyone's. Either may revoke.
 */
export function ApiTokens({ scope }: { scope: 'own' | 'all' }) {
  const tokens = useApiTokens(scope);
  const revoke = useRevokeApiToken();
  return (
    <Stack gap="md">
      {scope === 'own' ? <NewApiToken /> : null}
      <CredentialTable
        label="API tokens"
        query={tokens}
        emptyText={scope === 'own' ? 'You have no API tokens.' : 'Nobody has an API token.'}
        what={{
          head: (
            <>
              <Table.Th>Name</Table.Th>
              {scope === 'all' ? <Table.Th>Owner</Table.Th> : null}
            </>
          ),
          cells: (t) => (
            <>
              <Table.Td fw={500}>{t.name}</Table.Td>
              {scope === 'all' ? <Table.Td>{t.user_email}</Table.Td> : null}
            </>
          ),
        }}
        more={{ head: <Table.Th>Expires</Table.Th>, cells: (t) => <Table.Td>{formatMoment(t.expires_at)}</Table.Td> }}
        revoke={revoke}
        end={(t, ending) => <RevokeButton name={t.name} message="Scripts using it stop working at once." {...ending} />}
      />
    </Stack>
  );
}
