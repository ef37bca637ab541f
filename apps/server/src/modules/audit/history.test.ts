import { type AuditEntry, api } from '@kids-vod/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { addStaff } from '../../test/staff.ts';
import { newVideoFile } from '../../test/videos.ts';

let t: TestApp;
let editorToken = '';
let analystToken = '';
beforeAll(async () => {
  t = await createTestApp();
  editorToken = (await addStaff(t, 'editor')).token;
  analystToken = (await addStaff(t, 'analyst')).token;
});
afterAll(() => t.close());

const ENGLISH = 1;
const RUSSIAN = 2;
let seq = 0;

const page = async (body: Record<string, unknown>, token?: string) => {
  const res = await t.send(api.audit.list, body, token ? { token } : {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: AuditEntry[]; next_before_id: number | null };
};
const what = (items: AuditEntry[]) => items.map((e) => `${e.entity} ${e.action}`);

describe("an item's history with its parts", () => {
  it("gives a brand's language versions, country rules and compilation links with its own entries", async () => {
    const brand = await t.call(api.brand.add, { name: `History Brand ${++seq}` });
    const other = await t.call(api.brand.add, { name: `History Other ${++seq}` });
    const lang = await t.call(api.brand.langAdd, { brand_id: brand.id, lang_id: ENGLISH, title: 'Ducks' });
    await t.call(api.brand.langUpdate, { id: lang.id, title: 'Geese', updated_at: lang.updated_at });
    const rule = await t.call(api.brand.addCountryRule, { brand_id: brand.id, code2: ['GB'] });
    await t.call(api.brand.delCountryRule, { id: rule.id });
    const episode = await t.call(api.content.add, { brand_id: other.id });
    await t.call(api.link.add, { brand_id: brand.id, content_id: episode.id });
    // Another brand's parts are not this brand's.
    await t.call(api.brand.langAdd, { brand_id: other.id, lang_id: ENGLISH, title: 'Not mine' });

    const { items } = await page({ entity: 'brands', entity_id: String(brand.id), with_parts: true });
    expect(what(items)).toEqual([
      'content_links insert',
      'country_rules delete',
      'country_rules insert',
      'brand_langs update',
      'brand_langs insert',
      'brands insert',
    ]);
    expect(items[3]).toMatchObject({ before: { title: 'Ducks' }, after: { title: 'Geese' } });
    // Each entry names the item a screen opens for it: a link is its episode's, in the episode's own brand.
    expect(items.map((e) => e.item)).toEqual([
      { entity: 'content', id: episode.id, brand_id: other.id },
      ...Array(5).fill({ entity: 'brands', id: brand.id }),
    ]);
    // Without the flag: the brand's own row only, as before.
    expect(what((await page({ entity: 'brands', entity_id: String(brand.id) })).items)).toEqual(['brands insert']);
  });

  it("gives an episode's language versions, its videos attached and detached, and its compilation links", async () => {
    const brand = await t.call(api.brand.add, { name: `History Episodes ${++seq}` });
    const compilation = await t.call(api.brand.add, { name: `History Compilation ${++seq}` });
    const episode = await t.call(api.content.add, { brand_id: brand.id });
    const sibling = await t.call(api.content.add, { brand_id: brand.id });
    await t.call(api.content.langAdd, { content_id: episode.id, lang_id: ENGLISH, title: 'One' });
    await t.call(api.content.langAdd, { content_id: sibling.id, lang_id: ENGLISH, title: 'Sibling' });
    const file = await newVideoFile(t);
    await t.call(api.content.attachVideo, { ext_id: file.ext_id, content_id: episode.id, lang_id: RUSSIAN });
    const link = await t.call(api.link.add, { brand_id: compilation.id, content_id: episode.id });
    await t.call(api.link.delete, { id: link.id });

    const { items } = await page({ entity: 'content', entity_id: String(episode.id), with_parts: true });
    const russian = items.find((e) => e.entity === 'content_langs' && e.after?.lang_id === RUSSIAN);
    expect(russian).toBeDefined();
    expect(what(items)).toEqual([
      'content_links delete',
      'content_links insert',
      // The attach gave the episode its video's duration (decision 063), in the same person's name.
      'content update',
      'video_files update',
      'content_langs insert',
      'content_langs insert',
      'content insert',
    ]);
    expect(items[2]).toMatchObject({ before: { duration_sec: 0 }, after: { duration_sec: file.duration_sec } });
    expect(items[3]).toMatchObject({ after: { content_lang_id: Number(russian!.entity_id) } });

    await t.call(api.content.detachVideo, { query: { content_lang_id: Number(russian!.entity_id) } });
    const detached = (await page({ entity: 'content', entity_id: String(episode.id), with_parts: true })).items[0];
    expect(detached).toMatchObject({
      entity: 'video_files',
      before: { content_lang_id: Number(russian!.entity_id) },
      after: { content_lang_id: null },
    });
    expect(new Set(items.map((e) => JSON.stringify(e.item)))).toEqual(
      new Set([JSON.stringify({ entity: 'content', id: episode.id, brand_id: brand.id })]),
    );
    // The sibling's version and the brand's rows are not the episode's.
    expect(items.some((e) => e.after?.title === 'Sibling')).toBe(false);
  });

  it('pages an item with its parts by before_id, newest first, with nothing lost or repeated', async () => {
    const brand = await t.call(api.brand.add, { name: `History Pages ${++seq}` });
    let lang = await t.call(api.brand.langAdd, { brand_id: brand.id, lang_id: ENGLISH, title: 'v0' });
    for (const n of [1, 2, 3, 4]) {
      lang = await t.call(api.brand.langUpdate, { id: lang.id, title: `v${n}`, updated_at: lang.updated_at });
    }
    const body = { entity: 'brands', entity_id: String(brand.id), with_parts: true, limit: 2 };
    const seen: number[] = [];
    let before: number | null | undefined;
    do {
      const next = await page({ ...body, ...(before ? { before_id: before } : {}) });
      seen.push(...next.items.map((e) => e.id));
      before = next.next_before_id;
    } while (before);
    expect(seen).toHaveLength(6);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
    expect(new Set(seen).size).toBe(6);
  });

  it('is read by every role, like the item itself; the whole log stays the admins', async () => {
    const brand = await t.call(api.brand.add, { name: `History Roles ${++seq}` });
    const body = { entity: 'brands', entity_id: String(brand.id), with_parts: true };
    expect((await page(body, analystToken)).items).toHaveLength(1);
    const whole = await t.send(api.audit.list, { csv: true }, { token: editorToken });
    expect(whole.statusCode).toBe(403);
    expect(whole.json<{ detail: string }>().detail).toBeTruthy();
  });

  it('refuses parts asked of something that has none, changing nothing', async () => {
    for (const body of [
      { with_parts: true },
      { entity: 'promos', entity_id: '1', with_parts: true },
      { entity: 'brands', with_parts: true },
    ]) {
      const refusal = await t.refused(api.audit.list, body);
      expect(refusal.status).toBe(400);
      expect(refusal.detail).toBeTruthy();
    }
  });
});

describe('the activity log as CSV', () => {
  it('writes one row per changed field in words, every text cell quoted, formulas defused', async () => {
    const brand = await t.call(api.brand.add, { name: `Ducks ${++seq};=HYPERLINK("x")` });
    await t.call(api.brand.update, { id: brand.id, is_published: true, updated_at: brand.updated_at });
    const lang = await t.call(api.brand.langAdd, { brand_id: brand.id, lang_id: RUSSIAN, title: 'Утки' });
    expect(lang.id).toBeGreaterThan(0);
    const res = await t.send(api.audit.list, {
      entity: 'brands',
      entity_id: String(brand.id),
      with_parts: true,
      csv: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="activity_\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('"Entry","When (UTC)","Person","Kind","Item","Which","What happened","Change"');
    const body = lines.slice(1).join('\n');
    expect(body).toContain('"Brand language version"');
    expect(body).toContain('"Russian version","Created","Title: Утки"');
    expect(body).toContain('"Changed","Published: No → Yes"');
    // Split on ';' as Excel in German does, no cell starts a formula.
    expect(body).toContain(`"Created","Name: Ducks ${seq};'=HYPERLINK(""x"")"`);
    expect(body).not.toMatch(/(^|,|;)"?=/m);
    // Every text cell quoted: a record is numbers and quoted cells only.
    for (const line of lines.slice(1).filter(Boolean)) expect(line).toMatch(/^\d+,"/);
  });

  it('exports the whole filter across batches, newest first, and names the system for changes without a user', async () => {
    const res = await t.send(api.audit.list, { entity: 'languages', csv: true, limit: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.body.split('\r\n').slice(1).filter(Boolean);
    // The first start's languages: more than `limit`, all of them.
    const languages = await t.call(api.reference.langList);
    expect(new Set(rows.map((r) => r.split(',')[0])).size).toBe(languages.length);
    expect(rows.every((r) => r.includes('"System","Language"'))).toBe(true);
  });

  it('answers a filter the database refuses as the list does, not with a download cut off after its headers', async () => {
    // Year 0 is a valid ISO date but out of PostgreSQL's range (found by the bad-input fuzzer).
    const filter = { to: '0000-01-01T00:00:00Z' };
    const list = await t.send(api.audit.list, filter);
    const csv = await t.send(api.audit.list, { ...filter, csv: true });
    expect(csv.statusCode, csv.body).toBe(list.statusCode);
    expect(csv.headers['content-type']).toMatch(/^application\/json/);
    expect(csv.json()).toEqual(list.json());
  });
});
