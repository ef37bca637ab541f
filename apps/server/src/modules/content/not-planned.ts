/**
 * An episode that will not come in a language (api.md "Studio delivery", decision 074): stored as a row of its own,
 * since an episode never dubbed has no language version to carry it. The catalogue leaves it out of that language
 * without a reason and readiness counts no problem of it there (modules/catalog reads the same table).
 */
import type { api, Content } from '@kids-vod/contract';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { contentNotPlanned, languages } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import type { Body } from '../../lib/route.ts';
import { assertContent, getContent } from './data.ts';

export async function setNotPlanned(
  db: Executor,
  { content_id, lang_id, not_planned }: Body<typeof api.content.notPlanned>,
): Promise<Content> {
  await assertContent(db, content_id);
  const [language] = await db.select({ id: languages.id }).from(languages).where(eq(languages.id, lang_id));
  if (!language) throw badRequest(`Unknown language ${lang_id}`, [{ path: 'lang_id', message: 'Unknown language' }]);
  // Saying it twice changes nothing (and writes no second history entry).
  if (not_planned) await db.insert(contentNotPlanned).values({ content_id, lang_id }).onConflictDoNothing();
  else
    await db
      .delete(contentNotPlanned)
      .where(and(eq(contentNotPlanned.content_id, content_id), eq(contentNotPlanned.lang_id, lang_id)));
  return getContent(db, content_id);
}
