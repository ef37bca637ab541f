import { api, type Content, type ContentListBody, wholeList } from '@kids-vod/contract';
import type { TestApp } from './harness.ts';

/** The spec's `content/list` (no `limit`): every item as an array, checked to be one (decision 033). */
export async function contentList(t: TestApp, body: ContentListBody): Promise<Content[]> {
  return wholeList(await t.call(api.content.list, body));
}
