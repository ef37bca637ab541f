import {
  type api,
  type BRAND_LIST_FIELDS,
  type Brand,
  type BrandLang,
  type BrandName,
  type BrandPage,
  type BrandRow,
  brandMatches,
  type CountryRule,
  sortBrands,
} from '@kids-vod/contract';
import transliterate from '@sindresorhus/slugify';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { brandLangs, brands, countryRules } from '../../db/schema.ts';
import { readAll } from '../../lib/actor.ts';
import { badRequest, itemNotFound, notFound } from '../../lib/errors.ts';
import { guardedUpdate } from '../../lib/guarded-update.ts';
import { brandLangShown, notInBin, shownColumns } from '../../lib/in-bin.ts';
import type { Body } from '../../lib/route.ts';
import { unknownCountries } from '../reference/index.ts';

type BrandListFields = Exclude<(typeof BRAND_LIST_FIELDS)[number], 'names'>;
type Parsed<K extends keyof typeof api.brand> = Body<(typeof api.brand)[K]>;

/**
 * A slug from a name: transliterated (Cyrillic and other scripts, by @sindresorhus/slugify), lower-case Latin letters
 * and digits joined by single hyphens. Accents on Latin letters are dropped first ("Kätze" gives "katze", not the
 * German "kaetze"), as slugs were derived before the transliteration came.
 */
export function slugify(name: string): string {
  const plainLatin = name
    .normalize('NFD')
    .replace(/([a-z])[\u0300-\u036f]+/gi, '$1')
    .normalize('NFC');
  return transliterate(plainLatin, { decamelize: false }).slice(0, 100).replace(/-+$/, '');
}

/**
 * Brands (all, or the one `id`) with their language versions and country rules, the three read at once: the
 * children by brand id or all of them, never hundreds of ids sent back as parameters (half the list's time in
 * drizzle). Children of a brand added meanwhile are skipped. `table`: of each version only which language and
 * whether published (decision 033), without its brand_id (the row it sits in says it).
 */
async function brandsWithChildren(db: Executor, fields: BrandListFields, id?: number): Promise<Brand[] | BrandRow[]> {
  const ofBrand = id === undefined ? undefined : eq(brandLangs.brand_id, id);
  const [rows, langs, rules] = await readAll(
    db,
    () =>
      db
        .select(shownColumns(brands))
        .from(brands)
        .where(and(notInBin(brands), id === undefined ? undefined : eq(brands.id, id)))
        .orderBy(asc(brands.sort), asc(brands.id)),
    () =>
      fields === 'table'
        ? db
            .select({
              brand_id: brandLangs.brand_id,
              version: { id: brandLangs.id, lang_id: brandLangs.lang_id, is_published: brandLangs.is_published },
            })
            .from(brandLangs)
            .where(and(notInBin(brandLangs), ofBrand))
            .orderBy(asc(brandLangs.lang_id))
        : db
            .select({ brand_id: brandLangs.brand_id, version: shownColumns(brandLangs) })
            .from(brandLangs)
            .where(and(notInBin(brandLangs), ofBrand))
            .orderBy(asc(brandLangs.lang_id)),
    () =>
      db
        .select()
        .from(countryRules)
        .where(id === undefined ? undefined : eq(countryRules.brand_id, id))
        .orderBy(asc(countryRules.id)),
  );
  const byBrand = new Map(
    rows.map((b) => [
      b.id,
      { ...b, langs: [] as (typeof langs)[number]['version'][], country_rules: [] as CountryRule[] },
    ]),
  );
  for (const l of langs) byBrand.get(l.brand_id)?.langs.push(l.version);
  for (const r of rules) byBrand.get(r.brand_id)?.country_rules.push(r);
  return [...byBrand.values()] as Brand[] | BrandRow[];
}

/**
 * Every brand (not in the bin), by `sort` then id: whole (the spec's Brand), or as the brands table shows it;
 * searched and sorted when asked (the contract's brand-rows.ts, as the table's columns read), and a page with
 * `limit`. A page is cut from the whole table, read through `readOnce` (the request's `keptRead`: once per change
 * of the catalogue): a catalogue has hundreds of brands, not millions, and the order must be the one the table
 * shows (en-GB text, "Where available" in its words now), which neither database's collation gives.
 */
export async function listBrands(
  db: Executor,
  body: Parsed<'list'>,
  // Outside a request (the benchmarks), read each time.
  readOnce: FastifyRequest['keptRead'] = (_name, read) => read(),
): Promise<Brand[] | BrandRow[] | BrandPage | BrandName[]> {
  const { fields } = body;
  if (fields === 'names') return readOnce('brand names', () => brandNames(db));
  // A whole Brand is a BrandRow too (its versions carry more).
  const rows: BrandRow[] = await readOnce(`brand table ${fields}`, () => brandsWithChildren(db, fields));
  const search = body.search ?? '';
  const matching = search === '' ? rows : rows.filter((b) => brandMatches(b, search));
  const sorted = sortBrands(matching, body.sort, body.dir ?? 'asc');
  if (body.limit === undefined) return sorted;
  const offset = body.offset ?? 0;
  return { rows: sorted.slice(offset, offset + body.limit), count: sorted.length, total: rows.length };
}

