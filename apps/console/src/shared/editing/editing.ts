import { notifications } from '@mantine/notifications';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { CLOSING, EDIT_PARAM, type EditAsked, editOf, isClosing, itemAddress } from './edit-address.ts';

/** The item the address asks a screen's edit modal to show (`?edit=`). */
export const useEditAsked = (): EditAsked => editOf(useLocation().search);

type Id = number | 'new';
/** What the screen's modal shows: the item (null: a new one) and its `key`, fresh for each opening. */
interface Shown<T> {
  key: number;
  id: Id;
  item: T | null;
}

const capitalised = (what: string) => what[0]!.toUpperCase() + what.slice(1);

/**
 * Which item a screen's edit modal has open (null: a new one), kept in the address (`?edit=12`, `?edit=new`), so
 * a reload, Back and a link sent to someone open the same item. `find` gives the item of an id: undefined while
 * the list is on its way, null when there is no such item (then a toast says so and the list shows). Each opening
 * is a fresh modal (`key`), so nothing of the item edited before survives its close.
 */
export function useEditing<T extends { id: number } | number>({
  what,
  find,
}: {
  /** The item in the product's words ("brand"), for "Brand 12 no longer exists". */
  what: string;
  find: (id: number) => T | null | undefined;
}) {
  const location = useLocation();
  const inAddress = editOf(location.search);
  // The item whose modal has gone while the address still names it: the router may show the address without it
  // only later (a busy page, lists reloading after a delete). Meanwhile it is not asked for again, so the modal
  // neither opens again nor says the item (deleted just now) no longer exists.
  const [left, setLeft] = useState<EditAsked>(null);
  if (left !== null && inAddress !== left) setLeft(null);
  const asked = left !== null && inAddress === left ? null : inAddress;
  const raw = new URLSearchParams(location.search).get(EDIT_PARAM);
  const [, setParams] = useSearchParams();
  const [shown, setShown] = useState<Shown<T> | null>(null);

  const next = nextShown(shown, asked, isClosing(location.state), find);
  if (next !== shown) setShown(next);
  const gone = asked === 'bad' || (next === null && typeof asked === 'number' && find(asked) === null);

  useEffect(() => {
    if (!gone) return;
    notifications.show({
      id: `gone:${what}:${raw}`,
      color: 'yellow',
      title: 'Not found',
      message: `${capitalised(what)} ${raw} no longer exists; it may have been deleted.`,
    });
    setParams(withoutEdit, { replace: true, preventScrollReset: true });
  }, [gone, what, raw, setParams]);

  return {
    editing: next && { key: next.key, item: next.item },
    open: (item: T | null) =>
      setParams(
        (params) => {
          params.set(EDIT_PARAM, item === null ? 'new' : String(typeof item === 'number' ? item : item.id));
          return params;
        },
        { replace: true, preventScrollReset: true },
      ),
    /** The modal has gone (its close took the item out of the address as it began: `useEditAddress`). */
    closed: () => {
      setShown(null);
      if (inAddress === null) return;
      setLeft(inAddress);
      setParams(withoutEdit, { replace: true, preventScrollReset: true });
    },
  };
}

/** What the modal shows next, given what it shows and what the address asks for. */
function nextShown<T>(
  shown: Shown<T> | null,
  asked: EditAsked,
  closing: boolean,
  find: (id: number) => T | null | undefined,
): Shown<T> | null {
  // A modal closing has left the address already; it stays mounted for its exit, until `closed`.
  if (asked === null) return closing ? shown : null;
  if (asked === 'bad') return null;
  if (shown?.id === asked) return shown;
  // A new item, once created, is the same modal under its id (shared/editing/editor.tsx puts the id in the address).
  if (shown?.id === 'new' && typeof asked === 'number') return { ...shown, id: asked };
  if (asked === 'new') return { key: Date.now(), id: 'new', item: null };
  const found = find(asked);
  return found ? { key: Date.now(), id: asked, item: found } : null;
}

function withoutEdit(params: URLSearchParams) {
  params.delete(EDIT_PARAM);
  return params;
}

/**
 * The open item's address, for the edit lifecycle (shared/editing/editor.tsx): `address` keys its draft (null where
 * the modal is not one the address opens), `created` puts a new item's id in the address once it exists.
 */
export function useEditAddress() {
  const location = useLocation();
  const [, setParams] = useSearchParams();
  return {
    address: itemAddress(location.pathname, location.search),
    /** The modal begins to close: its item leaves the address at once, not once the modal has faded. */
    closing: () => {
      if (editOf(location.search) === null) return;
      setParams(withoutEdit, { replace: true, preventScrollReset: true, state: { [CLOSING]: true } });
    },
    created: (id: number) => {
      if (editOf(location.search) !== 'new') return;
      setParams(
        (params) => {
          params.set(EDIT_PARAM, String(id));
          return params;
        },
        { replace: true, preventScrollReset: true },
      );
    },
  };
}

/** `find` over a list the screen has read: undefined while it is on its way, null for an id not in it. */
export const findIn =
  <T extends { id: number }>(rows: T[] | undefined) =>
  (id: number): T | null | undefined =>
    rows ? (rows.find((row) => row.id === id) ?? null) : undefined;

/**
 * `find` for a list paged on the server: the item the address asks for (`?edit=`) on the page shown, or else read
 * by itself (`item`: its one-item call), only then. Undefined while either is on its way; null when the call says
 * there is no such item (unknown, or in the bin), and for any id where the screen shows no list (`listed` false: a
 * content screen without its brand).
 */
export function useFindOnPage<T extends { id: number }>(
  rows: T[] | undefined,
  item: (id: number) => { queryKey: QueryKey; queryFn?: unknown },
  listed = true,
): (id: number) => T | null | undefined {
  const asked = useEditAsked();
  const askedId = typeof asked === 'number' ? asked : 0;
  const elsewhere = listed && askedId > 0 && rows !== undefined && !rows.some((r) => r.id === askedId);
  const one = useQuery({ ...(item(askedId) as UseQueryOptions<T>), enabled: elsewhere });
  return (id: number) => {
    if (!listed) return null;
    const onPage = rows === undefined ? undefined : rows.find((r) => r.id === id);
    if (onPage !== undefined || rows === undefined) return onPage;
    if (id !== askedId || one.isError) return null;
    return one.data;
  };
}
