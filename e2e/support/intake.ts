/** What the intake and delivery journeys share: reading what the upload made, and counting the person's actions. */
import { api, type Content, type ContentLang, wholeList } from '@kids-vod/contract';
import type { ConsoleUnderTest } from './console.ts';

/** Every episode of the brand with its language versions whole. */
export async function episodesOf(c: ConsoleUnderTest, brandId: number) {
  const items: Content[] = wholeList(await c.t.call(api.content.list, { brand_id: brandId }));
  return Promise.all(
    items.map(async (item) => ({
      item,
      langs: (await c.t.call(api.content.langList, { content_id: item.id })) as ContentLang[],
    })),
  );
}

/** Counts what the person does in the console (clicks, choices, drops): the issues' targets are action counts. */
export function actions() {
  let n = 0;
  return {
    count: <T>(done: Promise<T>) => {
      n++;
      return done;
    },
    get total() {
      return n;
    },
  };
}