/** Every brand's id and name (not in the bin), by `sort` then id: what a picker lists (decision 040). */
function brandNames(db: Executor): Promise<BrandName[]> {
  return db
    .select({ id: brands.id, name: brands.name })
    .from(brands)
    .where(notInBin(brands))
    .orderBy(asc(brands.sort), asc(brands.id));
}

export async function getBrand(db: Executor, id: number): Promise<Brand> {
  const [brand] = (await brandsWithChildren(db, 'full', id)) as Brand[];
  if (!brand) throw itemNotFound('Brand', id);
  return brand;
}

/** 404 unless the brand exists (and is not in the bin). */
export async function assertBrand(db: Executor, id: number): Promise<void> {
  const [row] = await db
    .select({ id: brands.id })
    .from(brands)
    .where(and(eq(brands.id, id), notInBin(brands)));
  if (!row) throw notFound('Brand');
}

export async function addBrand(db: Executor, body: Parsed<'add'>): Promise<Brand> {
  const slug = body.slug ?? slugify(body.name);
  if (!slug)
    throw badRequest('The name has no letters or digits to make a slug from: enter a slug', [
      { path: 'slug', message: 'Enter a slug' },
    ]);
  const [row] = await db
    .insert(brands)
    .values({ ...body, slug, logo_url: body.logo_url || null })
    .returning({ id: brands.id });
  return getBrand(db, row.id);
}

export async function updateBrand(db: Executor, body: Parsed<'update'>): Promise<Brand> {
  const { id, updated_at, ...changes } = body;
  await guardedUpdate(
    db,
    brands,
    id,
    { ...changes, logo_url: changes.logo_url === '' ? null : changes.logo_url },
    updated_at,
    'Brand',
  );
  return getBrand(db, id);
}

export async function listBrandLangs(db: Executor, brandId: number): Promise<BrandLang[]> {
  await assertBrand(db, brandId);
  return db
    .select(shownColumns(brandLangs))
    .from(brandLangs)
    .where(and(eq(brandLangs.brand_id, brandId), notInBin(brandLangs)))
    .orderBy(asc(brandLangs.lang_id));
}

export async function getBrandLang(db: Executor, id: number): Promise<BrandLang> {
  const [row] = await db
    .select(shownColumns(brandLangs))
    .from(brandLangs)
    .where(and(eq(brandLangs.id, id), brandLangShown()));
  if (!row) throw notFound('Brand language version');
  return row;
}

export async function addBrandLang(db: Executor, body: Parsed<'langAdd'>): Promise<BrandLang> {
  await assertBrand(db, body.brand_id);
  const [row] = await db
    .insert(brandLangs)
    .values({ ...body, logo_url: body.logo_url || null })
    .returning({ id: brandLangs.id });
  return getBrandLang(db, row.id);
}

export async function updateBrandLang(db: Executor, body: Parsed<'langUpdate'>): Promise<BrandLang> {
  const { id, updated_at, ...changes } = body;
  // 404 when its brand is in the bin; the version's own bin state is guardedUpdate's.
  await getBrandLang(db, id);
  if (changes.brand_id !== undefined) await assertBrand(db, changes.brand_id);
  await guardedUpdate(
    db,
    brandLangs,
    id,
    { ...changes, logo_url: changes.logo_url === '' ? null : changes.logo_url },
    updated_at,
    'Brand language version',
  );
  return getBrandLang(db, id);
}

export async function addCountryRule(db: Executor, body: Parsed<'addCountryRule'>): Promise<CountryRule> {
  await assertBrand(db, body.brand_id);
  const code2 = [...new Set(body.code2)];
  const unknown = await unknownCountries(db, code2);
  if (unknown.length > 0) {
    throw badRequest(`Unknown country code: ${unknown.join(', ')}`, [
      { path: 'code2', message: 'Unknown country code' },
    ]);
  }
  const [row] = await db
    .insert(countryRules)
    .values({ brand_id: body.brand_id, code2, exclude: body.exclude, starts_at: body.starts_at, ends_at: body.ends_at })
    .returning();
  return row;
}

export async function deleteCountryRule(db: Executor, id: number): Promise<void> {
  const deleted = await db.delete(countryRules).where(eq(countryRules.id, id)).returning({ id: countryRules.id });
  if (deleted.length === 0) throw notFound('Country rule');
}

export async function listCountryRules(db: Executor, brandId: number): Promise<CountryRule[]> {
  await assertBrand(db, brandId);
  return db.select().from(countryRules).where(eq(countryRules.brand_id, brandId)).orderBy(asc(countryRules.id));
}
