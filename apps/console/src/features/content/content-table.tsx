import type { Content, ContentSort } from '@kids-vod/contract';
import { CONTENT_SORTS } from '@kids-vod/contract/client';
import { formatDuration } from '@kids-vod/contract/format';
import { ActionIcon, Table } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPencil } from '@tabler/icons-react';
import { memo, type ReactNode } from 'react';
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
import { pageState } from './selection.ts';

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

const CHECK_STYLE = {
  display: 'block',
  width: 18,
  height: 18,
  margin: 0,
  accentColor: 'var(--mantine-primary-color-filled)',
};
const CHECK_CELL = { width: 40 };

/** A row's checkbox: a click on it (or its cell) selects, and does not open the item as a click on the row does. */
function SelectCell({ label, checked, onChange }: { label: string; checked: boolean; onChange: () => void }) {
  return (
    <Cell style={CHECK_CELL} onClick={(e) => e.stopPropagation()}>
      <input type="checkbox" aria-label={label} checked={checked} onChange={onChange} style={CHECK_STYLE} />
    </Cell>
  );
}

/** The header's checkbox: the page's rows all, some (mixed) or none selected. */
function SelectPage({ state, onChange }: { state: 'all' | 'some' | 'none'; onChange: () => void }) {
  return (
    <Table.Th style={CHECK_CELL}>
      <input
        type="checkbox"
        aria-label="Select every item on this page"
        data-select-page
        checked={state === 'all'}
        ref={(input) => {
          if (input) input.indeterminate = state === 'some';
        }}
        onChange={onChange}
        style={CHECK_STYLE}
      />
    </Table.Th>
  );
}

/** The languages of its versions, then those it will not come in ("ES not planned"). */
function LanguagesCell({ item, code }: { item: Content; code: (langId: number) => string }) {
  if (item.langs.length === 0 && item.not_planned_lang_ids.length === 0) return <CellText dimmed>None</CellText>;
  const badges: ReactNode[] = item.langs.map((l) => (
    <CellBadge key={l.lang_id} variant="default">
      {code(l.lang_id)}
    </CellBadge>
  ));
  for (const langId of item.not_planned_lang_ids) {
    badges.push(
      <CellBadge key={`not-${langId}`} variant="outline" color="gray">
        {code(langId)} not planned
      </CellBadge>,
    );
  }
  return <CellGroup>{badges}</CellGroup>;
}

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
  selected,
  onSelect,
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
  /** The rows selected for a bulk change; null where the person may not change content (no checkboxes). */
  selected: ReadonlySet<number> | null;
  /** A row's checkbox (its id) or the header's ('page'). */
  onSelect: (what: number | 'page') => void;
}) {
  const code = (langId: number) => codes.get(langId) ?? `#${langId}`;
  const header = { sort, direction: dir, onSort: (c: string, d: SortDirection) => onSort(c as SortColumn, d) };
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover verticalSpacing={6} aria-label="Content">
        <Table.Thead>
          <Table.Tr>
            {selected ? (
              <SelectPage
                state={pageState(
                  selected,
                  rows.map((c) => c.id),
                )}
                onChange={() => onSelect('page')}
              />
            ) : null}
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
                {selected ? (
                  <SelectCell
                    label={`Select ${label}${title ? ` · ${title}` : ''}`}
                    checked={selected.has(c.id)}
                    onChange={() => onSelect(c.id)}
                  />
                ) : null}
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
                  <LanguagesCell item={c} code={code} />
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
