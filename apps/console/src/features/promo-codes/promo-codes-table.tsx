import type { PromoCode, PromoCodeSort } from '@kids-vod/contract';
import { ActionIcon, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import {
  IconCircleCheckFilled,
  IconCircleDashed,
  IconClock,
  IconClockX,
  IconTicketOff,
  IconTrash,
} from '@tabler/icons-react';
import { OpenLink, SkeletonRows, type SortDirection, SortHeader } from '../../shared/lists/index.ts';
import { type CodeStatus, codeStatus, formatDate, formatUses, formatValue, KIND_LABELS } from './format.ts';

/** Each status has its own icon and colour; the word says it without either. */
const STATUS_ICONS: Record<CodeStatus, { icon: typeof IconCircleCheckFilled; color: string }> = {
  Active: { icon: IconCircleCheckFilled, color: 'var(--mantine-color-green-6)' },
  Inactive: { icon: IconCircleDashed, color: 'var(--mantine-color-dimmed)' },
  Scheduled: { icon: IconClock, color: 'var(--mantine-color-blue-6)' },
  Expired: { icon: IconClockX, color: 'var(--mantine-color-orange-6)' },
  'Used up': { icon: IconTicketOff, color: 'var(--mantine-color-orange-6)' },
};

function Status({ code }: { code: PromoCode }) {
  const status = codeStatus(code);
  const { icon: Icon, color } = STATUS_ICONS[status];
  return (
    <Group gap={6} wrap="nowrap">
      <Icon size={16} color={color} aria-hidden />
      <Text size="sm" c={status === 'Inactive' ? 'dimmed' : undefined}>
        {status}
      </Text>
    </Group>
  );
}

/** An open end of the validity period. */
function OpenEnd() {
  return (
    <Text size="sm" c="dimmed" span>
      none
    </Text>
  );
}

/** The headers; those with a column sort by it (on the server: the table shows one page). */
const COLUMNS: { label: string; sort?: PromoCodeSort }[] = [
  { label: 'Code', sort: 'code' },
  { label: 'Description' },
  { label: 'Kind' },
  { label: 'Value', sort: 'value' },
  { label: 'Uses', sort: 'used_count' },
  { label: 'Valid from', sort: 'valid_from' },
  { label: 'Valid until', sort: 'valid_until' },
  { label: 'Status' },
  { label: '' },
];

/** One page of promo codes; the code opens it for editing, the bin deletes it after a confirmation. */
export function PromoCodesTable({
  rows,
  sort,
  direction,
  onSort,
  loading,
  skeletonRows,
  deleting,
  onOpen,
  onDelete,
}: {
  rows: PromoCode[];
  /** The sorted column, '' for the default order (newest first). */
  sort: string;
  direction: SortDirection;
  onSort: (column: string, direction: SortDirection) => void;
  loading: boolean;
  /** Placeholder rows while the first page loads. */
  skeletonRows: number;
  /** The id of the code being deleted. */
  deleting: number | null;
  onOpen: (code: PromoCode) => void;
  onDelete: (code: PromoCode) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table highlightOnHover verticalSpacing="xs" aria-label="Promo codes">
        <Table.Thead style={{ whiteSpace: 'nowrap' }}>
          <Table.Tr>
            {COLUMNS.map((c) =>
              c.sort ? (
                <SortHeader
                  key={c.label}
                  label={c.label}
                  column={c.sort}
                  sort={sort}
                  direction={direction}
                  onSort={onSort}
                />
              ) : c.label ? (
                <Table.Th key={c.label}>{c.label}</Table.Th>
              ) : (
                <Table.Th key="actions" w={56}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading
            ? SkeletonRows({ rows: skeletonRows, columns: COLUMNS.length })
            : rows.map((code) => (
                <Table.Tr key={code.id} data-testid={`promo-code-row-${code.id}`}>
                  {/* A code is read as one word: it does not break at its hyphens. */}
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <OpenLink
                      size="sm"
                      fw={600}
                      ff="monospace"
                      aria-label={`Edit ${code.code}`}
                      onOpen={() => onOpen(code)}
                    >
                      {code.code}
                    </OpenLink>
                  </Table.Td>
                  <Table.Td maw={320}>
                    <Text size="sm" lineClamp={2}>
                      {code.description}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{KIND_LABELS[code.kind]}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatValue(code)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatUses(code)}</Table.Td>
                  <Table.Td>{code.valid_from ? formatDate(code.valid_from) : <OpenEnd />}</Table.Td>
                  <Table.Td>{code.valid_until ? formatDate(code.valid_until) : <OpenEnd />}</Table.Td>
                  <Table.Td>
                    <Status code={code} />
                  </Table.Td>
                  <Table.Td>
                    <Tooltip label={`Delete ${code.code}`}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete ${code.code}`}
                        loading={deleting === code.id}
                        onClick={() => onDelete(code)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
