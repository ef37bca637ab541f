import { describe, expect, it } from 'vitest';
import { api as addresses, callUrl } from './client.ts';
import { AGE_RATINGS, api, DEFAULT_LANG_ID } from './index.ts';

describe('the zod-free client part of the contract', () => {
  it('has every call of api with the same method, path and public flag', () => {
    const project = (calls: Record<string, Record<string, { method: string; path: string; public?: boolean }>>) =>
      Object.fromEntries(
        Object.entries(calls).map(([domain, byName]) => [
          domain,
          Object.fromEntries(
            Object.entries(byName).map(([name, c]) => [
              name,
              { method: c.method, path: c.path, ...(c.public ? { public: true } : {}) },
            ]),
          ),
        ]),
      );
    // Both take their addresses from addresses.ts: this catches a call that took another's, or wrote its own.
    expect(project(addresses)).toEqual(project(api));
  });

  it('fills a path’s params and appends the query', () => {
    expect(callUrl(addresses.promoCode.update, { params: { id: 7 } })).toBe('/api/promo-codes/7/update/');
    expect(callUrl(addresses.upload.upload, { query: { type: 'image', platform: undefined } })).toBe(
      '/api/content/upload?type=image',
    );
    expect(callUrl(addresses.catalog.publish, { query: { lang: 'pt br&' } })).toBe(
      '/api/content/upload_json?lang=pt%20br%26',
    );
  });

  it('re-exports the same constants', async () => {
    const client = await import('./client.ts');
    expect(client.AGE_RATINGS).toBe(AGE_RATINGS);
    expect(client.DEFAULT_LANG_ID).toBe(DEFAULT_LANG_ID);
  });
});
