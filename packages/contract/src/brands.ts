import { z } from 'zod';
import { addresses } from './addresses.ts';
import { BRAND_SORTS } from './brand-rows.ts';
import {
  availability,
  availabilityInput,
  call,
  Id,
  IdBody,
  listPaging,
  MediaUrl,
  Moment,
  Ok,
  Timestamp,
  UpdatedAtGuard,
} from './common.ts';
import { AGE_RATINGS } from './constants.ts';
import { Readiness, ReadinessList, ReadinessListBody } from './readiness.ts';

export { AGE_RATINGS };
export const AgeRating = z.enum(AGE_RATINGS);

export const Slug = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single hyphens');

export const CountryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'A country is a two-letter ISO code');

export const BrandLang = z.object({
  id: Id,
  brand_id: Id,
  lang_id: Id,
  title: z.string(),
  description: z.string(),
  logo_url: z.string().nullable(),
  is_published: z.boolean(),
  updated_at: Timestamp,
});
export type BrandLang = z.infer<typeof BrandLang>;

export const CountryRule = z.object({
  id: Id,
  brand_id: Id,
  code2: z.array(z.string()),
  exclude: z.boolean(),
  /** The rule applies from `starts_at` (inclusive) to `ends_at` (exclusive); null: no limit. */
  starts_at: Moment,
  ends_at: Moment,
  created_at: Timestamp,
});
export type CountryRule = z.infer<typeof CountryRule>;

export const Brand = z.object({
  id: Id,
  name: z.string(),
  slug: z.string(),
  age_rating: AgeRating,
  logo_url: z.string().nullable(),
  sort: z.int(),
  is_published: z.boolean(),
  ...availability,
  created_at: Timestamp,
  updated_at: Timestamp,
  langs: z.array(BrandLang),
  country_rules: z.array(CountryRule),
});
export type Brand = z.infer<typeof Brand>;

/**
 * What the brands table shows of a language version: which language, and whether it is published. The version
 * itself (title, description, logo) is read with `brand_lang/list` when the brand is opened.
 */
export const BrandRowLang = BrandLang.pick({ id: true, lang_id: true, is_published: true });
/**
 * A brand as the brands table (and every brand picker) shows it: the brand's own fields, its country rules, and
 * of its language versions only which there are. A full `Brand` is one too, so a save's answer takes a row's place.
 */
export const BrandRow = Brand.extend({ langs: z.array(BrandRowLang) });
export type BrandRow = z.infer<typeof BrandRow>;

/**
 * A brand as a picker or a sentence names it: a thousand brands' names are a few kilobytes, where their table rows
 * (language versions, country rules) are fifty (decision 040).
 */
export const BrandName = Brand.pick({ id: true, name: true });
export type BrandName = z.infer<typeof BrandName>;

/**
 * `full` (the default): the spec's Brand with each language version whole; `table`: BrandRow (decision 033);
 * `names`: BrandName, every brand (decision 040).
 */
export const BRAND_LIST_FIELDS = ['full', 'table', 'names'] as const;
export const BrandListBody = z
  .object({
    // Beyond the spec's `{}`, and optional: 1,000 brands × 10 versions with their descriptions are megabytes.
    fields: z.enum(BRAND_LIST_FIELDS).default('full'),
    // `search`: in a name or a slug, as typed, in any case; with `limit`, a `BrandPage` (decision 033).
    ...listPaging,
    /** A column of the brands table (brand-rows.ts); by `sort`, then id, unless given. */
    sort: z.enum(BRAND_SORTS).optional(),
  })
  .refine((b) => b.fields !== 'names' || (b.search ?? b.sort ?? b.dir ?? b.offset ?? b.limit) === undefined, {
    path: ['fields'],
    message: "'names' answers every brand by sort, then id: leave out search, sort, dir, offset and limit",
  });
export type BrandListBody = z.input<typeof BrandListBody>;

/** A page of brands: the page's rows, how many match the search, and how many brands there are. */
export const BrandPage = z.object({ rows: z.array(BrandRow), count: z.int(), total: z.int() });
export type BrandPage = z.infer<typeof BrandPage>;

const brandFields = {
  name: z.string().trim().min(1, 'Enter a name').max(200),
  slug: Slug.optional(),
  age_rating: AgeRating.default('0+'),
  logo_url: MediaUrl.nullable().optional(),
  sort: z.int().min(-1_000_000).max(1_000_000).default(0),
  is_published: z.boolean().default(false),
  ...availabilityInput,
};
export const BrandAddBody = z.object(brandFields);
export type BrandAddBody = z.input<typeof BrandAddBody>;
export const BrandUpdateBody = z.object({
  id: Id,
  name: brandFields.name.optional(),
  slug: Slug.optional(),
  age_rating: AgeRating.optional(),
  logo_url: brandFields.logo_url,
  sort: z.int().min(-1_000_000).max(1_000_000).optional(),
  is_published: z.boolean().optional(),
  ...availabilityInput,
  ...UpdatedAtGuard,
});
export type BrandUpdateBody = z.input<typeof BrandUpdateBody>;

