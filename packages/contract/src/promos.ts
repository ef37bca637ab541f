import { z } from 'zod';
import { addresses } from './addresses.ts';
import {
  availability,
  availabilityInput,
  call,
  HexColor,
  Id,
  IdBody,
  MediaUrl,
  Ok,
  Timestamp,
  UpdatedAtGuard,
} from './common.ts';
import { contrastRatio, MIN_BUTTON_CONTRAST } from './readiness.ts';

/** The colour pickers' default. */
export const DEFAULT_PICKER_COLOR = '#ffffff';

export const Promo = z.object({
  id: Id,
  title: z.string(),
  brand_id: Id.nullable(),
  season: z.int().nullable(),
  content_id: Id.nullable(),
  lang_id: Id.nullable(),
  image_url: z.string().nullable(),
  bg_color: z.string(),
  button_color: z.string(),
  button_text: z.string(),
  sort: z.int(),
  is_active: z.boolean(),
  ...availability,
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Promo = z.infer<typeof Promo>;

const promoFields = {
  title: z.string().trim().max(200),
  brand_id: Id.nullable(),
  season: z.int().min(1).max(1000).nullable(),
  content_id: Id.nullable(),
  lang_id: Id.nullable(),
  image_url: MediaUrl.nullable(),
  bg_color: HexColor,
  button_color: HexColor,
  button_text: z.string().trim().max(100),
  sort: z.int().min(-1_000_000).max(1_000_000),
  is_active: z.boolean(),
};
/** The parts of a banner its button is made of: what the contrast and the text rules look at. */
export interface BannerButton {
  bg_color: string;
  button_color: string;
  button_text: string;
}

/**
 * Why a banner's button cannot be read by a child, each as the field it is on and a sentence (decision 064): a
 * button the same colour as its banner (under MIN_BUTTON_CONTRAST, `unreadable_colours`) or one that says nothing.
 * Colours that are not `#rrggbb` are left to their own rule.
 */
export function bannerButtonProblems(b: Partial<BannerButton>): { path: keyof BannerButton; message: string }[] {
  const problems: { path: keyof BannerButton; message: string }[] = [];
  if (b.button_text !== undefined && b.button_text.trim() === '') {
    problems.push({ path: 'button_text', message: 'Write the button text: an empty button tells a child nothing' });
  }
  const hex = /^#[0-9a-fA-F]{6}$/;
  if (b.bg_color && b.button_color && hex.test(b.bg_color) && hex.test(b.button_color)) {
    const ratio = contrastRatio(b.bg_color, b.button_color);
    if (ratio < MIN_BUTTON_CONTRAST) {
      problems.push({
        path: 'button_color',
        message: `Unreadable colours: the button stands out from the background by ${ratio.toFixed(1)}:1, at least ${MIN_BUTTON_CONTRAST}:1 is needed`,
      });
    }
  }
  return problems;
}

/**
 * The button's problems a save answers for: all of them for a new banner; for an edit, only when it changes the
 * button (text or a colour), checked on the button it makes. A banner saved before the rule stays editable, and
 * shows in readiness until its button is fixed (decision 064).
 */
export function buttonProblemsOnSave(next: Partial<BannerButton>, stored?: BannerButton) {
  const keys = ['bg_color', 'button_color', 'button_text'] as const;
  if (stored && keys.every((k) => next[k] === undefined || next[k] === stored[k])) return [];
  return bannerButtonProblems({ ...stored, ...next });
}

/** A new banner's fields, before the button rule (the console's form checks an edit against the banner it edits). */
export const PromoAddFields = z.object({
  title: promoFields.title.default(''),
  brand_id: promoFields.brand_id.default(null),
  season: promoFields.season.default(null),
  content_id: promoFields.content_id.default(null),
  lang_id: promoFields.lang_id.default(null),
  image_url: promoFields.image_url.default(null),
  bg_color: promoFields.bg_color.default(DEFAULT_PICKER_COLOR),
  button_color: promoFields.button_color.default(DEFAULT_PICKER_COLOR),
  button_text: promoFields.button_text.default(''),
  sort: promoFields.sort.default(0),
  is_active: promoFields.is_active.default(true),
  ...availabilityInput,
});
export const PromoAddBody = PromoAddFields.superRefine((b, ctx) => {
  for (const { path, message } of buttonProblemsOnSave(b)) ctx.addIssue({ code: 'custom', path: [path], message });
});
export type PromoAddBody = z.input<typeof PromoAddBody>;
/** The button rule is the server's to check here: it needs the banner as kept (buttonProblemsOnSave). */
export const PromoUpdateBody = z
  .object({ id: Id, ...UpdatedAtGuard, ...availabilityInput })
  .extend(z.object(promoFields).partial().shape);
export type PromoUpdateBody = z.input<typeof PromoUpdateBody>;

export const promoCalls = {
  list: call({
    ...addresses.promo.list,
    read: true,
    summary: 'Promo banners, by sort',
    body: z.object({}),
    response: z.array(Promo),
  }),
  get: call({
    ...addresses.promo.get,
    read: true,
    summary: 'One promo banner, as the list answers it; unknown or in the bin: 404',
    body: IdBody,
    response: Promo,
  }),
  add: call({
    ...addresses.promo.add,
    summary: 'Create a promo banner',
    body: PromoAddBody,
    response: Promo,
  }),
  update: call({
    ...addresses.promo.update,
    summary: 'Change a promo banner',
    body: PromoUpdateBody,
    response: Promo,
  }),
  delete: call({ ...addresses.promo.delete, summary: 'Move a promo banner to the bin', body: IdBody, response: Ok }),
};
