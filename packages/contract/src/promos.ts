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
export const PromoAddBody = z.object({
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
export type PromoAddBody = z.input<typeof PromoAddBody>;
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
