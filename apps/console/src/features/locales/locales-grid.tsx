import type { Language, LocaleEntry } from '@kids-vod/contract';
import { ActionIcon, Badge, Group, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { SUCCESS_TEXT, WARNING_TEXT } from '../../shared/feedback/index.ts';
import { SkeletonRows, type SortDirection } from '../../shared/lists/index.ts';
import classes from './locales.module.css';
import { TranslationCell } from './translation-cell.tsx';

const KEY_WIDTH = 280;
const LANGUAGE_WIDTH = 260;

function LanguageHeader({ language, missing }: { language: Language; missing: number }) {
  return (
    <Table.Th w={LANGUAGE_WIDTH} data-testid={`column-${language.code}`}>
      <Group gap={6} justify="space-between" wrap="nowrap">
        <Text size="sm" fw={700} truncate>
          {language.name}{' '}
          <Text span size="xs" c="dimmed" fw={400}>
            {language.code}
          </Text>
        </Text>
        {missing > 0 ? (
          <Badge tt="none" variant="light" color="orange" radius="sm" style={{ flex: 'none' }} c={WARNING_TEXT}>
            {missing} missing
          </Badge>
        ) : (
          <Badge tt="none" variant="light" color="green" radius="sm" style={{ flex: 'none' }} c={SUCCESS_TEXT}>
            Complete
          </Badge>
        )}
      </Group>
    </Table.Th>
  );
}

/** The key column sorts A–Z or Z–A (byte order, as the apps' files list them). */
function KeyHeader({ direction, onSort }: { direction: SortDirection; onSort: (direction: SortDirection) => void }) {
  const Icon = direction === 'asc' ? IconArrowDown : IconArrowUp;
  return (
    <Table.Th w={KEY_WIDTH} aria-sort={direction === 'asc' ? 'ascending' : 'descending'}>
      <UnstyledButton
        onClick={() => onSort(direction === 'asc' ? 'desc' : 'asc')}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontWeight: 700, fontSize: 'inherit' }}
      >
        Key
        <Icon size={14} aria-hidden />
      </UnstyledButton>
    </Table.Th>
  );
}

/** App strings as a grid: a key per row, a language per column, each cell edited in place. */
export function LocalesGrid({
  rows,
  columns,
  missing,
  loading,
  direction,
  onSort,
  onDelete,
  onSaved,
  readOnly,
}: {
  rows: LocaleEntry[];
  columns: Language[];
  missing: Map<number, number>;
  loading: boolean;
  direction: SortDirection;
  onSort: (direction: SortDirection) => void;
  onDelete: (key: string) => void;
  /** The role may not change the strings: no delete buttons, no editing. */
  readOnly: boolean;
  onSaved: (key: string) => void;
}) {
  return (
    <Table.ScrollContainer
      minWidth={KEY_WIDTH + columns.length * LANGUAGE_WIDTH}
      // The grid scrolls inside the page, so its header row and key column stay in view.
      maxHeight="calc(100dvh - 210px)"
      type="native"
    >
      <Table
        className={classes.grid}
        stickyHeader
        withColumnBorders
        layout="fixed"
        verticalSpacing={4}
        aria-label="App strings"
      >
        <Table.Thead>
          <Table.Tr>
            <KeyHeader direction={direction} onSort={onSort} />
            {columns.map((l) => (
              <LanguageHeader key={l.id} language={l} missing={missing.get(l.id) ?? 0} />
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading
            ? SkeletonRows({ rows: 5, columns: columns.length + 1 })
            : rows.map((entry, row) => (
                <Table.Tr key={entry.key} data-testid={`key-row-${entry.key}`}>
                  <Table.Th scope="row" fw={400} style={{ verticalAlign: 'top' }}>
                    <Group gap={4} justify="space-between" wrap="nowrap" align="flex-start">
                      <Text size="sm" ff="monospace" pt={6} style={{ overflowWrap: 'anywhere' }}>
                        {entry.key}
                      </Text>
                      {readOnly ? null : (
                        <Tooltip label="Delete key">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            mt={2}
                            aria-label={`Delete ${entry.key}`}
                            onClick={() => onDelete(entry.key)}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </Group>
                  </Table.Th>
                  {columns.map((l, col) => (
                    <TranslationCell
                      key={l.id}
                      entryKey={entry.key}
                      language={l}
                      value={entry.values[String(l.id)]}
                      row={row}
                      col={col}
                      onSaved={onSaved}
                      readOnly={readOnly}
                    />
                  ))}
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
