import type { Webhook } from '@kids-vod/contract';
import { Button, Code, Group, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { confirmAction, DANGER_TEXT } from '../../shared/feedback/index.ts';
import { ActionsHeader, ListState, ListTable, useUrlState } from '../../shared/lists/index.ts';
import { formatMoment } from '../../shared/time/index.ts';
import { useDeleteWebhook, useTestWebhook, useWebhooks } from './api.ts';
import { Deliveries } from './deliveries.tsx';
import { WebhookModal } from './webhook-modal.tsx';

const URL_DEFAULTS = { deliveries: '', page: '1' };

function Actions({ hook, onEdit, onDeliveries }: { hook: Webhook; onEdit: () => void; onDeliveries: () => void }) {
  const test = useTestWebhook();
  const remove = useDeleteWebhook();
  return (
    <Group gap={4} wrap="nowrap">
      <Button
        size="xs"
        variant="default"
        aria-label={`Test ${hook.url}`}
        loading={test.isPending}
        onClick={() => test.mutate(hook, { onSuccess: onDeliveries })}
      >
        Test
      </Button>
      <Button size="xs" variant="default" aria-label={`Deliveries to ${hook.url}`} onClick={onDeliveries}>
        Deliveries
      </Button>
      <Button size="xs" variant="default" aria-label={`Edit ${hook.url}`} onClick={onEdit}>
        Edit
      </Button>
      <Button
        size="xs"
        variant="subtle"
        color="red"
        c={DANGER_TEXT}
        aria-label={`Delete ${hook.url}`}
        loading={remove.isPending}
        onClick={async () => {
          const asked = {
            title: `Delete ${hook.url}?`,
            message: 'No more events are sent there, and its deliveries are deleted.',
            confirmLabel: 'Delete',
          };
          if (await confirmAction(asked)) remove.mutate(hook);
        }}
      >
        Delete
      </Button>
    </Group>
  );
}

/**
 * Webhooks (admins, decision 079): the team's other systems told of videos ready or failed and catalogues published
 * or failed, each delivery signed; a Test button, and each webhook's deliveries with their answers and retries.
 */
export function Component() {
  const [url, setUrl] = useUrlState(URL_DEFAULTS);
  const hooks = useWebhooks();
  const [editing, setEditing] = useState<{ hook: Webhook | null; key: number } | null>(null);
  const rows = hooks.data ?? [];
  const shown = rows.find((h) => String(h.id) === url.deliveries);
  const addButton = (
    <Button
      leftSection={<IconPlus size={16} aria-hidden />}
      onClick={() => setEditing({ hook: null, key: Date.now() })}
    >
      Add webhook
    </Button>
  );
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Text size="sm" c="dimmed" maw={640}>
          Other systems (the apps’ backend, a chat channel, a CDN purge) are sent a signed POST when a video is ready or
          failed and when a catalogue is published or its build failed. A receiver that does not answer is tried again
          for more than a day.
        </Text>
        {addButton}
      </Group>
      <ListState query={hooks} isEmpty={rows.length === 0} emptyText="No webhooks yet." createAction={addButton}>
        <ListTable
          label="Webhooks"
          minWidth={860}
          loading={hooks.isPending}
          head={
            <>
              <Table.Th>URL</Table.Th>
              <Table.Th>Events</Table.Th>
              <Table.Th>Secret starts</Table.Th>
              <Table.Th>Created</Table.Th>
              <ActionsHeader w={300} />
            </>
          }
          rows={rows}
          testId="webhook-row"
          cells={(h) => (
            <>
              <Table.Td>
                <Text size="sm" fw={500} style={{ wordBreak: 'break-all' }}>
                  {h.url}
                </Text>
                {h.description ? (
                  <Text size="xs" c="dimmed">
                    {h.description}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  {h.events.map((e) => (
                    <Code key={e}>{e}</Code>
                  ))}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Code>{h.secret_prefix}</Code>
              </Table.Td>
              <Table.Td>{formatMoment(h.created_at)}</Table.Td>
              <Table.Td>
                <Actions
                  hook={h}
                  onEdit={() => setEditing({ hook: h, key: Date.now() })}
                  onDeliveries={() => setUrl({ deliveries: String(h.id), page: '1' })}
                />
              </Table.Td>
            </>
          )}
        />
      </ListState>
      {shown ? (
        <Deliveries
          hook={shown}
          page={Math.max(1, Number(url.page) || 1)}
          onPage={(page) => setUrl({ page: String(page) })}
          onClose={() => setUrl({ deliveries: '', page: '1' })}
        />
      ) : null}
      {editing ? <WebhookModal key={editing.key} initial={editing.hook} onClosed={() => setEditing(null)} /> : null}
    </Stack>
  );
}
