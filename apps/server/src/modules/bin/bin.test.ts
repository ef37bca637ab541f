import { type AuditEntry, api, BIN_DAYS } from '@kids-vod/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoFiles } from '../../db/schema.ts';
import { createJobRunner } from '../../lib/jobs.ts';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '../../test/harness.ts';
import { staffTokens } from '../../test/staff.ts';
import { brandList, contentList } from '../../test/whole-lists.ts';
import { emptyBinJob } from './index.ts';

let t: TestApp;
let tokens: Awaited<ReturnType<typeof staffTokens>>;
beforeAll(async () => {
  t = await createTestApp();
  tokens = await staffTokens(t);
});
afterAll(() => t.close());

const ENGLISH = 1;
const RUSSIAN = 2;
let seq = 0;
const auditCount = async () => Number((await t.rows<{ n: string }>(sql`select count(*) as n from audit_log`))[0].n);

/** A published brand with an English version, one published episode with an English version and a video. */
async function catalogueBrand(name = `Bin Brand ${++seq}`) {
  const brand = await t.call(api.brand.add, { name, is_published: true });
  const brandLang = await t.call(api.brand.langAdd, {
    brand_id: brand.id,
    lang_id: ENGLISH,
    title: `${name} EN`,
    is_published: true,
  });
  const episode = await t.call(api.content.add, { brand_id: brand.id, is_published: true });
  const episodeLang = await t.call(api.content.langAdd, {
    content_id: episode.id,
    lang_id: ENGLISH,
    title: `${name} episode`,
    is_published: true,
  });
  const [file] = await t.database.db
    .insert(videoFiles)
    .values({
      ext_id: `bin-vid-${seq}`,
      name: `bin-${seq}.mp4`,
      storage_key: `videos/bin-${seq}.mp4`,
      size_bytes: 1000,
      duration_sec: 60,
      status: 'ready',
      progress: 100,
      playback_url: `https://cdn.example.com/bin/${seq}.m3u8`,
    })
    .returning();
  await t.call(api.content.attachVideo, { ext_id: file.ext_id, content_id: episode.id, lang_id: ENGLISH });
  return { brand, brandLang, episode, episodeLang, file };
}

async function publishedEnglish() {
  const build = await t.call(api.catalog.publish, { query: { lang: 'en' } });
  const file = await t.app.inject({ method: 'GET', url: build.url });
  return JSON.parse(file.body) as {
    brands: { id: number; content: { id: number }[]; linked_content: { content_id: number }[] }[];
    promos: { id: number }[];
    streams: { id: number }[];
  };
}

