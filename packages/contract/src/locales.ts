import { z } from 'zod';
import { addresses } from './addresses.ts';
import { call, Id, LanguageCode, Ok, Timestamp } from './common.ts';
import { Language } from './reference.ts';

/** A key of the app strings, e.g. `home.title`. */
export const LocaleKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/, 'Use letters, digits, dots, hyphens and underscores (at most 100)');

export const LocaleEntry = z.object({
  key: z.string(),
  /** Translations by language id (as a string); a language missing here is a missing translation. */
  values: z.record(z.string(), z.string()),
  created_at: Timestamp,
});
export type LocaleEntry = z.infer<typeof LocaleEntry>;

export const LocaleUpsertBody = z.object({ key: LocaleKey, lang_id: Id, value: z.string().max(10_000) });
export const LocaleDeleteBody = z.object({ key: LocaleKey, lang_id: Id.optional() });
export const LanguageAddBody = z.object({
  code: LanguageCode,
  name: z.string().trim().min(1, 'Enter a name').max(100),
});

export const localeCalls = {
  list: call({
    ...addresses.locale.list,
    read: true,
    summary: 'Every app string key with its translations',
    body: z.object({}),
    response: z.array(LocaleEntry),
  }),
  addKey: call({
    ...addresses.locale.addKey,
    summary: 'Add an app string key (409 when it exists)',
    body: z.object({ key: LocaleKey }),
    response: LocaleEntry,
  }),
  upsert: call({
    ...addresses.locale.upsert,
    summary: 'Set the translation of a key in one language (the key is created when missing)',
    body: LocaleUpsertBody,
    response: LocaleEntry,
  }),
  delete: call({
    ...addresses.locale.delete,
    summary: 'Delete a key with all its translations, or only its translation in lang_id',
    body: LocaleDeleteBody,
    response: Ok,
  }),
  addLanguage: call({
    ...addresses.locale.addLanguage,
    summary: 'Add a language',
    body: LanguageAddBody,
    response: Language,
  }),
};
