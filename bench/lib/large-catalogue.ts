/** The benchmark catalogue of bench/catalog.ts (and bench/publishing.ts): 1,000 brands × 50,000 episodes. */
export const BRANDS = 1_000;
export const EPISODES = 50_000;
const COMPILATIONS = 10;
const LINKS_PER_COMPILATION = 100;

/**
 * Set-based seed: every table in one INSERT … SELECT. Russian versions (without videos) are added too, so
 * the English catalogue's joins have rows to leave out, as on a real database.
 */
export const SEED = [
  `insert into brands (name, slug, age_rating, logo_url, sort, is_published)
     select 'Brand ' || i, 'brand-' || i, (array['0+', '3+', '6+', '12+'])[1 + i % 4],
            '/media/images/brand-' || i || '.png', i, i % 50 <> 0
     from generate_series(1, ${BRANDS}) i`,
  `insert into brand_langs (brand_id, lang_id, title, description, logo_url, is_published)
     select id, l, 'The adventures of ' || name, repeat('A story about friendship and courage. ', 5),
            case when id % 3 = 0 then '/media/images/brand-' || id || '-' || l || '.png' end, true
     from brands, (values (1), (2)) v(l)`,
  `insert into country_rules (brand_id, code2, exclude)
     select id, array['DE', 'AT', 'CH'], false from brands where id % 10 = 0
     union all select id, array['FR'], false from brands where id % 20 = 0
     union all select id, array['RU', 'BY'], true from brands where id % 7 = 0`,
  // 50 episodes a brand (5 seasons of 10); 1 in 100 unpublished, 1 in 50 brands unpublished.
  `insert into content (brand_id, season, sort_number, duration_sec, is_published)
     select 1 + (i - 1) / 50, 1 + ((i - 1) % 50) / 10, 1 + (i - 1) % 10, 600 + i % 300, i % 100 <> 0
     from generate_series(1, ${EPISODES}) i`,
  `insert into content_langs (content_id, lang_id, title, description, thumbnail_url, is_published)
     select id, l, 'Episode ' || sort_number || ': the big day ' || id, repeat('Something happens and everyone learns. ', 4),
            '/media/thumbs/' || md5(id::text) || '.jpg', true
     from content, (values (1), (2)) v(l)`,
  // Processed videos (ready, with their HLS master and poster), as the catalogue lists them.
  `insert into video_files (ext_id, name, storage_key, size_bytes, duration_sec, status, progress, playback_url,
                            thumbnail_url, content_lang_id)
     select 'vid-' || id, 'episode-' || id || '.mp4', 'videos/' || md5(id::text) || '.mp4', 250000000, 600, 'ready', 100,
            'https://cdn.example.com/videos/' || md5(id::text) || '/index.m3u8',
            'https://cdn.example.com/videos/' || md5(id::text) || '/poster.jpg', id
     from content_langs where lang_id = 1`,
  // The last 10 brands are also compilations, each linking 100 episodes of brands 1..980.
  `insert into content_links (brand_id, content_id)
     select ${BRANDS} - ${COMPILATIONS} + 1 + (i - 1) / ${LINKS_PER_COMPILATION}, 1 + (i * 37) % 49000
     from generate_series(1, ${COMPILATIONS * LINKS_PER_COMPILATION}) i`,
  `insert into promos (title, lang_id, brand_id, sort, is_active)
     select 'Promo ' || i, case when i % 2 = 0 then 1 end, i, i, i % 5 <> 0 from generate_series(1, 20) i`,
  `insert into streams (lang_id, title, url, sort)
     select 1 + i % 2, 'Stream ' || i, 'https://live.example.com/' || i || '.m3u8', i from generate_series(1, 20) i`,
  `insert into locale_keys (key) select 'app.string.' || i from generate_series(1, 500) i`,
  `insert into locale_strings (key, lang_id, value) select key, l, 'Text of ' || key from locale_keys, (values (1), (2)) v(l)`,
  'vacuum analyze',
];
