import { PROMO_CODES_PAGE_SIZE } from '@kids-vod/contract';
import { describe, expect, it } from 'vitest';
import { rememberedPageSize, rememberPageSize } from './page-size.ts';

/** localStorage's interface over a Map, for node. */
function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => items.set(k, v) };
}

describe('the promo codes page size', () => {
  it('is the one chosen last', () => {
    const storage = memoryStorage();
    expect(rememberedPageSize(storage)).toBe(PROMO_CODES_PAGE_SIZE);
    rememberPageSize(storage, 25);
    expect(rememberedPageSize(storage)).toBe(25);
  });

  it('is the default when what is kept is not a size on offer', () => {
    const storage = memoryStorage();
    storage.setItem('promo-codes-page-size', '7');
    expect(rememberedPageSize(storage)).toBe(PROMO_CODES_PAGE_SIZE);
  });
});
