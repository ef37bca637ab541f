import { api } from '@kids-vod/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let seq = 0;
async function newBrand(name?: string): Promise<{ id: number; name: string }> {
  seq += 1;
  const res = await t.send(api.brand.add, { name: name ?? `Link brand ${seq}`, slug: `link-brand-${seq}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function newContent(fields: Record<string, unknown>): Promise<{ id: number; updated_at: string }> {
  const res = await t.send(api.content.add, fields);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function link(brandId: number, contentId: number) {
  const res = await t.send(api.link.add, { brand_id: brandId, content_id: contentId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('content links', () => {
  it('links content of other brands and names it by brand, season, number and English title', async () => {
    const compilation = await newBrand();
    const source = await newBrand('Peppa Pig');
    const episode = await newContent({ brand_id: source.id, season: 2, sort_number: 5 });
    await t.send(api.content.langAdd, { content_id: episode.id, lang_id: 2, title: 'Not English' });
    await t.send(api.content.langAdd, { content_id: episode.id, lang_id: 1, title: 'Muddy Puddles' });
    const untitled = await newContent({ brand_id: source.id, season: 2 });

    const res = await t.send(api.link.add, { brand_id: compilation.id, content_id: episode.id, id: 77 });
    expect(res.statusCode, res.body).toBe(200);
    const first = res.json();
    expect(first).toEqual({
      id: expect.any(Number),
      brand_id: compilation.id,
      content_id: episode.id,
      ct_name: 'Peppa Pig · S2E5 · Muddy Puddles',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const second = await link(compilation.id, untitled.id);
    expect(second.ct_name).toBe('Peppa Pig · S2E6 · ');

    const list = await t.send(api.link.list, { id: 0, brand_id: compilation.id });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([first, second]);
    const filtered = await t.send(api.link.list, { id: untitled.id, brand_id: compilation.id });
    expect(filtered.json()).toEqual([second]);
    expect(await t.call(api.link.list, { brand_id: source.id })).toEqual([]);
  });

  it('computes the name when read, so renames and moves show at once', async () => {
    const compilation = await newBrand();
    const source = await newBrand('Old name');
    const item = await newContent({ brand_id: source.id });
    await link(compilation.id, item.id);
    await t.send(api.brand.update, { id: source.id, name: 'New name' });
    await t.send(api.content.langAdd, { content_id: item.id, lang_id: 1, title: 'Later title' });
    await t.send(api.content.update, { id: item.id, season: 3, sort_number: 4 });
    const [row] = await t.call(api.link.list, { id: 0, brand_id: compilation.id });
    expect(row.ct_name).toBe('New name · S3E4 · Later title');
  });

  it('refuses a duplicate with 409, own content with 400 and unknown brand or content with 404', async () => {
    const compilation = await newBrand();
    const source = await newBrand();
    const own = await newContent({ brand_id: compilation.id });
    const item = await newContent({ brand_id: source.id });
    await link(compilation.id, item.id);

    const dup = await t.refused(api.link.add, { brand_id: compilation.id, content_id: item.id });
    expect(dup.status).toBe(409);
    expect(dup.detail).toBe('This content is already linked into this brand');
    const self = await t.refused(api.link.add, { brand_id: compilation.id, content_id: own.id });
    expect(self.status).toBe(400);
    expect(self.detail).toBe('A brand cannot link its own content');
    expect((await t.refused(api.link.add, { brand_id: 987_654, content_id: item.id })).status).toBe(404);
    expect((await t.refused(api.link.add, { brand_id: compilation.id, content_id: 987_654 })).status).toBe(404);
    expect((await t.refused(api.link.list, { id: 0, brand_id: 987_654 })).status).toBe(404);

    const bad = await t.refused(api.link.add, { brand_id: compilation.id });
    expect(bad.status).toBe(400);
    expect(bad.errors?.map((e: { path: string }) => e.path)).toEqual(['content_id']);
    expect((await t.refused(api.link.list, { id: -1, brand_id: compilation.id })).status).toBe(400);
    expect((await t.refused(api.link.delete, {})).status).toBe(400);
  });

  it('deletes a link, and 404 for an unknown one', async () => {
    const compilation = await newBrand();
    const item = await newContent({ brand_id: (await newBrand()).id });
    const row = await link(compilation.id, item.id);
    const del = await t.send(api.link.delete, { id: row.id });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ ok: true });
    expect((await t.refused(api.link.delete, { id: row.id })).status).toBe(404);
    expect(await t.call(api.link.list, { id: 0, brand_id: compilation.id })).toEqual([]);
    // The content itself is untouched and can be linked again.
    expect((await link(compilation.id, item.id)).content_id).toBe(item.id);
  });

  it('needs a signed-in session', async () => {
    const res = await t.send(api.link.list, { brand_id: 1 }, { token: null });
    expect(res.statusCode).toBe(401);
  });
});
