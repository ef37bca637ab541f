import type { Webhook, WebhookDelivery } from '@kids-vod/contract';
import { Button, Code, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { ListPages, ListState, ListTable } from '../../shared/lists/index.ts';
import { formatMoment } from '../../shared/time/index.ts';
import { DELIVERIES_PER_PAGE, useDeliveries } from './api.ts';

const RESULT_WORDS: Record<WebhookDelivery['result'], string> = {
  pending: 'Retrying',
  delivered: 'Delivered',
  failed: 'Gave up',
};

/** What came back: the HTTP status, or why there was none. */
function Answer({ delivery }: { delivery: WebhookDelivery }) {
  if (delivery.attempt === 0) return <Text size="sm">Not sent yet</Text>;
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500}>
        {delivery.status === null ? 'No answer' : `HTTP ${delivery.status}`}
        {delivery.duration_ms === null ? '' : ` in ${delivery.duration_ms} ms`}
      </Text>
      {delivery.answer ? (
        <Text size="xs" c="dimmed" lineClamp={2} style={{ wordBreak: 'break-word' }}>
          {delivery.answer}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A webhook's deliveries with their answers and retries, newest first; read again every few seconds. */
export function Deliveries({
  hook,
  page,
  onPage,
  onClose,
}: {
  hook: Webhook;
  page: number;
  onPage: (page: number) => void;
  onClose: () => void;
}) {
  const deliveries = useDeliveries(hook.id, page);
  const rows = deliveries.data?.rows ?? [];
  const pages = Math.ceil((deliveries.data?.count ?? 0) / DELIVERIES_PER_PAGE);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="deliveries-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="deliveries-title">
            Deliveries to <Code>{hook.url}</Code>
          </Title>
          <Button variant="default" size="xs" onClick={onClose}>
            Close deliveries
          </Button>
        </Group>
        <ListState query={deliveries} isEmpty={rows.length === 0} emptyText="Nothing was sent to this webhook yet.">
          <ListTable
            label={`Deliveries to ${hook.url}`}
            minWidth={760}
            loading={deliveries.isPending}
            head={
              <>
                <Table.Th>Event</Table.Th>
                <Table.Th>Result</Table.Th>
                <Table.Th>Tries</Table.Th>
                <Table.Th>Answer</Table.Th>
                <Table.Th>Last try</Table.Th>
                <Table.Th>Next try</Table.Th>
              </>
            }
            rows={rows}
            testId="delivery-row"
            cells={(d) => (
              <>
                <Table.Td>
                  <Code>{d.event}</Code>
                </Table.Td>
                <Table.Td>{RESULT_WORDS[d.result]}</Table.Td>
                <Table.Td>{d.attempt}</Table.Td>
                <Table.Td maw={320}>
                  <Answer delivery={d} />
                </Table.Td>
                <Table.Td>{formatMoment(d.at)}</Table.Td>
                <Table.Td>{formatMoment(d.next_at, '–')}</Table.Td>
              </>
            )}
          />
        </ListState>
        <ListPages total={pages} value={page} onChange={onPage} />
      </Stack>
    </Paper>
  );
}
