import { describe, expect, it } from 'vitest';
import { api as addresses } from './client.ts';
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
    // A call added to api needs its address in client.ts (typecheck names the missing key; this the values).
    expect(project(addresses)).toEqual(project(api));
  });

  it('re-exports the same constants', async () => {
    const client = await import('./client.ts');
    expect(client.AGE_RATINGS).toBe(AGE_RATINGS);
    expect(client.DEFAULT_LANG_ID).toBe(DEFAULT_LANG_ID);
  });
});
