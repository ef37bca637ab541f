import type { CatalogueBuildRecord, CatalogueDiff, Language } from '@kids-vod/contract';
import { api } from '@kids-vod/contract/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, callQuery, errorMessage, send } from '../../shared/api/index.ts';

/** The JSON build screen's calls: query options and hooks typed from the contract. */
export const buildKeys = {
  all: ['catalog-builds'] as const,
  history: (langId: number | null, limit: number) => ['catalog-builds', langId ?? 'all', limit] as const,
};

/** Earlier builds, newest first; of one language when `langId` is given. */
export const buildsQuery = (langId: number | null, limit: number) =>
  callQuery(buildKeys.history(langId, limit), api.catalog.builds, { lang_id: langId ?? undefined, limit });

export const useBuilds = (langId: number | null, limit: number, enabled = true) =>
  useQuery({ ...buildsQuery(langId, limit), enabled });

const publish = (language: Language) => send(api.catalog.publish, { query: { lang: language.code } });

/** One language's catalogue: built, stored under its stable and versioned URLs, then listed in the history. */
export function usePublishCatalogue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publish,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: buildKeys.all }),
    meta: { successMessage: 'Catalogue published' },
  });
}

export type LanguageResult =
  | { language: Language; status: 'waiting' | 'publishing' }
  | { language: Language; status: 'published'; build: CatalogueBuildRecord }
  | { language: Language; status: 'failed'; error: string };

/**
 * Every language's catalogue, one call after the other (builds run one at a time on the server anyway).
 * A language that fails does not stop the others; each result is reported as it comes, and the run as a
 * whole fails (one error toast) when any language did.
 */
export function usePublishEveryCatalogue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      languages,
      onResult,
    }: {
      languages: Language[];
      onResult: (result: LanguageResult) => void;
    }) => {
      const failed: string[] = [];
      for (const language of languages) {
        onResult({ language, status: 'publishing' });
        try {
          const build = await publish(language);
          onResult({ language, status: 'published', build });
          void queryClient.invalidateQueries({ queryKey: buildKeys.all });
        } catch (err) {
          failed.push(language.name);
          onResult({ language, status: 'failed', error: errorMessage(err) });
        }
      }
      if (failed.length > 0) {
        throw new ApiError(
          `${failed.length} of ${languages.length} catalogues were not published: ${failed.join(', ')}`,
          0,
        );
      }
    },
    meta: { successMessage: 'Every catalogue published' },
  });
}

/** What building a language now would change against its live build. */
export interface LanguageChanges {
  language: Language;
  diff: CatalogueDiff;
}

/** What building each language now would change against its live build, asked one after the other before publishing. */
export function useCheckChanges() {
  return useMutation({
    mutationFn: async (languages: Language[]) => {
      const answers: LanguageChanges[] = [];
      for (const language of languages) {
        answers.push({ language, diff: await send(api.catalog.diff, { body: { lang: language.code } }) });
      }
      return answers;
    },
  });
}

/** An earlier build made live again; the history gets an entry saying so. */
export function useRollBack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (build: CatalogueBuildRecord) =>
      send(api.catalog.publishBuild, { body: { id: build.id, lang: build.lang_code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: buildKeys.all }),
    meta: { successMessage: 'The earlier build is live again' },
  });
}

/** What a build left out and why. */
export const useLeftOut = (buildId: number | null) =>
  useQuery({
    ...callQuery(['catalog-builds', 'left-out', buildId], api.catalog.leftOut, { id: buildId ?? 0 }),
    enabled: buildId !== null,
  });
