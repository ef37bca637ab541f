import { type AuditEntry, api, BULK_UPDATE_MAX_IDS } from '@kids-vod/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { addStaff } from '../../test/staff.ts';

/** `content/bulk_update` (api.md "Studio delivery", decision 074) through the real app, on PGlite and PostgreSQL. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function season(name: string, n: number) {
  const brand = await t.call(api.brand.add, { name });
  const ids: number[] = [];
  for (let i = 0; i < n; i++) ids.push((await t.call(api.content.add, { brand_id: brand.id })).id);
  return ids;
}
const items = (ids: number[]) => Promise.all(ids.map((id) => t.call(api.content.get, { id })));
const historyOf = async (id: number, token?: string) => {
  const res = await t.send(api.audit.list, { entity: 'content', entity_id: String(id) }, token ? { token } : {});
  return (res.json() as { items: AuditEntry[] }).items;
};

describe('POST /api/content/bulk_update', () => {
  it('publishes, moves and dates many items in one call, each with its own history entry in the person’s name', async () => {
    const ids = await season('Bulk Bunnies', 4);
    const editor = await addStaff(t, 'editor');
    const set = {
      is_published: true,
      season: 2,
      available_from: '2027-01-01T00:00:00.000Z',
      available_until: '2027-06-01T00:00:00.000Z',
    };
    const answer = await t.call(api.content.bulkUpdate, { ids: [...ids, ids[0]], set }, { token: editor.token });
    expect(answer).toEqual({ updated: 4 });
    for (const item of await items(ids)) expect(item).toMatchObject(set);
    for (const id of ids) {
      const changes = (await historyOf(id)).filter((e) => e.action === 'update');
      expect(changes).toHaveLength(1);
      expect(changes[0]).toMatchObject({ user_email: editor.email, call: 'POST /api/content/bulk_update' });
      expect(changes[0].after).toMatchObject({ is_published: true, season: 2 });
    }
    // The same change again changes nothing and writes no second entry.
    expect(await t.call(api.content.bulkUpdate, { ids, set: { is_published: true } })).toEqual({ updated: 4 });
    expect((await historyOf(ids[0])).filter((e) => e.action === 'update')).toHaveLength(1);
    // Only what is set changes: unpublishing keeps the season and the window.
    await t.call(api.content.bulkUpdate, { ids: ids.slice(0, 2), set: { is_published: false, available_until: null } });
    const [first, , third] = await items(ids);
    expect(first).toMatchObject({ is_published: false, season: 2, available_until: null });
    expect(third).toMatchObject({ is_published: true, available_until: set.available_until });
  });

  it('publishes the items’ language versions with them, but not a language not planned; unpublishing keeps them', async () => {
    const ids = await season('Bulk Beavers', 2);
    // English and Russian, the test database's first two languages.
    const [en, es] = [{ id: 1 }, { id: 2 }];
    for (const id of ids)
      for (const lang of [en, es])
        await t.call(api.content.langAdd, { content_id: id, lang_id: lang.id, title: `T${id}` });
    await t.call(api.content.notPlanned, { content_id: ids[1], lang_id: es.id, not_planned: true });
    await t.call(api.content.bulkUpdate, { ids, set: { is_published: true } });
    const published = async (id: number) =>
      Object.fromEntries(
        (await t.call(api.content.langList, { content_id: id })).map((v) => [v.lang_id, v.is_published]),
      );
    expect(await published(ids[0])).toEqual({ [en.id]: true, [es.id]: true });
    expect(await published(ids[1])).toEqual({ [en.id]: true, [es.id]: false });
    await t.call(api.content.bulkUpdate, { ids, set: { is_published: false } });
    expect(await published(ids[0])).toEqual({ [en.id]: true, [es.id]: true });
    expect((await items(ids)).map((i) => i.is_published)).toEqual([false, false]);
  });

  it('changes nothing when one item is in the bin or unknown, and names them', async () => {
    const ids = await season('All Or Nothing', 3);
    await t.call(api.content.delete, { id: ids[1] });
    const binned = await t.refused(api.content.bulkUpdate, { ids, set: { is_published: true } });
    expect(binned).toMatchObject({ status: 404, detail: expect.stringContaining(`Content ${ids[1]} does not exist`) });
    const unknown = await t.refused(api.content.bulkUpdate, { ids: [ids[0], 987_654], set: { season: 3 } });
    expect(unknown).toMatchObject({ status: 404, detail: expect.stringContaining('987654') });
    for (const item of await items([ids[0], ids[2]])) expect(item).toMatchObject({ is_published: false, season: 1 });
  });

  it('changes nothing when the change is refused for one item (a window out of order)', async () => {
    const ids = await season('Windows', 2);
    await t.call(api.content.update, { id: ids[1], available_from: '2027-05-01T00:00:00.000Z' });
    const refused = await t.refused(api.content.bulkUpdate, {
      ids,
      set: { is_published: true, available_until: '2027-03-01T00:00:00.000Z' },
    });
    expect(refused.status).toBe(400);
    for (const item of await items(ids)) expect(item).toMatchObject({ is_published: false, available_until: null });
    expect((await historyOf(ids[0])).filter((e) => e.action === 'update')).toHaveLength(0);
  });

  it('refuses no ids, too many, an empty change and a field it does not set, with a sentence', async () => {
    const [id] = await season('Limits', 1);
    const tooMany = Array.from({ length: BULK_UPDATE_MAX_IDS + 1 }, (_, i) => i + 1);
    for (const body of [
      { ids: [], set: { is_published: true } },
      { ids: tooMany, set: { is_published: true } },
      { ids: [id], set: {} },
      { ids: [id], set: { sort_number: 3 } },
      { ids: [id], set: { season: 0 } },
    ]) {
      const refused = await t.refused(api.content.bulkUpdate, body as never);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.detail).toBeTruthy();
    }
  });

  it('is a catalogue change', async () => {
    const [id] = await season('Read Only', 1);
    const analyst = await addStaff(t, 'analyst');
    const refused = await t.refused(
      api.content.bulkUpdate,
      { ids: [id], set: { is_published: true } },
      { token: analyst.token },
    );
    expect(refused.status).toBe(403);
  });
});
