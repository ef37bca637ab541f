import { Code, Stack, Table, Text } from '@mantine/core';
import { CredentialTable } from '../../shared/credentials/index.ts';
import { NewSecretForm, RevokeButton } from '../../shared/feedback/index.ts';
import { StateLabel } from '../../shared/lists/index.ts';
import { useCreateIngestKey, useIngestKeys, useRevokeIngestKey } from './api.ts';

const IN_USE = ['Active', 'Revoked'] as const;

function NewIngestKey() {
  const create = useCreateIngestKey();
  return (
    <NewSecretForm
      what="ingest key"
      nameLabel="App name"
      placeholder="Android app"
      emptyError="Name the app that uses it"
      note="Put it in the player app's settings (sent as X-Ingest-Key). It is stored hashed and not shown again."
      pending={create.isPending}
      create={async (name) => (await create.mutateAsync(name)).secret}
    />
  );
}

/** The player apps' keys for sending viewing minutes: one per app, so a leaked one is revoked alone. */
export function IngestKeys() {
  const keys = useIngestKeys();
  const revoke = useRevokeIngestKey();
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Each player app sends viewing minutes with a key of its own; a leaked key is revoked without touching the
        others.
      </Text>
      <NewIngestKey />
      <CredentialTable
        label="Ingest keys"
        query={keys}
        emptyText="No ingest keys yet."
        what={{
          head: (
            <>
              <Table.Th>Name</Table.Th>
              <Table.Th>Key starts</Table.Th>
            </>
          ),
          cells: (k) => (
            <>
              <Table.Td fw={500}>
                {k.name}
                {k.from_settings ? (
                  <Text size="xs" c="dimmed">
                    From the INGEST_KEY setting
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Code>{k.prefix}…</Code>
              </Table.Td>
            </>
          ),
        }}
        more={{
          head: <Table.Th>State</Table.Th>,
          cells: (k) => (
            <Table.Td>
              <StateLabel on={!k.revoked_at} words={IN_USE} />
            </Table.Td>
          ),
        }}
        revoke={revoke}
        end={(k, ending) =>
          k.revoked_at || k.from_settings ? null : (
            <RevokeButton
              name={k.name}
              message="The app using it can no longer send viewing minutes until it gets a new key."
              {...ending}
            />
          )
        }
      />
    </Stack>
  );
}
