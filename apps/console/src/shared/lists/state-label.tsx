import { IconCircleCheckFilled, IconCircleDashed } from '@tabler/icons-react';
import { TimedBadge } from '../time/index.ts';
import { CellGroup, CellText } from './list-cells.tsx';

const STATE_GAP = { gap: 6 };

/**
 * A yes/no state in words ("Published" / "Draft"). The text carries the state; the icon's colour only helps the eye
 * (coloured badges fail contrast in light mode). Plain elements in Mantine's looks (list-cells.tsx): a list draws
 * one a row.
 */
export function StateLabel({ on, words: [yes, no] }: { on: boolean; words: readonly [string, string] }) {
  return (
    <CellGroup nowrap style={STATE_GAP}>
      {on ? (
        <IconCircleCheckFilled size={16} color="var(--mantine-color-green-6)" aria-hidden />
      ) : (
        <IconCircleDashed size={16} color="var(--mantine-color-dimmed)" aria-hidden />
      )}
      <CellText dimmed={!on}>{on ? yes : no}</CellText>
    </CellGroup>
  );
}

/** A list item's state, then its "Scheduled" or "Expired" badge when it has an availability window (TimedBadge). */
export function ItemState({
  on,
  words,
  item,
}: {
  on: boolean;
  words: readonly [string, string];
  item: Parameters<typeof TimedBadge>[0]['item'];
}) {
  return (
    <CellGroup nowrap style={STATE_GAP}>
      <StateLabel on={on} words={words} />
      <TimedBadge item={item} />
    </CellGroup>
  );
}

export const PUBLISHED = ['Published', 'Draft'] as const;
export const ACTIVE = ['Active', 'Inactive'] as const;
