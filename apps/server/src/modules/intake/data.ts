import type { IntakeRow } from '@kids-vod/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { brands, content, contentLangs, languages } from '../../db/schema.ts';
import { itemNotFound } from '../../lib/errors.ts';
import { matchContext, matchName } from './matcher.ts';

/**
 * What each file name says for the brand (api.md "Episode intake and readiness"): one row a name, in order. An
 * existing episode's row has the title it already has in that language, where it has one; otherwise the guess.
 */
export async function matchNames(db: Executor, brandId: number, names: string[]): Promise<IntakeRow[]> {
  const [brand] = await db
    .select({ name: brands.name, slug: brands.slug })
    .from(brands)
    .where(and(eq(brands.id, brandId), isNull(brands.deleted_at)));
  if (!brand) throw itemNotFound('Brand', brandId);
  const [langs, episodes] = await Promise.all([
    db.select({ id: languages.id, code: languages.code, name: languages.name }).from(languages),
    db
      .select({ id: content.id, season: content.season, sort_number: content.sort_number })
      .from(content)
      .where(and(eq(content.brand_id, brandId), isNull(content.deleted_at))),
  ]);
  const context = matchContext(brand, langs, episodes);
  const rows = names.map((name) => matchName(name, context));

  const existing = [
    ...new Set(rows.flatMap((r) => (r.content_id !== null && r.lang_id !== null ? [r.content_id] : []))),
  ];
  if (existing.length > 0) {
    const titles = await db
      .select({ content_id: contentLangs.content_id, lang_id: contentLangs.lang_id, title: contentLangs.title })
      .from(contentLangs)
      .where(and(inArray(contentLangs.content_id, existing), isNull(contentLangs.deleted_at)));
    const byVersion = new Map(titles.map((t) => [`${t.content_id}:${t.lang_id}`, t.title.trim()]));
    for (const row of rows) {
      const title = byVersion.get(`${row.content_id}:${row.lang_id}`);
      if (title) row.title = title;
    }
  }
  return rows;
}
