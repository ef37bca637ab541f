/**
 * Readiness as a worklist (api.md "Studio delivery", decision 074): every brand and language with problems across the
 * catalogue, the soonest to become available first. Each brand is counted by brandReadiness itself, so the list
 * and the brand modal never disagree on a brand's problems or its playable count.
 */
import type { api, ReadinessList, ReadinessListRow } from '@kids-vod/contract';
import { asc, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { brands } from '../../db/schema.ts';
import type { Body } from '../../lib/route.ts';
import { brandReadiness } from './readiness.ts';

/**
 * Brands without a start date first (they are available as soon as they are ready), then by their start; then by
 * name and language, so that a page is the same page twice.
 */
function soonestFirst(a: ReadinessListRow, b: ReadinessListRow): number {
  if (a.starts_at !== b.starts_at) {
    if (a.starts_at === null) return -1;
    if (b.starts_at === null) return 1;
    return Date.parse(a.starts_at) - Date.parse(b.starts_at);
  }
  return a.name.localeCompare(b.name, 'en') || a.brand_id - b.brand_id || a.lang_id - b.lang_id;
}

export async function readinessList(
  db: Executor,
  { lang_id, offset, limit }: Body<typeof api.brand.readinessList>,
): Promise<ReadinessList> {
  const at = Date.now();
  const all = await db
    .select({ id: brands.id, name: brands.name, starts_at: brands.available_from })
    .from(brands)
    .where(isNull(brands.deleted_at))
    .orderBy(asc(brands.id));
  const rows: ReadinessListRow[] = [];
  for (const brand of all) {
    const { langs } = await brandReadiness(db, brand.id, at);
    for (const lang of langs) {
      if (lang.problem_count === 0 || (lang_id !== undefined && lang.lang_id !== lang_id)) continue;
      rows.push({
        brand_id: brand.id,
        name: brand.name,
        lang_id: lang.lang_id,
        playable: lang.playable,
        problem_count: lang.problem_count,
        starts_at: brand.starts_at,
      });
    }
  }
  rows.sort(soonestFirst);
  return { rows: rows.slice(offset, offset + limit), count: rows.length };
}
