import { type api, type ContentLink, DEFAULT_LANG_ID } from '@kids-vod/contract';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { brands, content, contentLangs, contentLinks } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { contentShown, notInBin } from '../../lib/in-bin.ts';
import type { Body } from '../../lib/route.ts';
import { assertBrand } from '../brands/index.ts';

type Parsed<K extends keyof typeof api.link> = Body<(typeof api.link)[K]>;

/** Links with the linked content's display name, read at the time so renames and moves show at once. */
async function selectLinks(db: Executor, where: SQL | undefined): Promise<ContentLink[]> {
  const rows = await db
    .select({
      id: contentLinks.id,
      brand_id: contentLinks.brand_id,
      content_id: contentLinks.content_id,
      created_at: contentLinks.created_at,
      brand_name: brands.name,
      season: content.season,
      sort_number: content.sort_number,
      title: contentLangs.title,
    })
    .from(contentLinks)
    .innerJoin(content, eq(content.id, contentLinks.content_id))
    .innerJoin(brands, eq(brands.id, content.brand_id))
    .leftJoin(
      contentLangs,
      and(eq(contentLangs.content_id, content.id), eq(contentLangs.lang_id, DEFAULT_LANG_ID), notInBin(contentLangs)),
    )
    // A link to content in the bin is kept, and shown again when the content comes back.
    .where(and(where, notInBin(content), notInBin(brands)))
    .orderBy(asc(contentLinks.id));
  return rows.map(({ brand_name, season, sort_number, title, ...link }) => ({
    ...link,
    ct_name: `${brand_name} · S${season}E${sort_number} · ${title ?? ''}`,
  }));
}

export async function listLinks(db: Executor, body: Parsed<'list'>): Promise<ContentLink[]> {
  await assertBrand(db, body.brand_id);
  return selectLinks(
    db,
    and(eq(contentLinks.brand_id, body.brand_id), body.id === 0 ? undefined : eq(contentLinks.content_id, body.id)),
  );
}

export async function addLink(db: Executor, body: Parsed<'add'>): Promise<ContentLink> {
  await assertBrand(db, body.brand_id);
  const [linked] = await db
    .select({ brand_id: content.brand_id })
    .from(content)
    .where(and(eq(content.id, body.content_id), contentShown()));
  if (!linked) throw notFound('Content');
  if (linked.brand_id === body.brand_id) {
    throw badRequest('A brand cannot link its own content', [{ path: 'content_id', message: 'Content of this brand' }]);
  }
  const [row] = await db.insert(contentLinks).values(body).returning({ id: contentLinks.id });
  const [link] = await selectLinks(db, eq(contentLinks.id, row.id));
  return link;
}

export async function deleteLink(db: Executor, id: number): Promise<void> {
  const deleted = await db.delete(contentLinks).where(eq(contentLinks.id, id)).returning({ id: contentLinks.id });
  if (deleted.length === 0) throw notFound('Content link');
}
