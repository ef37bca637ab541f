import { Code, Stack, Table, Text } from '@mantine/core';
import { NewSecretForm, RevokeButton } from '../../shared/feedback/index.ts';
import { ActionsHeader, ListState, ListTable, StateLabel } from '../../shared/lists/index.ts';
import { formatMoment } from '../../shared/time/index.ts';
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
  const rows = keys.data ?? [];
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Each player app sends viewing minutes with a key of its own; a leaked key is revoked without touching the
        others.
      </Text>
      <NewIngestKey />
      <ListState query={keys} isEmpty={rows.length === 0} emptyText="No ingest keys yet.">
        <ListTable
          label="Ingest keys"
          minWidth={640}
          head={
            <>
              <Table.Th>Name</Table.Th>
              <Table.Th>Key starts</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Last used</Table.Th>
              <Table.Th>State</Table.Th>
              <ActionsHeader w={110} />
            </>
          }
          rows={rows}
          cells={(k) => (
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
              <Table.Td>{formatMoment(k.created_at)}</Table.Td>
              <Table.Td>{formatMoment(k.last_used_at)}</Table.Td>
              <Table.Td>
                <StateLabel on={!k.revoked_at} words={IN_USE} />
              </Table.Td>
              <Table.Td>
                {k.revoked_at || k.from_settings ? null : (
                  <RevokeButton
                    name={k.name}
                    message="The app using it can no longer send viewing minutes until it gets a new key."
                    loading={revoke.isPending && revoke.variables?.id === k.id}
                    onConfirmed={() => revoke.mutate(k)}
                  />
                )}
              </Table.Td>
            </>
          )}
        />
      </ListState>
    </Stack>
  );
}
