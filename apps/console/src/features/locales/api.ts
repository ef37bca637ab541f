import type { Language, LocaleEntry } from '@kids-vod/contract';
import { api, DEFAULT_LANG_ID } from '@kids-vod/contract/client';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callQuery, errorMessage, languagesQuery, send } from '../../shared/api/index.ts';

/** The locales screen's calls: query options and hooks typed from the contract. */
export const localeKeys = {
  list: ['locales', 'list'] as const,
};

/** Every key with its translations: one call, whatever the number of keys (the screen pages them). */
export const localesQuery = callQuery(localeKeys.list, api.locale.list, {});

export const useLocales = () => useQuery(localesQuery);

/** Byte order, as the server lists the keys (`collate "C"`). */
const byKey = (a: LocaleEntry, b: LocaleEntry) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

export interface TranslationChange {
  key: string;
  langId: number;
  /** The new text; `null` removes the translation (the key becomes missing in that language). */
  value: string | null;
  /** What the toast of a failure names ("French text of home.title"). */
  label: string;
  /** Whether the cell that sent it is still on screen to show a failure itself. */
  onScreen: { readonly current: boolean };
}

/**
 * Sets or removes one translation. Only that language's text is written into the cached list, so two cells
 * saved at once cannot undo each other whatever order their answers arrive in; the list is not reloaded
 * (thousands of keys) for one cell.
 */
export function useSaveTranslation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ key, langId, value }: TranslationChange) => {
      if (value === null) await send(api.locale.delete, { body: { key, lang_id: langId } });
      else await send(api.locale.upsert, { body: { key, lang_id: langId, value } });
    },
    onSuccess: (_done, { key, langId, value }) => {
      queryClient.setQueryData(localesQuery.queryKey, (rows) =>
        rows?.map((entry) => {
          if (entry.key !== key) return entry;
          const values = { ...entry.values };
          if (value === null) delete values[String(langId)];
          else values[String(langId)] = value;
          return { ...entry, values };
        }),
      );
    },
    // A cell shows its own failure (the server's detail under the text it keeps) and its success quietly. One that
    // has left the screen meanwhile (a page, a filter) cannot: its failure becomes a toast, not a silent loss.
    onError: (err, { label, onScreen }) => {
      if (!onScreen.current) {
        notifications.show({ color: 'red', title: `The ${label} was not saved`, message: errorMessage(err) });
      }
    },
    meta: { errorToast: false },
  });
}

export function useAddKey() {
  const queryClient = useQueryClient();
  return useMutation({
    /** The key, and its English text when one is typed with it. */
    mutationFn: async ({ key, english }: { key: string; english: string }) => {
      const entry = await send(api.locale.addKey, { body: { key } });
      if (!english) return entry;
      try {
        return await send(api.locale.upsert, { body: { key: entry.key, lang_id: DEFAULT_LANG_ID, value: english } });
      } catch (err) {
        // The key exists now: it is added and shown all the same (submitting it again would be refused as a
        // duplicate), and the text that did not save is said, to be typed in its cell.
        notifications.show({
          color: 'orange',
          title: `${entry.key} was added without its English text`,
          message: errorMessage(err),
        });
        return entry;
      }
    },
    onSuccess: async (entry) => {
      queryClient.setQueryData(localesQuery.queryKey, (rows) =>
        rows ? [...rows.filter((e) => e.key !== entry.key), entry].sort(byKey) : rows,
      );
      await queryClient.invalidateQueries({ queryKey: localeKeys.list });
    },
    meta: { successMessage: 'Key added' },
  });
}

export function useDeleteKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => send(api.locale.delete, { body: { key } }),
    onSuccess: async (_ok, key) => {
      queryClient.setQueryData(localesQuery.queryKey, (rows) => rows?.filter((e) => e.key !== key));
      await queryClient.invalidateQueries({ queryKey: localeKeys.list });
    },
    meta: { successMessage: 'Key deleted' },
  });
}

/** A new language: every screen's languages list (`['languages']`) reloads, so it appears everywhere. */
export function useAddLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { code: string; name: string }) => send(api.locale.addLanguage, { body }),
    onSuccess: async (language: Language) => {
      queryClient.setQueryData(languagesQuery.queryKey, (rows) =>
        rows && !rows.some((l) => l.id === language.id) ? [...rows, language] : rows,
      );
      await queryClient.invalidateQueries({ queryKey: languagesQuery.queryKey });
    },
    meta: { successMessage: 'Language added' },
  });
}
