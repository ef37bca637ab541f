import type { UseFormReturnType } from '@mantine/form';

/**
 * Shows a save's answer in its form without losing what was typed while the save was on its way: a field
 * still holding the value that was sent takes the saved value (the server may have trimmed or derived it);
 * a field changed since keeps the new text and stays unsaved (dirty), so closing still asks about it.
 */
export function showSaved<T extends object>(form: UseFormReturnType<T>, sent: T, saved: T): void {
  const current = form.getValues();
  const shown = { ...saved };
  for (const key of Object.keys(saved) as (keyof T)[]) {
    if (!Object.is(current[key], sent[key])) shown[key] = current[key];
  }
  form.setInitialValues(saved);
  form.setValues(shown);
  form.resetDirty(saved);
}

/** Puts the form back to `values`, as saved: nothing in it is unsaved. */
export function startFrom<T extends object>(form: UseFormReturnType<T>, values: T): void {
  form.setInitialValues(values);
  form.setValues(values);
  form.resetDirty(values);
}
