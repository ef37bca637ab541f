/** Why an item is not shown, in words, and where it is fixed: for the preview and a build's left-out list. */
import type { HiddenItem, HiddenReason } from '@kids-vod/contract';
import { isVideoProblem, videoProblemWords } from '../readiness/index.ts';
import { type EditScreen, editAddress } from '../screen/index.ts';

/** Where the words of a reason come from: the catalogue's language and, in a preview, the country. */
export interface HiddenContext {
  language: string;
  /** Null for a build's list: the build is for every country. */
  country: string | null;
}

/** Each reason code of api.md in plain words, as an editor asks "why is it not shown?". */
export function reasonWords(reason: HiddenReason, { language, country }: HiddenContext): string {
  if (isVideoProblem(reason)) return videoProblemWords(reason, language);
  switch (reason) {
    case 'unpublished':
      return 'Not published';
    case 'brand_unpublished':
      return `Its brand is not shown in ${language}`;
    case 'no_version':
      return `No ${language} version`;
    case 'version_unpublished':
      return `Its ${language} version is not published`;
    case 'not_in_country':
      return `Not watchable in ${country ?? 'this country'}`;
    case 'brand_not_in_country':
      return `Its brand is not watchable in ${country ?? 'this country'}`;
    case 'not_yet_available':
      return 'Not available yet at this moment';
    case 'no_longer_available':
      return 'No longer available at this moment';
    case 'deleted':
      return 'Deleted (in the bin)';
    case 'target_hidden':
      return 'What it opens or shows is not shown here';
    case 'no_playable_content':
      return `No episode a child can watch in ${language}`;
  }
}

/** The screen of each kind of item an edit modal opens. */
const HIDDEN_SCREENS: Record<Exclude<HiddenItem['kind'], 'link' | 'string'>, EditScreen> = {
  brand: 'brands',
  content: 'content',
  promo: 'promo',
  stream: 'streams',
};

/** The console's address of an item, where it is fixed (docs/decisions/017-a-link-to-every-item.md). */
export function itemAddress(item: Pick<HiddenItem, 'kind' | 'id' | 'brand_id' | 'lang_id'>): string | null {
  switch (item.kind) {
    case 'link':
      return item.brand_id ? `/admin/content?brand=${item.brand_id}` : null;
    case 'string':
      return '/admin/locales';
    default:
      return editAddress(HIDDEN_SCREENS[item.kind], item);
  }
}
