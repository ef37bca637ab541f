import { Table } from '@mantine/core';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import classes from './list-cells.module.css';
import { openOnRowClick } from './list-state.tsx';

/*
 * The cells of the long lists (issue 19) as plain elements with Mantine's looks. A page of 100 content rows drew
 * about 2,000 Mantine components (a cell, a text, a group, a badge: each resolves its theme props and styles as it
 * renders), 100 – 150 ms of the screen's load on this machine. These draw the same: the table's rows and cells with
 * Mantine's own Table classes (its Styles API names, which its CSS targets), the rest with list-cells.module.css.
 */

const join = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/**
 * A body row as Table.Tr draws it: with its border, striped (odd rows) when asked. With `onOpen`, a row that opens
 * its item: highlighted on hover, and a click anywhere on it outside its own buttons and links opens the item
 * (`openOnRowClick`), as its name's or its pencil's button does for the keyboard.
 */
export function Row({
  striped,
  onOpen,
  className,
  ...props
}: Omit<ComponentPropsWithoutRef<'tr'>, 'onClick'> & { striped?: boolean; onOpen?: () => void }) {
  return (
    <tr
      {...props}
      className={join(Table.classes.tr, onOpen && classes.opens, className)}
      data-with-row-border
      data-striped={striped ? 'odd' : undefined}
      data-hover={onOpen ? true : undefined}
      onClick={onOpen && openOnRowClick(onOpen)}
    />
  );
}

/** A body cell as Table.Td draws it. */
export function Cell({ className, ...props }: ComponentPropsWithoutRef<'td'>) {
  return <td {...props} className={join(Table.classes.td, className)} />;
}

/** Text as `<Text size="sm">` (or "xs"), dimmed, cut after two lines. */
export function CellText({
  size = 'sm',
  dimmed,
  clamp,
  className,
  ...props
}: ComponentPropsWithoutRef<'div'> & { size?: 'sm' | 'xs'; dimmed?: boolean; clamp?: boolean }) {
  return (
    <div
      {...props}
      className={join(
        size === 'sm' ? classes.text : classes.small,
        dimmed && classes.dimmed,
        clamp && classes.clamp,
        className,
      )}
    />
  );
}

/** Items side by side as `<Group gap={4}>`, on one line with `nowrap`. */
export function CellGroup({ nowrap, className, ...props }: ComponentPropsWithoutRef<'div'> & { nowrap?: boolean }) {
  return <div {...props} className={join(classes.group, className)} data-nowrap={nowrap || undefined} />;
}

/**
 * A badge as Mantine's `<Badge radius="sm">` draws it (sizes sm and md; variants default, and light or outline of a
 * theme colour), for the codes a row shows. A state is words (StateLabel), not a coloured badge.
 */
export function CellBadge({
  variant,
  color,
  size = 'sm',
  children,
}: {
  variant: 'default' | 'light' | 'outline';
  color?: 'gray' | 'indigo';
  size?: 'sm' | 'md';
  children: ReactNode;
}) {
  return (
    <span className={classes.badge} data-variant={variant} data-color={color} data-size={size}>
      {children}
    </span>
  );
}
