import { BIN_DAYS, BIN_ENTITIES } from '@kids-vod/contract/client';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../api/index.ts';
import { confirmAction, DANGER_TEXT } from '../feedback/index.ts';
import { useMay } from '../session/index.ts';
import { BIN_KINDS, type BinItem, moveToBin, reloadAfterBin, restoreFromBin } from './bin.ts';

/** How a delete asks about an item. */
export interface DeleteQuestion {
  /** What "Delete {name}?" calls it: a brand's name, "S1E2 · The pond", "English version". */
  name: string;
  /** What goes with it, and what becomes of what points at it, in a sentence or two. */
  consequence: string;
}

/** What a delete does to an item the apps show by itself (a banner, a stream). */
export const NOT_IN_NEXT_CATALOGUE = 'The apps no longer show it from the next published catalogue.';

/** An item that can go to the bin, as its delete button asks about it. */
export interface Deletable extends BinItem, DeleteQuestion {}

/** A saved item of a kind the bin takes (by its audit-log name), as the bin names it; null otherwise. */
export function binItem(entity: string | undefined, item: object | null): BinItem | null {
  if (!entity || !item || !('id' in item) || typeof item.id !== 'number') return null;
  return (BIN_ENTITIES as readonly string[]).includes(entity)
    ? { entity: entity as BinItem['entity'], id: item.id }
    : null;
}

/** The Undo toast stays this long (longer than a plain toast's 4 s: it holds an action), and while focused or hovered. */
export const UNDO_TOAST_MS = 10_000;

const TOAST_ATTRIBUTE = 'data-undo-toast';

/**
 * Where the keyboard goes once the Undo toast has gone: into the modal the delete was made in, when it is still open
 * (a language version's tab), else to the screen's create button (the item's row, which opened it, is gone), else
 * to the screen itself.
 */
function focusAfterToast(dialog: Element | null | undefined) {
  // The innermost selected tab: the language tab the version was deleted from, not the modal's Details tab above it.
  const tab = [...(dialog?.querySelectorAll<HTMLElement>('[role="tab"][aria-selected="true"]') ?? [])].at(-1);
  const target =
    (dialog?.isConnected && (tab ?? dialog.querySelector<HTMLElement>('button:not(:disabled)'))) ||
    document.querySelector<HTMLElement>('main [data-new-button]') ||
    document.querySelector<HTMLElement>('main');
  if (target?.tagName === 'MAIN') target.tabIndex = -1;
  target?.focus({ preventScroll: true });
}

const toastHasFocus = () => document.activeElement?.closest(`[${TOAST_ATTRIBUTE}]`) != null;

/**
 * The toast after a delete: what went, and Undo. The keyboard focus moves to Undo (the control that opened the
 * item has gone with it), and the toast stays while it holds the focus or the pointer; Escape lets it go.
 */
