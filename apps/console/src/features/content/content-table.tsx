import type { Content, ContentSort } from '@kids-vod/contract';
import { CONTENT_SORTS } from '@kids-vod/contract/client';
import { formatDuration } from '@kids-vod/contract/format';
import { ActionIcon, Table } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPencil } from '@tabler/icons-react';
import { memo } from 'react';
import {
  ActionsHeader,
  Cell,
  CellBadge,
  CellGroup,
  CellText,
  ItemState,
  PUBLISHED,
  Row,
  type SortDirection,
  SortHeader,
} from '../../shared/lists/index.ts';
import { defaultTitle, episodeCode } from './format.ts';

/** The columns the server sorts by (the contract's). */
export const SORT_COLUMNS = CONTENT_SORTS;
export type SortColumn = ContentSort;
export type MoveDirection = 'up' | 'down';

/** The order buttons of a row, up then down. */
const MOVES = [
  { direction: 'up', Icon: IconArrowUp },
  { direction: 'down', Icon: IconArrowDown },
] as const;

/** A disabled arrow stays a faint arrow, not a grey box in every row. */
const DISABLED_STYLE = { backgroundColor: 'transparent' };
const TITLE_STYLE = { maxWidth: 360 };
const ITALIC = { fontStyle: 'italic' };
const NUMBERS_STYLE = { fontVariantNumeric: 'tabular-nums' };
const ACTIONS_STYLE = { justifyContent: 'flex-end' };

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
  if (withVideo.length === 0) return <CellText dimmed>None</CellText>;
  return (
    <>
      <CellText>
        {withoutVideo.length === 0 && item.langs.length > 1 ? 'All: ' : ''}
        {withVideo.map((l) => code(l.lang_id)).join(', ')}
      </CellText>
      {withoutVideo.length > 0 ? (
        <CellText size="xs" dimmed>
          Missing: {withoutVideo.map((l) => code(l.lang_id)).join(', ')}
        </CellText>
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
              <Row key={c.id} striped data-testid={`content-row-${c.id}`} onOpen={() => onEdit(c)}>
                <Cell>{c.season}</Cell>
                <Cell>{c.sort_number}</Cell>
                <Cell style={TITLE_STYLE}>
                  {title ? (
                    <CellText clamp>{title}</CellText>
                  ) : (
                    <CellText dimmed style={ITALIC}>
                      No English title
                    </CellText>
                  )}
                </Cell>
                <Cell>
                  {c.langs.length ? (
                    <CellGroup>
                      {c.langs.map((l) => (
                        <CellBadge key={l.lang_id} variant="default">
                          {code(l.lang_id)}
                        </CellBadge>
                      ))}
                    </CellGroup>
                  ) : (
                    <CellText dimmed>None</CellText>
                  )}
                </Cell>
                <Cell>
                  <VideoCell item={c} code={code} />
                </Cell>
                <Cell>
                  <ItemState on={c.is_published} words={PUBLISHED} item={c} />
                </Cell>
                <Cell style={NUMBERS_STYLE}>{formatDuration(c.duration_sec)}</Cell>
                <Cell>
                  <CellGroup nowrap style={ACTIONS_STYLE}>
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
                  </CellGroup>
                </Cell>
              </Row>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
});
