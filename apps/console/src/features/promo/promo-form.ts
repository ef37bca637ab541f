import { DEFAULT_PICKER_COLOR, type Promo } from '@kids-vod/contract';
import { numberOrUndefined } from '../../shared/fields/index.ts';
import { type WindowValues, windowBody } from '../../shared/time/index.ts';

/** The language Select's value for a banner shown in every language (`lang_id: null`). */
export const ALL_LANGUAGES = 'all';

export interface PromoFormValues extends WindowValues {
  title: string;
  /** Selects hold ids as strings; null is "none chosen". */
  brand_id: string | null;
  season: string | null;
  content_id: string | null;
  lang_id: string;
  image_url: string | null;
  button_text: string;
  bg_color: string;
  button_color: string;
  sort: number | string;
  is_active: boolean;
}

export function promoFormValues(promo: Promo | null): PromoFormValues {
  const id = (v: number | null | undefined) => (v == null ? null : String(v));
  return {
    title: promo?.title ?? '',
    brand_id: id(promo?.brand_id),
    season: id(promo?.season),
    content_id: id(promo?.content_id),
    lang_id: promo?.lang_id == null ? ALL_LANGUAGES : String(promo.lang_id),
    image_url: promo?.image_url ?? null,
    button_text: promo?.button_text ?? '',
    bg_color: promo?.bg_color ?? DEFAULT_PICKER_COLOR,
    button_color: promo?.button_color ?? DEFAULT_PICKER_COLOR,
    sort: promo?.sort ?? 0,
    is_active: promo?.is_active ?? true,
    available_from: promo?.available_from ?? null,
    available_until: promo?.available_until ?? null,
  };
}

export function promoBody(values: PromoFormValues) {
  const id = (v: string | null) => (v === null || v === '' ? null : Number(v));
  return {
    title: values.title,
    brand_id: id(values.brand_id),
    season: id(values.season),
    content_id: id(values.content_id),
    lang_id: values.lang_id === ALL_LANGUAGES ? null : Number(values.lang_id),
    image_url: values.image_url,
    button_text: values.button_text,
    bg_color: values.bg_color,
    button_color: values.button_color,
    sort: numberOrUndefined(values.sort),
    is_active: values.is_active,
    ...windowBody(values),
  };
}
