import type { Content, ContentPage } from './content.ts';

/**
 * The answer of `content/list` asked without `limit`: the spec's array. The call answers a page when asked for one
 * (decision 033), so its type is either; this checks which it got instead of trusting a cast. Without zod, so the
 * console's first load does not carry it.
 */
export function wholeList(answer: Content[] | ContentPage): Content[] {
  if (!Array.isArray(answer)) throw new Error('content/list without limit answered a page');
  return answer;
}

/** The answer of `content/list` asked with `limit`: a page. */
export function listPage(answer: Content[] | ContentPage): ContentPage {
  if (Array.isArray(answer)) throw new Error('content/list with limit answered no page');
  return answer;
}
