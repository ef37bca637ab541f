import {
  type Catalogue,
  type CatalogueKind,
  type HiddenItem,
  mayWatch,
  type Preview,
  type PreviewBody,
} from '@kids-vod/contract';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { unknownCountries } from '../reference/index.ts';
import { type ListedLink, languageOf } from './data.ts';
import { catalogueInMemory } from './write.ts';

const KIND_ORDER: CatalogueKind[] = ['brand', 'content', 'link', 'promo', 'stream', 'string'];

/**
 * The catalogue as an app in `country` shows it, the way docs/catalog-format.md tells apps to: a brand the country
 * may not watch is hidden everywhere (its page, its episodes in compilations, banners that open it). What this
 * hides is added to `hidden` with its reason, beside what the build itself left out.
 */
function seenIn(
  catalogue: Catalogue,
  hidden: HiddenItem[],
  links: ListedLink[],
  country: string,
): { catalogue: Catalogue; hidden: HiddenItem[] } {
  const watchable = new Set(catalogue.brands.filter((b) => mayWatch(b.countries, country)).map((b) => b.id));
  const ownerOf = new Map<number, number>();
  for (const brand of catalogue.brands) for (const item of brand.content) ownerOf.set(item.id, brand.id);
  const more: HiddenItem[] = [];
  for (const brand of catalogue.brands) {
    if (watchable.has(brand.id)) continue;
    more.push({ kind: 'brand', id: brand.id, name: brand.title, reasons: ['not_in_country'] });
    for (const item of brand.content) {
      more.push({
        kind: 'content',
        id: item.id,
        name: item.title,
        reasons: ['brand_not_in_country'],
        brand_id: brand.id,
      });
    }
  }
  for (const link of links) {
    const reasons: HiddenItem['reasons'] = [];
    if (!watchable.has(link.brand_id)) reasons.push('brand_not_in_country');
    const owner = ownerOf.get(link.content_id);
    if (owner === undefined || !watchable.has(owner)) reasons.push('target_hidden');
    if (reasons.length > 0) more.push({ kind: 'link', ...link, reasons });
  }
  const promos = catalogue.promos.filter((p) => {
    const reasons: HiddenItem['reasons'] = [];
    if (p.brand_id !== null && !watchable.has(p.brand_id)) reasons.push('brand_not_in_country');
    const owner = p.content_id === null ? undefined : ownerOf.get(p.content_id);
    if (owner !== undefined && !watchable.has(owner) && owner !== p.brand_id) reasons.push('target_hidden');
    if (reasons.length === 0) return true;
    more.push({ kind: 'promo', id: p.id, name: p.title, reasons, brand_id: p.brand_id, content_id: p.content_id });
    return false;
  });
  const brands = catalogue.brands
    .filter((b) => watchable.has(b.id))
    .map((b) => ({ ...b, linked_content: b.linked_content.filter((l) => watchable.has(l.brand_id)) }));
  // One list by kind, as the build's: what the country hides first within a kind, then what the build left out.
  const all = [...more, ...hidden];
  const rank = (item: HiddenItem) => KIND_ORDER.indexOf(item.kind);
  const sorted = all
    .map((item, index) => ({ item, index }))
    .sort((a, b) => rank(a.item) - rank(b.item) || a.index - b.index);
  return { catalogue: { ...catalogue, brands, promos }, hidden: sorted.map((s) => s.item) };
}

/**
 * The preview: the same pass that writes the published file (buildCatalogue), in one REPEATABLE READ snapshot,
 * then filtered for the country as an app does. It shows the moment `at` (default now), past or future: what a
 * file built then would hold; `generated_at` and the answer's `at` are that moment, in UTC.
 */
export async function previewCatalogue(db: Db, body: PreviewBody, publicUrl?: string): Promise<Preview> {
  const at = new Date(body.at ?? Date.now()).toISOString();
  const [unknown] = await unknownCountries(db, [body.country]);
  if (unknown)
    throw badRequest(`Unknown country ${unknown}`, [{ path: 'country', message: `Unknown country ${unknown}` }]);
  const lang = await languageOf(db, body.lang);
  const { catalogue, rest } = await db.transaction((tx) => catalogueInMemory(tx, lang, at, { publicUrl }), {
    isolationLevel: 'repeatable read',
  });
  return {
    ...seenIn(catalogue, rest.hidden, rest.links, body.country.toUpperCase()),
    at,
    video_processing: rest.counts.content_video_processing,
  };
}
