import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/index.ts';

/**
 * The add and update of an entity shown in one list (brands, banners, streams). The saved row replaces its row at
 * once (its new `updated_at` guards the next save), then the lists reload. Not awaited: the save is done when the
 * server answers, and the modal resets its form then; waiting for the reload too left a window where Close asked
 * about changes already saved. A 409 on update (someone else saved it) reloads them too, so the item opened again
 * is the current one.
 */
export function useSaves<T extends { id: number }, A, U>(options: {
  /** The entity as a toast names it: "Brand" gives "Brand created", "Brand saved". */
  what: string;
  add: (body: A) => Promise<T>;
  update: (body: U) => Promise<T>;
  /** Where the saved row is replaced at once: the lists under this key, whole or a page of them (`{rows}`). */
  rowsKey: (saved: T) => QueryKey;
  /** Every list a save may change. */
  listsKey: QueryKey;
  /** Reads elsewhere that show the entity too (a compilation's links name their brand), as in useVersionSaves. */
  alsoChanged?: (saved: T) => Promise<unknown>;
}) {
  const queryClient = useQueryClient();
  const reload = () => void queryClient.invalidateQueries({ queryKey: options.listsKey });
  const saved = (row: T) => {
    queryClient.setQueriesData<T[] | { rows: T[] }>({ queryKey: options.rowsKey(row) }, (list) => {
      if (Array.isArray(list)) return replaced(list, row);
      return list && Array.isArray(list.rows) ? { ...list, rows: replaced(list.rows, row) } : list;
    });
    reload();
    void options.alsoChanged?.(row);
  };
  const add = useMutation({
    mutationFn: options.add,
    onSuccess: saved,
    meta: { successMessage: `${options.what} created`, subject: options.what.toLowerCase() },
  });
  const update = useMutation({
    mutationFn: options.update,
    onSuccess: saved,
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409) reload();
    },
    meta: { successMessage: `${options.what} saved`, subject: options.what.toLowerCase() },
  });
  return { add, update };
}

/** The rows with `row` in its own row's place (a row not among them is not added: the list's reload may). */
function replaced<T extends { id: number }>(rows: T[], row: T): T[] {
  return rows.some((r) => r.id === row.id) ? rows.map((r) => (r.id === row.id ? row : r)) : rows;
}

/**
 * The add and update of an item's language versions (a brand's, a content item's). The saved version takes its
 * place in the item's versions at once, then they and whatever else shows them (`alsoChanged`) reload. An add
 * refused because the version was added meanwhile (409, another tab) reloads the versions, and the tab then offers
 * to save over it.
 */
export function useVersionSaves<V extends { id: number; lang_id: number }, A, U>(options: {
  add: (body: A) => Promise<V>;
  update: (body: U) => Promise<V>;
  /** The versions of the item a version or an add's body belongs to. */
  versionsKey: (of: V | A) => QueryKey;
  alsoChanged: (saved: V) => Promise<unknown>;
  /** What an error toast is about: it goes once a save of the same succeeds. */
  subject: string;
}) {
  const queryClient = useQueryClient();
  const saved = (version: V) => {
    queryClient.setQueryData<V[]>(options.versionsKey(version), (rows) =>
      rows ? [...rows.filter((l) => l.id !== version.id), version].sort((a, b) => a.lang_id - b.lang_id) : [version],
    );
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: options.versionsKey(version) }),
      options.alsoChanged(version),
    ]);
  };
  const add = useMutation({
    mutationFn: options.add,
    onSuccess: saved,
    onError: (_err, body) => queryClient.invalidateQueries({ queryKey: options.versionsKey(body) }),
    meta: { successMessage: 'Language version added', subject: options.subject },
  });
  const update = useMutation({
    mutationFn: options.update,
    onSuccess: saved,
    meta: { successMessage: 'Language version saved', subject: options.subject },
  });
  return { add, update };
}

/** A change to what a list shows (a key created, a token revoked): the list under `reloads` reads again after it. */
export function useListChange<V, R>(mutationFn: (vars: V) => Promise<R>, reloads: QueryKey, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reloads }),
    meta: { successMessage },
  });
}

/**
 * An edit modal's save (useEditor's `save`): the item open is updated, guarded by the `updated_at` it was read with
 * (a change someone else made meanwhile is refused, 409); a new one is added. `body` is the form's values as a call's.
 */
export function addOrUpdate<V, B, R>(
  body: (values: V) => B,
  add: { mutateAsync(body: B): Promise<R> },
  update: { mutateAsync(body: B & { id: number; updated_at: string }): Promise<R> },
) {
  return (values: V, item: { id: number; updated_at: string } | null) =>
    item
      ? update.mutateAsync({ ...body(values), id: item.id, updated_at: item.updated_at })
      : add.mutateAsync(body(values));
}
