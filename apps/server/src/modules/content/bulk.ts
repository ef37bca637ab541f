/**
 * Several items changed alike (api.md "Studio delivery", decision 074): published, season or the availability
 * window, all or nothing in the call's one transaction. Each item goes through the same save as `content/update`
 * (guardedUpdate: a change that changes nothing writes nothing), so each gets its own history entry in the person's
 * name from the audit trigger, as its own save would. Publishing publishes the items' language versions too (a
 * season delivered is watched in its languages; the new user's find): each version changed gets its own entry the
 * same way; versions not planned stay as they are, and unpublishing hides the items while their versions keep
 * their flag for the next publishing.
 */
import type { api } from '@kids-vod/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { content, contentLangs, contentNotPlanned } from '../../db/schema.ts';
import { HttpError } from '../../lib/errors.ts';
import { guardedUpdate } from '../../lib/guarded-update.ts';
import { contentShown, notInBin } from '../../lib/in-bin.ts';
import type { Body } from '../../lib/route.ts';

/** Ids named in a sentence; a long list is cut (the console selects thousands). */
const MAX_NAMED = 20;
const idList = (ids: number[]) =>
  ids.length <= MAX_NAMED ? ids.join(', ') : `${ids.slice(0, MAX_NAMED).join(', ')} and ${ids.length - MAX_NAMED} more`;

export async function bulkUpdateContent(
  db: Executor,
  { ids, set }: Body<typeof api.content.bulkUpdate>,
): Promise<{ updated: number }> {
  const wanted = [...new Set(ids)].sort((a, b) => a - b);
  const found = await db
    .select({ id: content.id })
    .from(content)
    .where(and(inArray(content.id, wanted), contentShown()));
  if (found.length < wanted.length) {
    const there = new Set(found.map((r) => r.id));
    const missing = wanted.filter((id) => !there.has(id));
    throw new HttpError(404, `Content ${idList(missing)} does not exist or is in the bin: nothing was changed`);
  }
  // In id order, like every lock taken on several rows: two bulk changes of the same items never wait crosswise.
  for (const id of wanted) await guardedUpdate(db, content, id, set, undefined, 'Content');
  if (set.is_published === true)
    await db
      .update(contentLangs)
      .set({ is_published: true })
      .where(
        and(
          inArray(contentLangs.content_id, wanted),
          eq(contentLangs.is_published, false),
          notInBin(contentLangs),
          sql`not exists (select from ${contentNotPlanned} where ${contentNotPlanned.content_id} = ${contentLangs.content_id} and ${contentNotPlanned.lang_id} = ${contentLangs.lang_id})`,
        ),
      );
  return { updated: wanted.length };
}