const brandLangFields = {
  brand_id: Id,
  lang_id: Id,
  title: z.string().trim().max(200).default(''),
  description: z.string().max(5000).default(''),
  logo_url: MediaUrl.nullable().optional(),
  is_published: z.boolean().default(false),
};
export const BrandLangAddBody = z.object(brandLangFields);
export type BrandLangAddBody = z.input<typeof BrandLangAddBody>;
export const BrandLangUpdateBody = z.object({
  id: Id,
  brand_id: Id.optional(),
  lang_id: Id.optional(),
  title: z.string().trim().max(200).optional(),
  description: z.string().max(5000).optional(),
  logo_url: brandLangFields.logo_url,
  is_published: z.boolean().optional(),
  ...UpdatedAtGuard,
});
export type BrandLangUpdateBody = z.input<typeof BrandLangUpdateBody>;

export const BrandIdBody = z.object({ brand_id: Id });

export const CountryRuleAddBody = z.object({
  brand_id: Id,
  code2: z.array(CountryCode).min(1, 'Choose at least one country').max(300),
  exclude: z.boolean().default(false),
  starts_at: Moment.optional(),
  ends_at: Moment.optional(),
});
export type CountryRuleAddBody = z.input<typeof CountryRuleAddBody>;

export const brandCalls = {
  list: call({
    ...addresses.brand.list,
    read: true,
    summary:
      'Brands with their language versions (whole, or only which there are) and country rules, or only their names; searched, sorted, a page with `limit`',
    body: BrandListBody,
    // Names last: a Brand or a BrandRow read as a name would lose its other fields.
    response: z.union([z.array(Brand), z.array(BrandRow), BrandPage, z.array(BrandName)]),
  }),
  get: call({
    ...addresses.brand.get,
    read: true,
    summary: 'One brand, as the list answers it whole; unknown or in the bin: 404',
    body: IdBody,
    response: Brand,
  }),
  add: call({ ...addresses.brand.add, summary: 'Create a brand', body: BrandAddBody, response: Brand }),
  update: call({
    ...addresses.brand.update,
    summary: 'Change a brand',
    body: BrandUpdateBody,
    response: Brand,
  }),
  langList: call({
    ...addresses.brand.langList,
    read: true,
    summary: 'Language versions of a brand',
    body: BrandIdBody,
    response: z.array(BrandLang),
  }),
  langAdd: call({
    ...addresses.brand.langAdd,
    summary: 'Add a language version to a brand',
    body: BrandLangAddBody,
    response: BrandLang,
  }),
  langUpdate: call({
    ...addresses.brand.langUpdate,
    summary: 'Change a language version of a brand',
    body: BrandLangUpdateBody,
    response: BrandLang,
  }),
  addCountryRule: call({
    ...addresses.brand.addCountryRule,
    summary: 'Add a rule of countries where the brand may (or may not) be watched',
    body: CountryRuleAddBody,
    response: CountryRule,
  }),
  delCountryRule: call({
    ...addresses.brand.delCountryRule,
    summary: 'Delete a country rule',
    body: IdBody,
    response: Ok,
  }),
  listCountryRule: call({
    ...addresses.brand.listCountryRule,
    read: true,
    summary: 'Country rules of a brand',
    body: BrandIdBody,
    response: z.array(CountryRule),
  }),
  delete: call({
    ...addresses.brand.delete,
    summary: 'Move a brand, with its content, to the bin',
    body: IdBody,
    response: Ok,
  }),
  langDelete: call({
    ...addresses.brand.langDelete,
    summary: 'Move a language version of a brand to the bin',
    body: IdBody,
    response: Ok,
  }),
  readiness: call({
    ...addresses.brand.readiness,
    read: true,
    summary:
      'Per language the brand has a version in: how many episodes a child could watch now, and what stops the rest',
    body: z.object({ brand_id: Id }),
    response: Readiness,
  }),
  readinessList: call({
    ...addresses.brand.readinessList,
    read: true,
    summary:
      'Every brand and language with problems across the catalogue, the soonest to become available first (a worklist)',
    body: ReadinessListBody,
    response: ReadinessList,
  }),
};
