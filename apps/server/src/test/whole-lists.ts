import { api, Brand, type BrandListBody, type Content, type ContentListBody, wholeList } from '@kids-vod/contract';
import { z } from 'zod';
import type { TestApp } from './harness.ts';

/** The spec's `content/list` (no `limit`): every item as an array, checked to be one (decision 033). */
export async function contentList(t: TestApp, body: ContentListBody): Promise<Content[]> {
  return wholeList(await t.call(api.content.list, body));
}

/**
 * The spec's `brand/list` (`{}`, or searched and sorted without `limit`): every brand whole, checked to be that
 * (a table's row, without the versions' titles, would not pass). As sent, like `t.call`: fields the schema would
 * strip stay visible to the test.
 */
export async function brandList(t: TestApp, body: Omit<BrandListBody, 'fields' | 'limit'> = {}): Promise<Brand[]> {
  const answer = await t.call(api.brand.list, body);
  const whole = z.array(Brand).safeParse(answer);
  if (!whole.success) throw new Error(`brand/list answered no whole brands: ${whole.error.message}`);
  return answer as Brand[];
}