describe('delete to the bin', () => {
  it('hides a brand and its episodes from lists and the catalogue, and brings them back whole', async () => {
    const { brand, episode, episodeLang, file } = await catalogueBrand();
    const compilation = await t.call(api.brand.add, { name: `Bin Compilation ${seq}`, is_published: true });
    await t.call(api.brand.langAdd, { brand_id: compilation.id, lang_id: ENGLISH, title: 'C', is_published: true });
    const link = await t.call(api.link.add, { brand_id: compilation.id, content_id: episode.id });
    const before = await publishedEnglish();
    expect(before.brands.map((b) => b.id)).toContain(brand.id);

    expect(await t.call(api.brand.delete, { id: brand.id })).toEqual({ ok: true });
    expect((await brandList(t)).map((b) => b.id)).not.toContain(brand.id);
    expect((await t.refused(api.content.list, { brand_id: brand.id })).status).toBe(404);
    expect((await t.refused(api.content.langList, { content_id: episode.id })).status).toBe(404);
    expect(await t.call(api.link.list, { id: 0, brand_id: compilation.id })).toEqual([]);
    const without = await publishedEnglish();
    expect(without.brands.map((b) => b.id)).not.toContain(brand.id);
    // Its only link went with the brand: nothing left to watch in the compilation, so it is left out too.
    expect(without.brands.map((b) => b.id)).not.toContain(compilation.id);
    // In the bin it is changed by nothing: deleting again, saving it or its episode: 404.
    expect((await t.refused(api.brand.delete, { id: brand.id })).status).toBe(404);
    expect((await t.refused(api.brand.update, { id: brand.id, name: 'x' })).status).toBe(404);
    expect((await t.refused(api.content.update, { id: episode.id, season: 2 })).status).toBe(404);
    expect((await t.refused(api.content.delete, { id: episode.id })).status).toBe(404);

    const bin = await t.call(api.bin.list, { offset: 0, limit: 10 });
    expect(bin.rows[0]).toMatchObject({ entity: 'brands', id: brand.id, name: brand.name, deleted_by: ADMIN_EMAIL });
    expect(bin.rows.some((r) => r.entity === 'content' && r.id === episode.id)).toBe(false);

    expect(await t.call(api.bin.restore, { entity: 'brands', id: brand.id })).toEqual({ ok: true });
    const back = (await brandList(t)).find((b) => b.id === brand.id);
    expect(back?.langs).toHaveLength(1);
    const [item] = await contentList(t, { brand_id: brand.id });
    expect(item.id).toBe(episode.id);
    const [version] = await t.call(api.content.langList, { content_id: episode.id });
    expect(version).toMatchObject({ id: episodeLang.id, video: { ext_id: file.ext_id } });
    expect(await t.call(api.link.list, { id: 0, brand_id: compilation.id })).toMatchObject([{ id: link.id }]);
    const again = await publishedEnglish();
    expect(again.brands.find((b) => b.id === brand.id)?.content.map((c) => c.id)).toEqual([episode.id]);
    // Everything outside the deleted brand is byte for byte what it was.
    expect(JSON.stringify(again.brands)).toBe(JSON.stringify(before.brands));
    expect((await t.call(api.bin.list, { offset: 0, limit: 100 })).rows.some((r) => r.id === brand.id)).toBe(false);
  });

  it('deletes and restores episodes, language versions, banners and streams', async () => {
    const { brand, brandLang, episode, episodeLang } = await catalogueBrand();
    const promo = await t.call(api.promo.add, {
      button_text: 'Watch',
      button_color: '#1f2937',
      title: `Bin promo ${seq}`,
      lang_id: ENGLISH,
    });
    const stream = await t.call(api.stream.add, {
      lang_id: ENGLISH,
      title: `Bin stream ${seq}`,
      url: 'https://s.example.com/a',
    });

    await t.call(api.content.langDelete, { id: episodeLang.id });
    expect(await t.call(api.content.langList, { content_id: episode.id })).toEqual([]);
    expect((await contentList(t, { brand_id: brand.id }))[0].langs).toEqual([]);
    await t.call(api.brand.langDelete, { id: brandLang.id });
    expect(await t.call(api.brand.langList, { brand_id: brand.id })).toEqual([]);
    await t.call(api.promo.delete, { id: promo.id });
    await t.call(api.stream.delete, { id: stream.id });
    expect((await t.call(api.promo.list, {})).map((p) => p.id)).not.toContain(promo.id);
    expect((await t.call(api.stream.list, { lang_id: ENGLISH })).map((s) => s.id)).not.toContain(stream.id);
    await t.call(api.content.delete, { id: episode.id });
    expect(await contentList(t, { brand_id: brand.id })).toEqual([]);
    const published = await publishedEnglish();
    expect(published.promos.map((p) => p.id)).not.toContain(promo.id);
    expect(published.streams.map((s) => s.id)).not.toContain(stream.id);

    const streamsOnly = await t.call(api.bin.list, { entity: 'streams', offset: 0, limit: 100 });
    expect(streamsOnly.rows.every((r) => r.entity === 'streams')).toBe(true);
    expect(streamsOnly.rows[0]).toMatchObject({ id: stream.id, name: stream.title });
    const page = await t.call(api.bin.list, { offset: 0, limit: 3 });
    expect(page.rows.map((r) => r.entity)).toEqual(['content', 'streams', 'promos']);
    expect(page.count).toBeGreaterThanOrEqual(5);

    // Its content is in the bin: the language version waits for it.
    const waiting = await t.refused(api.bin.restore, { entity: 'content_langs', id: episodeLang.id });
    expect(waiting).toMatchObject({ status: 409 });
    for (const [entity, id] of [
      ['content', episode.id],
      ['content_langs', episodeLang.id],
      ['brand_langs', brandLang.id],
      ['promos', promo.id],
      ['streams', stream.id],
    ] as const) {
      await t.call(api.bin.restore, { entity, id });
    }
    expect((await contentList(t, { brand_id: brand.id }))[0].langs).toMatchObject([{ id: episodeLang.id }]);
    expect(await t.call(api.brand.langList, { brand_id: brand.id })).toMatchObject([{ id: brandLang.id }]);
    expect((await t.call(api.promo.list, {})).map((p) => p.id)).toContain(promo.id);
    expect((await t.call(api.stream.list, { lang_id: ENGLISH })).map((s) => s.id)).toContain(stream.id);
  });

  it('refuses a restore that clashes with what exists now (409), changing nothing', async () => {
    const first = await t.call(api.brand.add, { name: `Bin Clash ${++seq}` });
    await t.call(api.brand.delete, { id: first.id });
    const taker = await t.call(api.brand.add, { name: first.name });
    expect(taker.slug).toBe(first.slug);
    const before = await auditCount();
    const clash = await t.refused(api.bin.restore, { entity: 'brands', id: first.id });
    expect(clash.status).toBe(409);
    expect(clash.detail).toMatch(/slug/);
    expect(await auditCount()).toBe(before);

    const { brand, brandLang } = await catalogueBrand();
    await t.call(api.brand.langDelete, { id: brandLang.id });
    await t.call(api.brand.langAdd, { brand_id: brand.id, lang_id: ENGLISH, title: 'New English' });
    const lang = await t.refused(api.bin.restore, { entity: 'brand_langs', id: brandLang.id });
    expect(lang).toMatchObject({ status: 409 });
    expect((await t.call(api.brand.langList, { brand_id: brand.id })).map((l) => l.title)).toEqual(['New English']);

    const { episode, episodeLang } = await catalogueBrand();
    await t.call(api.content.langDelete, { id: episodeLang.id });
    await t.call(api.content.langAdd, { content_id: episode.id, lang_id: ENGLISH, title: 'Again' });
    expect((await t.refused(api.bin.restore, { entity: 'content_langs', id: episodeLang.id })).status).toBe(409);
  });

  it('answers 404 for unknown ids and what is not in the bin, and keeps purge for admins', async () => {
    for (const c of [
      api.brand.delete,
      api.content.delete,
      api.brand.langDelete,
      api.content.langDelete,
      api.promo.delete,
      api.stream.delete,
    ]) {
      const refusal = await t.refused(c, { id: 2_000_000 });
      expect(refusal.status).toBe(404);
      expect(refusal.detail).toBeTruthy();
    }
    expect((await t.refused(api.bin.restore, { entity: 'brands', id: 2_000_000 })).status).toBe(404);
    const shown = await t.call(api.brand.add, { name: `Bin Shown ${++seq}` });
    expect((await t.refused(api.bin.restore, { entity: 'brands', id: shown.id })).status).toBe(404);
    expect((await t.refused(api.bin.purge, { entity: 'brands', id: shown.id })).status).toBe(404);
    expect((await t.refused(api.bin.list, { entity: 'users', offset: 0, limit: 10 })).status).toBe(400);

    const { brand, episode } = await catalogueBrand();
    await t.call(api.brand.delete, { id: brand.id });
    const editor = await t.send(api.bin.purge, { entity: 'brands', id: brand.id }, { token: tokens.editor });
    expect(editor.statusCode).toBe(403);
    expect(await t.call(api.bin.purge, { entity: 'brands', id: brand.id })).toEqual({ ok: true });
    expect((await t.refused(api.bin.restore, { entity: 'brands', id: brand.id })).status).toBe(404);
    expect((await t.rows(sql`select id from content where id = ${episode.id}`)).length).toBe(0);
  });

  it('lets a role delete and restore only what it may change', async () => {
    const brand = await t.call(api.brand.add, { name: `Bin Roles ${++seq}` });
    const promo = await t.call(api.promo.add, { button_text: 'Watch', button_color: '#1f2937', title: 'Roles promo' });
    const as = (role: keyof typeof tokens) => ({ token: tokens[role] });
    expect((await t.send(api.brand.delete, { id: brand.id }, as('marketing'))).statusCode).toBe(403);
    expect((await t.send(api.promo.delete, { id: promo.id }, as('editor'))).statusCode).toBe(403);
    expect((await t.send(api.promo.delete, { id: promo.id }, as('marketing'))).statusCode).toBe(200);
    expect((await t.send(api.brand.delete, { id: brand.id }, as('editor'))).statusCode).toBe(200);
    expect((await t.send(api.bin.list, { offset: 0, limit: 5 }, as('analyst'))).statusCode).toBe(200);
    expect((await t.send(api.bin.restore, { entity: 'promos', id: promo.id }, as('editor'))).statusCode).toBe(403);
    expect((await t.send(api.bin.restore, { entity: 'brands', id: brand.id }, as('analyst'))).statusCode).toBe(403);
    expect((await t.send(api.bin.restore, { entity: 'promos', id: promo.id }, as('marketing'))).statusCode).toBe(200);
    expect((await t.send(api.bin.restore, { entity: 'brands', id: brand.id }, as('editor'))).statusCode).toBe(200);
  });

  it('keeps the viewing minutes of a deleted episode in the report', async () => {
    const { episode } = await catalogueBrand();
    await t.rows(
      sql`insert into view_daily_content (day, content_id, seconds) values ('2026-01-05', ${episode.id}, 600)`,
    );
    await t.call(api.content.delete, { id: episode.id });
    const report = await t.call(api.report.report, { date_from: '2026-01-05', date_to: '2026-01-05', csv: false });
    expect(report).toMatchObject({
      rows: expect.arrayContaining([expect.objectContaining({ content_id: episode.id, minutes: 10 })]),
    });
  });
});

