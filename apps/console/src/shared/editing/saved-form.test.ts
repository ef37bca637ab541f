import type { UseFormReturnType } from '@mantine/form';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/index.ts';
import { showRefusal, showSaved, startFrom, valuesFrom } from './saved-form.ts';

interface Values {
  name: string;
  slug: string;
  sort: number;
}

/** The part of a Mantine form these helpers use, keeping what they set so the test can read it. */
function stubForm(values: Values) {
  const state = {
    values,
    initial: values,
    dirtyBase: values,
    errors: {} as Record<string, string>,
  };
  const form = {
    getValues: () => state.values,
    setValues: (v: Values) => {
      state.values = v;
    },
    setInitialValues: (v: Values) => {
      state.initial = v;
    },
    resetDirty: (v: Values) => {
      state.dirtyBase = v;
    },
    setFieldError: (path: string, message: string) => {
      state.errors = { ...state.errors, [path]: message };
    },
    setErrors: (errors: Record<string, string>) => {
      state.errors = errors;
    },
  };
  return { form: form as unknown as UseFormReturnType<Values>, state };
}

describe('a save shown in its form', () => {
  it('takes the saved values, and keeps what was typed while the save was on its way', () => {
    const sent = { name: 'Peppa ', slug: 'peppa', sort: 1 };
    const { form, state } = stubForm({ ...sent, sort: 2 });
    showSaved(form, sent, { name: 'Peppa', slug: 'peppa-pig', sort: 1 });
    // name and slug were as sent: the server's trimmed and derived values show; sort changed meanwhile and stays.
    expect(state.values).toEqual({ name: 'Peppa', slug: 'peppa-pig', sort: 2 });
    // What was saved is the new baseline, so the changed sort is the only unsaved field.
    expect(state.initial).toEqual({ name: 'Peppa', slug: 'peppa-pig', sort: 1 });
    expect(state.dirtyBase).toEqual({ name: 'Peppa', slug: 'peppa-pig', sort: 1 });
  });

  it('starts from the given values with nothing unsaved', () => {
    const { form, state } = stubForm({ name: 'typed', slug: 'x', sort: 9 });
    const stored = { name: 'Stored', slug: 'stored', sort: 3 };
    startFrom(form, stored);
    expect(state.values).toEqual(stored);
    expect(state.initial).toEqual(stored);
    expect(state.dirtyBase).toEqual(stored);
  });
});

describe('a refused save shown under its fields', () => {
  const values = { name: '', slug: 'taken', sort: 1 };

  it('puts each message of a validation refusal under its field', () => {
    const { form, state } = stubForm(values);
    const refusal = new ApiError('Invalid body: name: Enter a value', 400, [
      { path: 'name', message: 'Enter a value' },
      { path: 'sort', message: 'At least 1' },
    ]);
    showRefusal(form, refusal, 'slug');
    expect(state.errors).toEqual({ name: 'Enter a value', sort: 'At least 1' });
  });

  it('puts a 409 under the field it is about', () => {
    const { form, state } = stubForm(values);
    showRefusal(form, new ApiError('Slug "taken" is already in use', 409), 'slug');
    expect(state.errors).toEqual({ slug: 'Slug "taken" is already in use' });
  });

  it('leaves the form alone for a 409 about no field, or a failure that is not a refusal', () => {
    const { form, state } = stubForm(values);
    showRefusal(form, new ApiError('Changed by someone else', 409));
    showRefusal(form, new TypeError('Failed to fetch'), 'slug');
    expect(state.errors).toEqual({});
  });
});

describe('valuesFrom', () => {
  const empty = { title: '', logo_url: null as string | null, sort: 0, is_published: false };

  it('takes the empty values for a new item', () => {
    expect(valuesFrom(null, empty)).toEqual(empty);
  });

  it("takes the row's values, the empty one where the row's is null, and only the form's fields", () => {
    const row = { id: 7, title: 'Forest', logo_url: null, sort: 3, is_published: true, updated_at: 'x' };
    expect(valuesFrom(row, empty)).toEqual({ title: 'Forest', logo_url: null, sort: 3, is_published: true });
    expect(valuesFrom({ title: null, sort: 0 }, { ...empty, title: 'untitled' })).toMatchObject({
      title: 'untitled',
      sort: 0,
    });
  });
});
