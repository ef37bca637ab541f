import { DEFAULT_LANG_ID } from '@kids-vod/contract';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/** The address's `?lang=`: the language version a link (readiness, Build and publish) means. */
export const LANG_PARAM = 'lang';

/**
 * The language whose tab the content modal opens with: the one the address names (a link to a version), else
 * English. The parameter is taken out of the address once read, so the next item opened starts in English again.
 */
export function useLangAsked(): number {
  const [params, setParams] = useSearchParams();
  const [asked] = useState(() => {
    const value = params.get(LANG_PARAM);
    return value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : DEFAULT_LANG_ID;
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, as the modal opens
  useEffect(() => {
    if (!params.has(LANG_PARAM)) return;
    setParams(
      (now) => {
        now.delete(LANG_PARAM);
        return now;
      },
      { replace: true, preventScrollReset: true },
    );
  }, []);
  return asked;
}