describe('language versions refuse a stale save', () => {
  it('answers updated_at and refuses an older one with 409', async () => {
    const { brandLang, episodeLang } = await catalogueBrand();
    expect(brandLang.updated_at).toBeTruthy();
    const saved = await t.call(api.brand.langUpdate, {
      id: brandLang.id,
      title: 'Mine',
      updated_at: brandLang.updated_at,
    });
    expect(saved.updated_at > brandLang.updated_at).toBe(true);
    const stale = await t.refused(api.brand.langUpdate, {
      id: brandLang.id,
      title: 'Theirs',
      updated_at: brandLang.updated_at,
    });
    expect(stale).toEqual({
      status: 409,
      detail: 'Brand language version was changed by someone else. Reload it and try again.',
    });
    expect((await t.call(api.brand.langList, { brand_id: brandLang.brand_id }))[0].title).toBe('Mine');

    const ok = await t.call(api.content.langUpdate, {
      id: episodeLang.id,
      title: 'Ep',
      updated_at: episodeLang.updated_at,
    });
    expect(ok.title).toBe('Ep');
    const late = await t.refused(api.content.langUpdate, {
      id: episodeLang.id,
      title: 'X',
      updated_at: episodeLang.updated_at,
    });
    expect(late.status).toBe(409);
    expect(late.detail).toBe('Content language version was changed by someone else. Reload it and try again.');
    // Without updated_at the last write wins.
    expect((await t.call(api.content.langUpdate, { id: episodeLang.id, title: 'Last' })).title).toBe('Last');
  });
});

