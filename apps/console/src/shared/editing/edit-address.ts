/**
 * The item a screen's edit modal has open, in the address: `?edit=12` for an item, `?edit=new` for a new one
 * (docs/decisions/017-a-link-to-every-item.md). Pure, and small: the leave guard of the first load reads it.
 */
export const EDIT_PARAM = 'edit';

/** What `?edit=` asks for: an item's id, a new one, nothing (null), or `'bad'` (a typo, a cut-off link). */
export type EditAsked = number | 'new' | 'bad' | null;

export function parseEdit(value: string | null): EditAsked {
  if (value === null || value === '') return null;
  if (value === 'new') return 'new';
  return /^[1-9]\d{0,14}$/.test(value) ? Number(value) : 'bad';
}

export const editOf = (search: string): EditAsked => parseEdit(new URLSearchParams(search).get(EDIT_PARAM));

/**
 * The address a modal leaves as it closes says so in its history state (shared/editing/editing.ts), so a close is told from
 * Back: the modal stays for its exit, and the leave guard does not ask again what the close has asked.
 */
export const CLOSING = 'closingItem';
export const isClosing = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as Record<string, unknown>)[CLOSING] === true;

/**
 * Whether going from one address to another on the same screen changes the item open: Back or a link to another
 * item does; a new item getting its id when it is created does not.
 */
export function leavesItem(fromSearch: string, toSearch: string): boolean {
  const from = editOf(fromSearch);
  const to = editOf(toSearch);
  return from !== to && !(from === 'new' && typeof to === 'number');
}

/**
 * The open item's place, as a key: the screen and its whole address, parameters sorted (a new content item or
 * stream belongs to the brand or language in it). Null where no item is open.
 */
export function itemAddress(pathname: string, search: string): string | null {
  const params = new URLSearchParams(search);
  if (parseEdit(params.get(EDIT_PARAM)) === null) return null;
  params.sort();
  return `${pathname}?${params.toString()}`;
}
