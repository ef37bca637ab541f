import type { Content, ContentSort } from '@kids-vod/contract';
import { CONTENT_SORTS } from '@kids-vod/contract/client';
import { formatDuration } from '@kids-vod/contract/format';
import { ActionIcon, Badge, Group, Table, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPencil } from '@tabler/icons-react';
import { memo } from 'react';
import { ActionsHeader } from '../../components/list-table.tsx';
import { SortHeader } from '../../components/sort-header.tsx';
import { TimedBadge } from '../../components/timed-badge.tsx';
import type { SortDirection } from '../../lib/url-state.ts';
import { defaultTitle, episodeCode } from './format.ts';

/** The columns the server sorts by (the contract's). */
export const SORT_COLUMNS = CONTENT_SORTS;
export type SortColumn = ContentSort;
export type MoveDirection = 'up' | 'down';

/** A disabled arrow stays a faint arrow, not a grey box in every row. */
/** The order buttons of a row, up then down. */
const MOVES = [
  { direction: 'up', Icon: IconArrowUp },
  { direction: 'down', Icon: IconArrowDown },
] as const;

const DISABLED_STYLE = { backgroundColor: 'transparent' };

const COLUMNS: [SortColumn, string][] = [
  ['season', 'Season'],
  ['number', 'No.'],
  ['title', 'Title'],
  ['languages', 'Languages'],
  ['video', 'Video'],
  ['published', 'Published'],
  ['duration', 'Duration'],
];

/** Which language versions have a video: "None", "All: EN, FR", or "EN" and what is missing. */
function VideoCell({ item, code }: { item: Content; code: (langId: number) => string }) {
  const withVideo = item.langs.filter((l) => l.has_video);
  const withoutVideo = item.langs.filter((l) => !l.has_video);
  if (withVideo.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        None
      </Text>
    );
  }
  return (
    <>
      <Text size="sm">
        {withoutVideo.length === 0 && item.langs.length > 1 ? 'All: ' : ''}
        {withVideo.map((l) => code(l.lang_id)).join(', ')}
      </Text>
      {withoutVideo.length > 0 ? (
        <Text size="xs" c="dimmed">
          Missing: {withoutVideo.map((l) => code(l.lang_id)).join(', ')}
        </Text>
      ) : null}
    </>
  );
}

/** Renders only when its rows or columns change, not as the screen around it does (see BrandsTable). */
export const ContentTable = memo(function ContentTable({
  rows,
  positions,
  codes,
  sort,
  dir,
  onSort,
  reorderable,
  onMove,
  onEdit,
}: {
  rows: Content[];
  positions: Map<number, { position: number; count: number }>;
  /** Language codes by id ("EN"). */
  codes: Map<number, string>;
  sort: SortColumn;
  dir: SortDirection;
  onSort: (column: SortColumn, direction: SortDirection) => void;
  reorderable: boolean;
  onMove: (item: Content, direction: MoveDirection) => void;
  onEdit: (item: Content) => void;
}) {
  const code = (langId: number) => codes.get(langId) ?? `#${langId}`;
  const header = { sort, direction: dir, onSort: (c: string, d: SortDirection) => onSort(c as SortColumn, d) };
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover verticalSpacing={6} aria-label="Content">
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map(([column, label]) => (
              <SortHeader key={column} label={label} column={column} {...header} />
            ))}
            <ActionsHeader />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((c) => {
            const label = episodeCode(c);
            const title = defaultTitle(c);
            const at = positions.get(c.id);
            const upDisabled = !reorderable || !at || at.position <= 1;
            const downDisabled = !reorderable || !at || at.position >= at.count;
            return (
              <Table.Tr key={c.id} data-testid={`content-row-${c.id}`}>
                <Table.Td>{c.season}</Table.Td>
                <Table.Td>{c.sort_number}</Table.Td>
                <Table.Td maw={360}>
                  {title ? (
                    <Text size="sm" lineClamp={2}>
                      {title}
                    </Text>
                  ) : (
                    <Text size="sm" c="dimmed" fs="italic">
                      No English title
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {c.langs.length ? (
                    <Group gap={4}>
                      {c.langs.map((l) => (
                        <Badge key={l.lang_id} size="sm" variant="default" radius="sm">
                          {code(l.lang_id)}
                        </Badge>
                      ))}
                    </Group>
                  ) : (
                    <Text size="sm" c="dimmed">
                      None
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <VideoCell item={c} code={code} />
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Badge size="sm" variant="light" color={c.is_published ? 'teal' : 'gray'}>
                      {c.is_published ? 'Published' : 'Draft'}
                    </Badge>
                    <TimedBadge item={c} />
                  </Group>
                </Table.Td>
                <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{formatDuration(c.duration_sec)}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    {MOVES.map(({ direction, Icon }) => {
                      const off = direction === 'up' ? upDisabled : downDisabled;
                      return (
                        <ActionIcon
                          key={direction}
                          variant="subtle"
                          color="gray"
                          aria-label={`Move ${label} ${direction}`}
                          data-move={`${c.id}-${direction}`}
                          disabled={off}
                          style={off ? DISABLED_STYLE : undefined}
                          onClick={() => onMove(c, direction)}
                        >
                          <Icon size={16} />
                        </ActionIcon>
                      );
                    })}
                    <ActionIcon variant="subtle" aria-label={`Edit ${label}`} onClick={() => onEdit(c)}>
                      <IconPencil size={16} />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
});