describe('restore from history', () => {
  const history = async (entity: 'brands' | 'content_langs' | 'streams' | 'languages', id: number) =>
    (await t.call(api.audit.list, { entity, entity_id: String(id) })).items as AuditEntry[];

  it('sets an item back through its save, as a new entry, and refuses a stale one', async () => {
    const episode = await t.call(api.content.add, { brand_id: (await catalogueBrand()).brand.id, season: 3 });
    const lang = await t.call(api.content.langAdd, { content_id: episode.id, lang_id: RUSSIAN, title: 'One' });
    let current = lang;
    for (const title of ['Two', 'Three']) {
      current = await t.call(api.content.langUpdate, { id: lang.id, title, updated_at: current.updated_at });
    }
    const entries = await history('content_langs', lang.id);
    const first = entries.find((e) => e.action === 'insert') as AuditEntry;
    const stale = await t.refused(api.audit.restore, { id: first.id, updated_at: lang.updated_at });
    expect(stale.status).toBe(409);
    const restored = await t.call(api.audit.restore, { id: first.id, updated_at: current.updated_at });
    expect(restored).toMatchObject({ id: lang.id, title: 'One', content_id: episode.id });
    const [newest] = await history('content_langs', lang.id);
    expect(newest).toMatchObject({ call: 'POST /api/audit/restore', action: 'update', after: { title: 'One' } });
    expect((await t.call(api.content.langList, { content_id: episode.id }))[0].title).toBe('One');

    const renamed = await t.call(api.brand.add, { name: `History ${++seq}` });
    await t.call(api.brand.update, { id: renamed.id, name: 'Renamed' });
    const [, created] = await history('brands', renamed.id);
    const brand = await t.call(api.audit.restore, { id: created.id });
    expect(brand).toMatchObject({ id: renamed.id, name: renamed.name, langs: [], country_rules: [] });
  });

  it('refuses an item in the bin (409), an unknown entry (404), and a role that may not change it', async () => {
    const stream = await t.call(api.stream.add, { lang_id: ENGLISH, title: 'Hist', url: 'https://s.example.com/h' });
    await t.call(api.stream.update, { id: stream.id, title: 'Hist 2' });
    const [, created] = await history('streams', stream.id);
    const marketing = await t.send(api.audit.restore, { id: created.id }, { token: tokens.marketing });
    expect(marketing.statusCode).toBe(403);
    await t.call(api.stream.delete, { id: stream.id });
    const before = await auditCount();
    expect(await t.refused(api.audit.restore, { id: created.id })).toEqual({
      status: 409,
      detail: 'Restore it from the bin first',
    });
    expect(await auditCount()).toBe(before);
    expect((await t.refused(api.audit.restore, { id: 2_000_000_000 })).status).toBe(404);
    const [languages] = await history('languages', 1);
    expect((await t.refused(api.audit.restore, { id: languages.id })).status).toBe(400);
  });

  it('never records a secret: no password hash or token in any entry', async () => {
    const rows = await t.rows<{ n: string }>(
      sql`select count(*) as n from audit_log where before::text ~ 'password_hash|token_hash|totp_secret' or after::text ~ 'password_hash|token_hash|totp_secret'`,
    );
    expect(Number(rows[0].n)).toBe(0);
  });
});

