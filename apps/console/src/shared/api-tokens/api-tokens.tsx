import { Select, Stack, Table } from '@mantine/core';
import { useState } from 'react';
import { NewSecretForm, RevokeButton } from '../feedback/index.ts';
import { ActionsHeader, ListState, ListTable } from '../lists/index.ts';
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
  const rows = tokens.data ?? [];
  return (
    <Stack gap="md">
      {scope === 'own' ? <NewApiToken /> : null}
      <ListState
        query={tokens}
        isEmpty={rows.length === 0}
        emptyText={scope === 'own' ? 'You have no API tokens.' : 'Nobody has an API token.'}
      >
        <ListTable
          label="API tokens"
          minWidth={640}
          head={
            <>
              <Table.Th>Name</Table.Th>
              {scope === 'all' ? <Table.Th>Owner</Table.Th> : null}
              <Table.Th>Created</Table.Th>
              <Table.Th>Last used</Table.Th>
              <Table.Th>Expires</Table.Th>
              <ActionsHeader w={110} />
            </>
          }
          rows={rows}
          cells={(t) => (
            <>
              <Table.Td fw={500}>{t.name}</Table.Td>
              {scope === 'all' ? <Table.Td>{t.user_email}</Table.Td> : null}
              <Table.Td>{formatMoment(t.created_at)}</Table.Td>
              <Table.Td>{formatMoment(t.last_used_at)}</Table.Td>
              <Table.Td>{formatMoment(t.expires_at)}</Table.Td>
              <Table.Td>
                <RevokeButton
                  name={t.name}
                  message="Scripts using it stop working at once."
                  loading={revoke.isPending && revoke.variables?.id === t.id}
                  onConfirmed={() => revoke.mutate(t)}
                />
              </Table.Td>
            </>
          )}
        />
      </ListState>
    </Stack>
  );
}
