import { type FormErrors, type UseFormReturnType, useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { closeUnlessUnsaved, DISCARD_QUESTION } from '../feedback/index.ts';
import { useImageUploading } from '../fields/index.ts';
import { type Conflict, useConflict } from './conflict-alert.tsx';
import { useFormDraft } from './form-draft.ts';
import { useOpenerFocus } from './opener-focus.ts';
import { showRefusal, showSaved, startFrom } from './saved-form.ts';
import { useUnsaved } from './unsaved.ts';

type Question = typeof DISCARD_QUESTION;

/** An item as saved; one with `updated_at` has its saves guarded against someone else's. */
export type Item = object & { updated_at?: string };
export type Stored<T> = T & { updated_at: string };

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
