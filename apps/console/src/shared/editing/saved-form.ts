import type { UseFormReturnType } from '@mantine/form';
import { ApiError } from '../api/index.ts';

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

/**
 * Puts a refused save's messages under their fields. `taken` names the field a 409 is about (a code, key or
 * language code in use): the server's detail goes there too.
 */
export function showRefusal<T extends object>(form: UseFormReturnType<T>, err: unknown, taken?: string): void {
  if (!(err instanceof ApiError)) return;
  if (taken && err.status === 409) form.setFieldError(taken, err.message);
  else if (err.errors.length > 0) form.setErrors(Object.fromEntries(err.errors.map((e) => [e.path, e.message])));
}

/**
 * A form's values from a row: each field of `empty` takes the row's value, or the empty one where there is no row
 * (a new item) or the row's is null. How a row becomes a form in one line per form, not a copy of `?? ''` each.
 */
export function valuesFrom<V extends object>(row: object | null | undefined, empty: V): V {
  const source = (row ?? {}) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(empty).map(([key, value]) => [key, source[key] ?? value])) as V;
}
