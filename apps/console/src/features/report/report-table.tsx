import type { ReportRow } from '@kids-vod/contract';
import { Table, Text } from '@mantine/core';
import { SkeletonRows, type SortDirection, SortHeader, sortRows } from '../../shared/lists/index.ts';
import { formatMinutes } from './format.ts';

export const SORT_COLUMNS = ['brand', 'episode', 'title', 'minutes'] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];

/** "S1E3": how staff name an episode. */
export const episodeCode = (row: Pick<ReportRow, 'season' | 'sort_number'>) => `S${row.season}E${row.sort_number}`;

/** Rows in the server's order (brand, season, number) unless a column is chosen. */
export function sortReportRows(rows: ReportRow[], sort: string, direction: SortDirection): ReportRow[] {
  switch (sort as SortColumn) {
    case 'brand':
      return sortRows(rows, (r) => r.brand_name, direction);
    // Season first, then the number within it: S2E1 comes after S1E10.
    case 'episode':
      return sortRows(rows, (r) => r.season * 1_000_000 + r.sort_number, direction);
    case 'title':
      return sortRows(rows, (r) => r.title || null, direction);
    case 'minutes':
      return sortRows(rows, (r) => r.minutes, direction);
    default:
      return rows;
  }
}

/** Minutes per brand and content over the chosen days. */
export function ReportTable({
  rows,
  loading,
  sort,
  direction,
  onSort,
}: {
  rows: ReportRow[];
  loading: boolean;
  sort: string;
  direction: SortDirection;
  onSort: (column: string, direction: SortDirection) => void;
}) {
  const header = { sort, direction, onSort };
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table highlightOnHover verticalSpacing="xs" aria-label="Minutes per brand and content">
        <Table.Thead style={{ whiteSpace: 'nowrap' }}>
          <Table.Tr>
            <SortHeader label="Brand" column="brand" {...header} />
            <SortHeader label="S/E" column="episode" {...header} />
            <SortHeader label="Title" column="title" {...header} />
            <SortHeader label="Minutes" column="minutes" align="right" {...header} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading
            ? SkeletonRows({ columns: 4 })
            : rows.map((r) => (
                <Table.Tr key={r.content_id} data-testid={`report-row-${r.content_id}`}>
                  <Table.Td>{r.brand_name}</Table.Td>
                  <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{episodeCode(r)}</Table.Td>
                  <Table.Td>
                    {r.title || (
                      <Text size="sm" c="dimmed" span>
                        no English title
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatMinutes(r.minutes)}
                  </Table.Td>
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
