import type { RestoredItem } from '@kids-vod/contract';
import { Box, Button, Group, Modal, type ModalProps, Tabs, Text } from '@mantine/core';
import { type FormErrors, type UseFormReturnType, useForm } from '@mantine/form';
import { IconForms, IconHistory, IconRestore } from '@tabler/icons-react';
import { type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { binItem, type DeleteQuestion, DeleteToBinButton } from '../bin/index.ts';
import { closeUnlessUnsaved, DISCARD_QUESTION, Notice } from '../feedback/index.ts';
import { useImageUploading } from '../fields/index.ts';
import type { HistoryEntity } from '../history/index.ts';
import { lazyComponent } from '../screen/index.ts';
import { type Conflict, ConflictAlert, useConflict } from './conflict-alert.tsx';
import { useFocusKept } from './focus-kept.ts';
import { useFormDraft } from './form-draft.ts';
import { useOpenerFocus } from './opener-focus.ts';
import { ReadOnly, ReadOnlyNotice } from './read-only.tsx';
import { showRefusal, showSaved, startFrom } from './saved-form.ts';
import { useUnsaved } from './unsaved.ts';

type Question = typeof DISCARD_QUESTION;

/**
 * What an edit modal of a kind kept in the audit log says of its own item ("New brand", "Save banner"): the kind
 * names it once (its History tab, its delete to the bin and these words); the rest of the lifecycle is `useEditor`'s.
 */
const ENTITY_WHAT: Record<HistoryEntity, string> = {
  brands: 'brand',
  content: 'content',
  promos: 'banner',
  streams: 'stream',
  promo_codes: 'promo code',
};

/** An item as saved; one with `updated_at` has its saves guarded against someone else's. */
type Item = object & { updated_at?: string };
type Stored<T> = T & { updated_at: string };

export interface EditorOptions<T extends Item, V extends object> {
  /** The item as opened; null for a new one; undefined while it is being loaded. */
  initial: T | null | undefined;
  /** How an item (null: a new one) becomes the form's values. */
  toValues: (item: T | null) => V;
  validate: (values: V, item: T | null) => FormErrors;
  /** Adds (`item` null) or updates the item from the form; resolves with the item as saved. */
  save: (values: V, item: T | null) => Promise<T>;
  /** The item as stored now, to tell someone else's save (a newer `updated_at`) from another 409. */
  reread?: (item: T, values: V) => Promise<T | undefined>;
  /** The field a 409 that is not someone else's save is about (a code in use). */
  taken?: string;
  /** Stays open after a save, for the parts added once the item exists (language versions, rules). */
  stay?: boolean;
  /** After a save: the item's own parts (a language version, chosen countries). False keeps the modal open. */
  afterSave?: (saved: T, wasNew: boolean) => Promise<boolean | undefined> | boolean | undefined;
  /** Unsaved work outside the form (a language tab, a country draft, a video upload). */
  unsavedElsewhere?: boolean;
  /** What closing (or leaving a tab) asks, given whether typed text would be lost; undefined: the discard question. */
  closeQuestion?: (dirty: boolean) => Question | undefined;
  /** Runs once the modal has gone: forget the item's details, so the next opening reads them afresh. */
  onGone?: (item: T | null) => void;
}

export interface Editor<T extends Item, V extends object> {
  form: UseFormReturnType<V>;
  /** The item as last loaded or saved (null while new): its `updated_at` guards the next save. */
  item: T | null;
  /** False while the item opened is being loaded. */
  ready: boolean;
  opened: boolean;
  saving: boolean;
  unsaved: boolean;
  submit: (event?: React.FormEvent<HTMLFormElement>) => void;
  requestClose: () => void;
  /** Closes without asking. */
  close: () => void;
  /** Asks as closing does when something would be lost, then `leave` (another tab, say). */
  leaveUnlessUnsaved: (dirty: boolean, leave: () => void) => void;
  conflict: Conflict<Stored<T>>;
  adopt: (stored: T) => void;
  loadTheirs: (stored: T) => void;
  onGone: () => void;
  /** The form holds typing kept from before the session ended (shared/editing/form-draft.ts), not yet saved or discarded. */
  restored: boolean;
  /** Puts the form back to the item as stored, throwing the restored typing away. */
  discardRestored: () => void;
}

/**
 * The one edit lifecycle of every modal that edits an entity (react-admin's edit controller, for this console):
 * the form from the item, dirty tracking and the leave guard, add or update, refusals under their fields, someone
 * else's save offered as "Load their version / Keep mine", and closing that asks before losing anything.
 */
export function useEditor<T extends Item, V extends object>(options: EditorOptions<T, V>): Editor<T, V> {
  const [opened, setOpened] = useState(true);
  const [item, setItem] = useState<T | null>(options.initial ?? null);
  // Read by validation, which the form keeps from its first render.
  const current = useRef(item);
  current.current = item;
  const [saving, setSaving] = useState(false);
  const conflict = useConflict<Stored<T>>();
  const uploading = useImageUploading();
  const returnFocus = useOpenerFocus();
  const form = useForm<V>({
    initialValues: options.toValues(options.initial ?? null),
    validate: (values) => options.validate(values, current.current),
  });
  // An item loaded after opening fills the form once (Mantine's `initialize`); a later refetch does not overwrite
  // what is being typed.
  const ready = options.initial !== undefined;
  const draft = useFormDraft(form, { ready, base: item?.updated_at });
  const [restored, setRestored] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the first answer fills the form
  useEffect(() => {
    if (!ready) return;
    const stored = options.initial ?? null;
    if (stored) {
      setItem(stored);
      form.initialize(options.toValues(stored));
    }
    const kept = draft.restore();
    if (!kept) return;
    setRestored(true);
    // Typing begun on an older version is saved against that version: someone else's save since gets the choice.
    if (stored?.updated_at && kept.base && kept.base !== stored.updated_at)
      setItem({ ...stored, updated_at: kept.base });
  }, [ready]);
  const unsaved = form.isDirty() || uploading || !!options.unsavedElsewhere;
  useUnsaved(opened && unsaved);
  const close = () => {
    setOpened(false);
    draft.closing();
  };

  function leaveUnlessUnsaved(dirty: boolean, leave: () => void) {
    const question = options.closeQuestion?.(dirty);
    void closeUnlessUnsaved(dirty || question !== undefined, leave, question ?? DISCARD_QUESTION);
  }

  const submit = form.onSubmit(async (values) => {
    const before = item;
    setSaving(true);
    try {
      const saved = await options.save(values, before).catch(async (err: unknown) => {
        const { reread } = options;
        const theirs =
          before?.updated_at &&
          reread &&
          (await conflict.check(
            err,
            before.updated_at,
            () => reread(before, values) as Promise<Stored<T> | undefined>,
          ));
        if (!theirs) showRefusal(form, err, options.taken);
        return null;
      });
      if (!saved) return;
      setItem(saved);
      setRestored(false);
      showSaved(form, values, options.toValues(saved));
      // A part that fails (its toast says why) keeps the modal open with the part's text still in it.
      const goOn = await Promise.resolve(options.afterSave?.(saved, before === null)).catch(() => false);
      if (goOn !== false && !options.stay) close();
      // A new item that stays open is in the address under its id from now on.
      else if (before === null && 'id' in saved && typeof saved.id === 'number') draft.created(saved.id);
    } finally {
      setSaving(false);
    }
  });

  return {
    form,
    item,
    ready,
    opened,
    saving: saving || uploading,
    unsaved,
    submit,
    requestClose: () => leaveUnlessUnsaved(unsaved, close),
    close,
    leaveUnlessUnsaved,
    conflict,
    adopt: setItem,
    loadTheirs: (stored) => startFrom(form, options.toValues(stored)),
    onGone: () => {
      options.onGone?.(item);
      returnFocus();
    },
    restored,
    discardRestored: () => {
      const stored = options.initial ?? null;
      setItem(stored);
      startFrom(form, options.toValues(stored));
      setRestored(false);
    },
  };
}

/**
 * The frame of an edit modal: the form with the modal's fields, the parts outside it (`after`: sections with
 * forms of their own), the conflict choice and one footer with Close and the one primary action.
 */
export function EditorModal<T extends Item, V extends object>({
  editor,
  what: whatGiven,
  title,
  primary,
  label,
  size = 'lg',
  onClosed,
  children,
  after,
  loading,
  readOnly = false,
  entity,
  remove,
}: {
  editor: Editor<T, V>;
  title?: string;
  /** The primary action's label where it is not Create/Save (a part added to something: "Add key"). */
  primary?: string;
  /** The form's accessible name; `what`, capitalised, when not given. */
  label?: string;
  size?: ModalProps['size'];
  onClosed: () => void;
  children: ReactNode;
  after?: ReactNode;
  /** Shown instead of the form while the item is being loaded (`initial` undefined). */
  loading?: ReactNode;
  /**
   * The role may read this but not change it (pass `!useMay(CALL_PERMISSIONS.x.update)`): every field and the parts
   * in `after` disabled, no primary action, and a notice saying why.
   */
  readOnly?: boolean;
  /**
   * How "Delete {what}" asks about a saved item of a kind that goes to the bin: "Delete {what}" at the left of the
   * footer, for a role that may, moves it there (shared/bin/move-to-bin.tsx) and closes the modal.
   */
  remove?: (item: T) => DeleteQuestion;
} & (
  | {
      /** The entity in the product's words: "brand" gives "New brand", "Create brand", "Save brand". */
      what: string;
      entity?: undefined;
    }
  | {
      /** The item's kind in the audit log: a saved item gets a History tab beside its fields; it gives `what`. */
      entity: HistoryEntity;
      what?: undefined;
    }
)) {
  const what = entity ? ENTITY_WHAT[entity] : (whatGiven ?? '');
  const formId = useId();
  const [body, setBody] = useState<HTMLDivElement | null>(null);
  useFocusKept(body, editor.opened);
  const editing = editor.item !== null;
  const toBin = binItem(entity, editor.item);
  return (
    <Modal
      opened={editor.opened}
      onClose={editor.requestClose}
      onExitTransitionEnd={() => {
        editor.onGone();
        onClosed();
      }}
      title={title ?? (readOnly ? `View ${what}` : editing ? `Edit ${what}` : `New ${what}`)}
      size={size}
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Box ref={setBody} tabIndex={-1} style={{ outline: 'none' }}>
        {readOnly ? <ReadOnlyNotice /> : null}
        {editor.restored ? <RestoredNotice onDiscard={editor.discardRestored} /> : null}
        <WithHistory editor={editor} entity={entity} readOnly={readOnly}>
          <ReadOnly readOnly={readOnly}>
            {editor.ready ? (
              <form
                id={formId}
                onSubmit={editor.submit}
                noValidate
                aria-label={label ?? what[0]!.toUpperCase() + what.slice(1)}
              >
                {children}
              </form>
            ) : (
              loading
            )}
            {editor.ready ? after : null}
          </ReadOnly>
        </WithHistory>
        <Box mt="md">
          <ConflictAlert conflict={editor.conflict} what={what} adopt={editor.adopt} loadTheirs={editor.loadTheirs} />
        </Box>
        <Group
          justify="flex-end"
          gap="sm"
          mt="md"
          py="sm"
          style={{
            position: 'sticky',
            bottom: 0,
            zIndex: 1,
            background: 'var(--mantine-color-body)',
            borderTop: '1px solid var(--mantine-color-default-border)',
          }}
        >
          {remove && toBin && editor.item && !readOnly ? (
            <Box mr="auto">
              <DeleteToBinButton
                item={{ ...toBin, ...remove(editor.item) }}
                what={what}
                unsaved={editor.unsaved}
                onDeleted={editor.close}
              />
            </Box>
          ) : null}
          <Button variant="default" onClick={editor.requestClose}>
            Close
          </Button>
          {readOnly ? null : (
            <Button type="submit" form={formId} loading={editor.saving} disabled={!editor.ready}>
              {primary ?? (editing ? `Save ${what}` : `Create ${what}`)}
            </Button>
          )}
        </Group>
      </Box>
    </Modal>
  );
}

/** Says the form holds typing kept from before the session ended, with the way to throw it away. */
function RestoredNotice({ onDiscard }: { onDiscard: () => void }) {
  return (
    <Notice
      color="blue"
      icon={<IconRestore size={18} aria-hidden />}
      title="Your unsaved changes were restored"
      testId="restored-notice"
    >
      <Group justify="space-between" gap="xs">
        <Text size="sm">What you typed before your session ended is back. Save to keep it.</Text>
        <Button size="compact-sm" variant="default" onClick={onDiscard}>
          Discard changes
        </Button>
      </Group>
    </Notice>
  );
}

const HistoryPanel = lazyComponent(() => import('../history/index.ts').then((m) => m.HistoryPanel));

/**
 * A saved item's fields and its History as two tabs (without `entity`, or while the item is new: the fields alone).
 * The fields stay mounted behind the History tab, so typing and the parts' own forms are kept; the history is
 * read each time its tab is shown.
 */
function WithHistory<T extends Item, V extends object>({
  editor,
  entity,
  readOnly,
  children,
}: {
  editor: Editor<T, V>;
  entity: HistoryEntity | undefined;
  readOnly: boolean;
  children: ReactNode;
}) {
  const [tab, setTab] = useState<string | null>('details');
  const { item } = editor;
  const id = item && 'id' in item && typeof item.id === 'number' ? item.id : null;
  if (!entity) return children;
  // A new item has no history yet: the same tabs without their list, so that creating it does not remount the form.
  return (
    <Tabs value={id === null ? 'details' : tab} onChange={setTab}>
      {id === null ? null : (
        <Tabs.List mb="md" aria-label="Details and history">
          <Tabs.Tab value="details" leftSection={<IconForms size={16} aria-hidden />}>
            Details
          </Tabs.Tab>
          <Tabs.Tab value="history" leftSection={<IconHistory size={16} aria-hidden />}>
            History
          </Tabs.Tab>
        </Tabs.List>
      )}
      <Tabs.Panel value="details">{children}</Tabs.Panel>
      <Tabs.Panel value="history">
        {tab === 'history' && id !== null ? (
          <Suspense fallback={null}>
            <HistoryPanel
              entity={entity}
              id={id}
              updatedAt={item?.updated_at}
              mayRestore={!readOnly}
              unsaved={editor.unsaved}
              onRestored={(restored: RestoredItem) => {
                // The version set back is the one now edited: the form shows it, its `updated_at` guards the next save.
                editor.adopt(restored as unknown as T);
                editor.loadTheirs(restored as unknown as T);
                editor.conflict.clear();
              }}
            />
          </Suspense>
        ) : null}
      </Tabs.Panel>
    </Tabs>
  );
}
