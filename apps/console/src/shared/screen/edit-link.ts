// The link to an item, apart from the edit lifecycle (shared/editing) that opens it: the history, the hidden
// items and the readiness list link to items, and the editor shows the history (decision 070: one way down).

/** The screens whose edit modal an address opens, by their path under /admin. */
export type EditScreen = 'brands' | 'content' | 'streams' | 'promo' | 'promocodes';

/**
 * The address that opens an item in its screen's edit modal (docs/decisions/017-a-link-to-every-item.md): content
 * opens within its brand (null without one), on its language version's tab when one is named; a stream within its
 * language where that is known.
 */
export function editAddress(
  screen: EditScreen,
  item: { id: number; brand_id?: number | null; lang_id?: number | null },
): string | null {
  switch (screen) {
    case 'content':
      if (!item.brand_id) return null;
      return `/admin/content?brand=${item.brand_id}&edit=${item.id}${item.lang_id ? `&lang=${item.lang_id}` : ''}`;
    case 'streams':
      return item.lang_id ? `/admin/streams?lang=${item.lang_id}&edit=${item.id}` : `/admin/streams?edit=${item.id}`;
    default:
      return `/admin/${screen}?edit=${item.id}`;
  }
}