function UndoToast({ item, toastId, onUndo }: { item: Deletable; toastId: string; onUndo: () => void }) {
  const undo = useRef<HTMLButtonElement>(null);
  const [held, setHeld] = useState(0);
  const [restoring, setRestoring] = useState(false);
  useEffect(() => undo.current?.focus({ preventScroll: true }), []);
  useEffect(() => {
    if (held > 0 || restoring) return;
    const timer = window.setTimeout(() => notifications.hide(toastId), UNDO_TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [held, restoring, toastId]);
  const hold = (by: number) => () => setHeld((n) => Math.max(0, n + by));
  return (
    <Group
      justify="space-between"
      gap="sm"
      wrap="nowrap"
      onMouseEnter={hold(1)}
      onMouseLeave={hold(-1)}
      onFocus={hold(1)}
      onBlur={hold(-1)}
      {...{ [TOAST_ATTRIBUTE]: true }}
    >
      <Text size="sm">
        {BIN_KINDS[item.entity].label} “{item.name}” moved to the bin.
      </Text>
      <Button
        ref={undo}
        size="compact-sm"
        variant="default"
        loading={restoring}
        aria-label={`Undo delete of ${item.name}`}
        // The modal under the toast leaves Escape to it (Mantine's own marker).
        data-mantine-stop-propagation
        onKeyDown={(event) => {
          if (event.key === 'Escape') notifications.hide(toastId);
        }}
        onClick={() => {
          setRestoring(true);
          onUndo();
        }}
      >
        Undo
      </Button>
    </Group>
  );
}

/**
 * Deleting to the bin, one way for every kind of item: a confirmation saying what goes with it, the delete, every list
 * reloaded, and a toast with Undo, which restores it from the bin. Resolves whether the item went.
 */
export function useMoveToBin() {
  const client = useQueryClient();
  const [deleting, setDeleting] = useState(false);

  async function remove(
    item: Deletable,
    { unsaved = false, onDeleted }: { unsaved?: boolean; onDeleted?: () => void },
  ) {
    // The modal the delete is made in, if any: taken now, as the button that asked may be gone by then.
    const dialog = document.activeElement?.closest('[role="dialog"]');
    const confirmed = await confirmAction({
      title: `Delete ${item.name}?`,
      message: [
        item.consequence,
        `It stays in the bin for ${BIN_DAYS} days, and can be restored from there until then.`,
        unsaved ? 'The unsaved changes in this form are lost.' : '',
      ]
        .filter(Boolean)
        .join(' '),
    });
    if (!confirmed) return false;
    setDeleting(true);
    try {
      await moveToBin(item);
    } catch (err) {
      // Already gone (someone else deleted it): the lists show what is there now.
      void reloadAfterBin(client);
      notifications.show({ color: 'red', title: 'Error', message: errorMessage(err) });
      return false;
    } finally {
      setDeleting(false);
    }
    onDeleted?.();
    void reloadAfterBin(client);
    showUndoToast(client, item, dialog);
    return true;
  }

  return { remove, deleting };
}

function showUndoToast(client: QueryClient, item: Deletable, dialog: Element | null | undefined) {
  const toastId = `bin:${item.entity}:${item.id}:${Date.now()}`;
  const leave = () => {
    if (toastHasFocus()) focusAfterToast(dialog);
  };
  async function undo() {
    // Undo is about to go from the toast: the keyboard leaves it first, not with the button once it is gone.
    leave();
    try {
      await restoreFromBin(item);
    } catch (err) {
      notifications.update({
        id: toastId,
        color: 'red',
        title: 'Could not restore',
        message: `${errorMessage(err)} It is still in the bin.`,
        autoClose: 8000,
      });
      return;
    }
    void reloadAfterBin(client);
    notifications.update({ id: toastId, color: 'green', message: `“${item.name}” restored.`, autoClose: 4000 });
  }
  notifications.show({
    id: toastId,
    color: 'gray',
    // Its own timer: Mantine's pauses for the pointer only.
    autoClose: false,
    message: <UndoToast item={item} toastId={toastId} onUndo={undo} />,
    onClose: leave,
  });
}

/**
 * "Delete {what}" for an item that can go to the bin: absent for a role that may not delete it. `onDeleted` runs
 * once it is in the bin (an edit modal closes).
 */
export function DeleteToBinButton({
  item,
  what,
  unsaved,
  onDeleted,
  disabled,
}: {
  item: Deletable;
  /** "brand" gives "Delete brand". */
  what: string;
  unsaved?: boolean;
  onDeleted?: () => void;
  disabled?: boolean;
}) {
  const allowed = useMay(BIN_KINDS[item.entity].permission);
  const { remove, deleting } = useMoveToBin();
  if (!allowed) return null;
  return (
    <Button
      variant="subtle"
      color="red"
      c={DANGER_TEXT}
      leftSection={<IconTrash size={16} aria-hidden />}
      loading={deleting}
      disabled={disabled}
      onClick={() => void remove(item, { unsaved, onDeleted })}
    >
      Delete {what}
    </Button>
  );
}