describe('the job that empties the bin', () => {
  it('runs what fell due while the server was down at start, once, and purges only what is older than 30 days', async () => {
    const old = await t.call(api.promo.add, { button_text: 'Watch', button_color: '#1f2937', title: 'Old promo' });
    const recent = await t.call(api.promo.add, {
      button_text: 'Watch',
      button_color: '#1f2937',
      title: 'Recent promo',
    });
    await t.call(api.promo.delete, { id: old.id });
    await t.call(api.promo.delete, { id: recent.id });
    let now = new Date(Date.now() + 10 * 86_400_000);
    await t.rows(
      sql`update promos set deleted_at = ${new Date(now.getTime() - (BIN_DAYS + 1) * 86_400_000).toISOString()} where id = ${old.id}`,
    );
    const runner = createJobRunner(t.database.db, [emptyBinJob], { now: () => now, pollMs: 3_600_000 });
    await runner.start();
    await runner.stop();
    const left = await t.rows<{ id: number }>(sql`select id from promos where id in (${old.id}, ${recent.id})`);
    expect(left.map((r) => r.id)).toEqual([recent.id]);
    // Not due again until a day later.
    expect(await runner.runDue()).toEqual([]);
    now = new Date(now.getTime() + 86_400_000 - 1);
    expect(await runner.runDue()).toEqual([]);
    now = new Date(now.getTime() + 1);
    expect(await runner.runDue()).toEqual(['empty-bin']);
    // Down for a week: one run at start, not seven.
    now = new Date(now.getTime() + 7 * 86_400_000);
    const restarted = createJobRunner(t.database.db, [emptyBinJob], { now: () => now, pollMs: 3_600_000 });
    expect(await restarted.runDue()).toEqual(['empty-bin']);
    expect(await restarted.runDue()).toEqual([]);
  });
});
