/**
 * The catalogue the API and list benchmarks load, as plain SQL (INSERT … SELECT generate_series), so that the
 * same statements fill PostgreSQL and PGlite in seconds. Expects the reference data (16 languages) in place.
 */
export interface CatalogueShape {
  brands: number;
  /** Language versions per brand (languages 1..n). */
  brandLangs: number;
  /** Episodes of brand 1, the big one (20 seasons). */
  bigBrandEpisodes: number;
  /** Episodes of every other brand. */
  episodesPerBrand: number;
  /** Episodes in all; what the big brand and `episodesPerBrand` leave is one more episode for brands 2, 3, … */
  episodes?: number;
  promoCodes: number;
}

export const API_CATALOGUE: CatalogueShape = {
  brands: 200,
  brandLangs: 10,
  bigBrandEpisodes: 2_000,
  episodesPerBrand: 10,
  promoCodes: 100_000,
};

/**
 * The large catalogue of issue 19: 1,000 brands × 10 language versions, 100,000 episodes (brand 1 has 5,000,
 * the others 95 or 96), 1,000,000 promo codes. Picked with BENCH_CATALOGUE=large in bench/api.ts and bench/lists.ts.
 */
export const LARGE_CATALOGUE: CatalogueShape = {
  brands: 1_000,
  brandLangs: 10,
  bigBrandEpisodes: 5_000,
  episodesPerBrand: 95,
  episodes: 100_000,
  promoCodes: 1_000_000,
};

/** The demo's size (6 brands, a few languages, dozens of episodes): issue 19's embedded-database row. */
export const DEMO_SIZED_CATALOGUE: CatalogueShape = {
  brands: 6,
  brandLangs: 3,
  bigBrandEpisodes: 40,
  episodesPerBrand: 12,
  promoCodes: 120,
};

/** The catalogue BENCH_CATALOGUE names (`large`, `demo`), or the given default. */
export function pickCatalogue(fallback: CatalogueShape): { name: string; shape: CatalogueShape } {
  const name = process.env.BENCH_CATALOGUE ?? 'default';
  if (name === 'large') return { name, shape: LARGE_CATALOGUE };
  if (name === 'demo') return { name, shape: DEMO_SIZED_CATALOGUE };
  if (name !== 'default') throw new Error(`BENCH_CATALOGUE: "${name}" is not a catalogue (default, large, demo)`);
  return { name, shape: fallback };
}

const DESCRIPTION = `repeat('Friends set off on a small adventure and learn something on the way. ', 3)`;

export function catalogueSql(shape: CatalogueShape): string[] {
  const { brands, brandLangs, bigBrandEpisodes, episodesPerBrand, promoCodes } = shape;
  const perSeason = Math.ceil(bigBrandEpisodes / 20);
  const extra = Math.max(0, (shape.episodes ?? 0) - bigBrandEpisodes - (brands - 1) * episodesPerBrand);
  if (extra > brands - 1) throw new Error('catalogueSql: more episodes than one extra for each brand');
  // Codes sort as text in number order: as wide as the largest number.
  const codeWidth = Math.max(6, String(promoCodes).length);
  return [
    // Without triggers (the audit log's, one row a changed row, and the foreign keys' checks): a million promo
    // codes audited one by one took minutes; the rows are consistent by construction. Superuser only, as here.
    'set session_replication_role = replica',
    `insert into brands (name, slug, age_rating, logo_url, sort, is_published, created_at, updated_at)
     select 'Brand ' || lpad(i::text, 4, '0'), 'brand-' || i, (array['0+','3+','6+','12+'])[1 + i % 4],
            case when i % 3 = 0 then null else '/media/images/brand-' || i || '.png' end,
            case when i = 1 then -1 else i % 10 end, i % 20 <> 0,
            now() - (i || ' hours')::interval, now() - (i || ' minutes')::interval
     from generate_series(1, ${brands}) i`,
    `insert into brand_langs (brand_id, lang_id, title, description, logo_url, is_published)
     select b, l, 'Brand ' || b || ' (' || l || ')', ${DESCRIPTION},
            case when l % 2 = 0 then '/media/images/brand-' || b || '-' || l || '.png' end, (b + l) % 7 <> 0
     from generate_series(1, ${brands}) b, generate_series(1, ${brandLangs}) l`,
    // Two rules a brand: where it may be shown, and where not.
    `insert into country_rules (brand_id, code2, exclude)
     select b, array['US','GB','DE','FR','ES','IT','NL','PL'], false from generate_series(1, ${brands}) b
     union all
     select b, array['RU','BY'], true from generate_series(1, ${brands}) b`,
    `insert into content (brand_id, season, sort_number, duration_sec, is_published)
     select 1, 1 + (i - 1) / ${perSeason}, 1 + (i - 1) % ${perSeason}, 300 + i % 900, i % 50 <> 0
     from generate_series(1, ${bigBrandEpisodes}) i
     union all
     select b, 1, i, 600, true from generate_series(2, ${brands}) b, generate_series(1, ${episodesPerBrand}) i
     union all
     select 1 + i, 1, ${episodesPerBrand} + 1, 600, true from generate_series(1, ${extra}) i`,
    // Three language versions of every episode of the big brand, one of the others'.
    `insert into content_langs (content_id, lang_id, title, description, is_published)
     select c.id, l, 'Episode ' || c.season || '.' || c.sort_number || ' (' || l || ')', ${DESCRIPTION}, true
     from content c, generate_series(1, 3) l where c.brand_id = 1
     union all
     select c.id, 1, 'Episode ' || c.sort_number, '', true from content c where c.brand_id <> 1`,
    `insert into video_files (ext_id, name, storage_key, size_bytes, duration_sec, status, progress, playback_url,
                              content_lang_id)
     select 'v' || cl.id, 'episode-' || cl.id || '.mp4', 'videos/v' || cl.id || '.mp4', 50000000, 600, 'ready', 100,
            '/media/hls/v' || cl.id || '/master.m3u8', cl.id
     from content_langs cl where cl.lang_id = 1`,
    `insert into promo_codes (code, description, kind, value, max_uses, used_count, valid_from, valid_until, is_active,
                              created_at, updated_at)
     select 'CODE-' || lpad(i::text, ${codeWidth}, '0'), 'Campaign ' || (i % 40), (array['free_days','percent_off'])[1 + i % 2],
            1 + i % 90, case when i % 4 = 0 then null else 1000 end, i % 1000,
            date '2026-01-01' + (i % 300), date '2026-01-01' + (i % 300) + 60, i % 10 <> 0,
            timestamp '2026-01-01' + (i || ' minutes')::interval, timestamp '2026-01-01' + (i || ' minutes')::interval
     from generate_series(1, ${promoCodes}) i`,
    'reset session_replication_role',
    // What autovacuum does on a live database: statistics and the visibility map (index-only scans).
    'vacuum analyze',
  ];
}
