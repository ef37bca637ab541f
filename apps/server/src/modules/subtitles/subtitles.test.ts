import { api, type Catalogue, type ContentLang, SUBTITLES_MAX_BYTES, type SubtitlesCues } from '@kids-vod/contract';
import { count, eq } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, subtitles } from '../../db/schema.ts';
import { validateCatalogue } from '../../test/catalogue-schema.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { testMaster } from '../../test/masters.ts';
import { fileUpload } from '../../test/multipart.ts';

import { createTranscoder, withSubtitlesGroup } from '../videos/index.ts';

const ENGLISH = 1;
const RUSSIAN = 2;
let t: TestApp;
let transcoder: ReturnType<typeof createTranscoder>;
const d = {} as Record<string, number>;

const RUSSIAN_SRT = [
  '1',
  '00:00:00,500 --> 00:00:01,200',
  'Привет, мышонок!',
  '',
  '2',
  '00:00:01,300 --> 00:00:01,900',
  'Где же сыр?',
  '',
].join('\r\n');
const ENGLISH_VTT =
  'WEBVTT\n\n00:00.200 --> 00:01.000\nHello, little mouse!\n\n00:01.100 --> 00:01.800\nWhere is the cheese?\n';

const send = (versionId: number, data: Buffer | string, filename: string, kind = 'subtitles') =>
  t.request(fileUpload(`/api/content_lang/subtitles?content_lang_id=${versionId}&kind=${kind}`, { data, filename }));

async function added(versionId: number, data: Buffer | string, filename: string, kind = 'subtitles') {
  const res = await send(versionId, data, filename, kind);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ContentLang;
}
const cuesOf = (id: number) => t.call(api.subtitles.get, { id }) as Promise<SubtitlesCues>;
const rows = async () => (await t.database.db.select({ n: count() }).from(subtitles))[0].n;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://console.example.com', TRANSCODE_CONCURRENCY: '0' });
  transcoder = createTranscoder({
    db: t.database.db,
    storage: t.app.storage,
    ...t.app.videos,
    concurrency: 1,
    log: t.app.log,
    name: 'subtitles-test',
  });
  d.brand = (await t.call(api.brand.add, { name: 'Mice', is_published: true })).id;
  await t.call(api.brand.langAdd, { brand_id: d.brand, lang_id: ENGLISH, title: 'Mice', is_published: true });
  d.content = (await t.call(api.content.add, { brand_id: d.brand, is_published: true, duration_sec: 2 })).id;
  d.en = (
    await t.call(api.content.langAdd, { content_id: d.content, lang_id: ENGLISH, title: 'Cheese', is_published: true })
  ).id;
  d.ru = (await t.call(api.content.langAdd, { content_id: d.content, lang_id: RUSSIAN, title: 'Сыр' })).id;
});
afterAll(async () => {
  await transcoder.stop();
  await t.close();
});

describe('uploading subtitles', () => {
  it('reads an SRT in Windows-1251 with Cyrillic, keeps it as WebVTT and lists it on the version', async () => {
    const version = await added(d.ru, iconv.encode(RUSSIAN_SRT, 'win1251'), 'mouse.ru.srt');
    expect(version.subtitles).toEqual([
      expect.objectContaining({
        lang_id: RUSSIAN,
        kind: 'subtitles',
        cues: 2,
        name: 'mouse.ru.srt',
        encoding: 'windows-1251',
        warnings: [],
      }),
    ]);
    const [file] = version.subtitles;
    const stored = await t.app.inject({ method: 'GET', url: file.url });
    expect(stored.statusCode).toBe(200);
    expect(stored.body).toBe(
      'WEBVTT\n\n00:00:00.500 --> 00:00:01.200\nПривет, мышонок!\n\n00:00:01.300 --> 00:00:01.900\nГде же сыр?\n',
    );
    const cues = await cuesOf(file.id);
    expect(cues.cues).toEqual([
      { start: 0.5, end: 1.2, text: 'Привет, мышонок!' },
      { start: 1.3, end: 1.9, text: 'Где же сыр?' },
    ]);
    // In the episode's history, like every change of its versions.
    const history = await t.call(api.audit.list, { entity: 'content', entity_id: String(d.content), with_parts: true });
    expect(history.items.some((e) => e.entity === 'subtitles' && e.action === 'insert')).toBe(true);
  });

  it('reads UTF-16 WebVTT (BOM) and UTF-8 with a BOM, as captions too', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(ENGLISH_VTT, 'utf-16le')]);
    let version = await added(d.en, utf16, 'mouse.en.vtt', 'captions');
    expect(version.subtitles.at(-1)).toMatchObject({ kind: 'captions', encoding: 'UTF-16LE', cues: 2 });
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(ENGLISH_VTT)]);
    version = await added(d.en, bom, 'mouse.en.2.vtt');
    expect(version.subtitles.at(-1)).toMatchObject({ kind: 'subtitles', encoding: 'UTF-8 (BOM)', cues: 2 });
    expect((await cuesOf(version.subtitles.at(-1)!.id)).cues[0]).toEqual({
      start: 0.2,
      end: 1,
      text: 'Hello, little mouse!',
    });
    // Western text in Windows-1252 is told from Cyrillic.
    version = await added(
      d.en,
      iconv.encode('1\n00:00:01,000 --> 00:00:02,000\nÇa va, garçon? À l’école!\n', 'win1252'),
      'fr.srt',
    );
    expect(version.subtitles.at(-1)!.encoding).toBe('windows-1252');
    expect((await cuesOf(version.subtitles.at(-1)!.id)).cues[0].text).toBe('Ça va, garçon? À l’école!');
    await t.call(api.subtitles.delete, { id: version.subtitles.at(-1)!.id });
  });

  it('warns about cues past the video, overlapping, longer than two lines, and keeps HTML as text', async () => {
    const srt = [
      '1',
      '00:00:00,000 --> 00:00:01,500',
      '<script>alert("x")</script> <i>Hi</i> & bye',
      '',
      '2',
      '00:00:01,000 --> 00:00:01,800',
      'one',
      'two',
      'three',
      '',
      '3',
      '00:00:05,000 --> 00:00:06,000',
      'Too late',
      '',
    ].join('\n');
    const version = await added(d.en, srt, 'warn.srt');
    const file = version.subtitles.at(-1)!;
    expect(file.warnings).toEqual([
      // The English version has subtitles from the test above: a second file is said.
      expect.stringMatching(/^This version has subtitles already \(.+\): players offer both/),
      expect.stringMatching(/^Line 2: .*markup \(“<script>”\).*kept and shown as text/),
      expect.stringMatching(/^Line 6: the cue at 00:00:01\.000 starts before the cue above it ends/),
      expect.stringMatching(/^Line 6: .* has 3 lines/),
      expect.stringMatching(/^Line 12: the cue at 00:00:05\.000 ends after the video does \(00:00:02\.000\)/),
    ]);
    const stored = (await t.app.inject({ method: 'GET', url: file.url })).body;
    expect(stored).toContain('&lt;script&gt;alert("x")&lt;/script&gt; <i>Hi</i> &amp; bye');
    // Read back as it was written: the console shows it as text.
    expect((await cuesOf(file.id)).cues[0].text).toBe('<script>alert("x")</script> <i>Hi</i> & bye');
    await t.call(api.subtitles.delete, { id: file.id });
  });
});

describe('bad input: refused with a sentence, nothing stored', () => {
  const cases: [string, Buffer | string, number, RegExp][] = [
    [
      'a binary file named .srt',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48]),
      415,
      /binary data/,
    ],
    ['an empty file', '', 400, /empty/],
    ['only blank lines', '\n\n  \n', 400, /empty/],
    [
      'timestamps that go backwards',
      '1\n00:00:05,000 --> 00:00:06,000\nA\n\n2\n00:00:03,000 --> 00:00:04,000\nB\n',
      400,
      /^Line 6: the timestamps go backwards/,
    ],
    ['a cue that ends before it starts', '1\n00:00:05,000 --> 00:00:04,000\nA\n', 400, /^Line 2: the cue ends/],
    ['a timing that is not one', 'WEBVTT\n\n00:00.000 --> soon\nA\n', 400, /^Line 3: the end time “soon”/],
    [
      'a language tag naming no language',
      'WEBVTT\nLanguage: zz-qq1\n\n00:00.000 --> 00:01.000\nA\n',
      400,
      /^Line 2: the language tag “zz-qq1” names no language/,
    ],
    [
      'text that is not subtitles',
      'Dear editor,\nhere are the subtitles.\n',
      400,
      /^Line 1: expected a cue's number or timing/,
    ],
  ];
  it.each(cases)('%s', async (_name, data, status, detail) => {
    const before = await rows();
    const res = await send(d.en, data, 'bad.srt');
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().detail).toMatch(detail);
    expect(await rows()).toBe(before);
  });

  it('refuses a 50 MB file with 413', async () => {
    const before = await rows();
    const res = await send(d.en, Buffer.alloc(50 * 1024 * 1024, 'a'), 'huge.srt');
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toMatch(/bigger than 2 MB/);
    expect(SUBTITLES_MAX_BYTES).toBe(2 * 1024 * 1024);
    expect(await rows()).toBe(before);
  });

  it('refuses an unknown version, kind or file id', async () => {
    expect((await send(999_999, ENGLISH_VTT, 'a.vtt')).statusCode).toBe(404);
    expect((await send(d.en, ENGLISH_VTT, 'a.vtt', 'karaoke')).statusCode).toBe(400);
    expect((await t.refused(api.subtitles.delete, { id: 999_999 })).status).toBe(404);
    expect((await t.refused(api.subtitles.shift, { id: 999_999, seconds: 1 })).status).toBe(404);
  });
});

describe('shift and delete', () => {
  it('moves every cue, and refuses a shift before the start', async () => {
    const version = await added(d.en, ENGLISH_VTT, 'shift.vtt');
    const file = version.subtitles.at(-1)!;
    const shifted = await t.call(api.subtitles.shift, { id: file.id, seconds: 1.25 });
    const after = shifted.subtitles.find((s) => s.id === file.id)!;
    expect(after.url).not.toBe(file.url);
    expect((await cuesOf(file.id)).cues.map((c) => [c.start, c.end])).toEqual([
      [1.45, 2.25],
      [2.35, 3.05],
    ]);
    // Now past the 2-second episode (half a second is let go): warned.
    expect(after.warnings).toEqual([
      expect.stringMatching(/^Line 6: the cue at 00:00:02\.350 ends after the video does/),
    ]);
    const refused = await t.refused(api.subtitles.shift, { id: file.id, seconds: -2 });
    expect(refused.status).toBe(400);
    expect(refused.errors?.[0].path).toBe('seconds');
    const back = await t.call(api.subtitles.shift, { id: file.id, seconds: -1.25 });
    expect(back.subtitles.find((s) => s.id === file.id)!.warnings).toEqual([]);
    const gone = await t.call(api.subtitles.delete, { id: file.id });
    expect(gone.subtitles.some((s) => s.id === file.id)).toBe(false);
    expect((await t.refused(api.subtitles.get, { id: file.id })).status).toBe(404);
    const audited = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'subtitles'));
    expect(audited.filter((e) => e.entity_id === String(file.id)).map((e) => e.action)).toEqual([
      'insert',
      'update',
      'update',
      'delete',
    ]);
  });
});

describe('published: the HLS master and the catalogue', () => {
  it('adds a SUBTITLES group to a ready video without transcoding it again, and lists the languages', async () => {
    const upload = await t.request(
      fileUpload('/api/content/upload?type=video', { data: await testMaster(), filename: 'mice.mp4' }),
    );
    expect(upload.statusCode, upload.body).toBe(200);
    await transcoder.runDue();
    const video = await t.call(api.content.fileGet, { id: upload.json().id });
    expect(video.status).toBe('ready');
    await t.call(api.content.attachVideo, { ext_id: video.ext_id, content_id: d.content, lang_id: ENGLISH });
    // Attached to an episode that has subtitles already: its master lists them at once.
    let version = (await t.call(api.content.langList, { content_id: d.content })).find((v) => v.id === d.en)!;
    expect(version.video!.playback_url).not.toBe(video.playback_url);
    const ladder = (await t.app.inject({ method: 'GET', url: video.playback_url! })).body;

    const started = performance.now();
    version = await added(d.en, ENGLISH_VTT, 'late.vtt');
    const ms = performance.now() - started;
    expect(ms).toBeLessThan(2000);
    const url = version.video!.playback_url!;
    expect(url).toMatch(/\/master-[\da-f]+\.m3u8$/);
    const master = (await t.app.inject({ method: 'GET', url })).body;
    const media = master.split('\n').filter((l) => l.startsWith('#EXT-X-MEDIA:TYPE=SUBTITLES'));
    expect(media.map((l) => /LANGUAGE="(\w+)"/.exec(l)?.[1]).sort()).toEqual(['en', 'en', 'en', 'ru']);
    expect(media.filter((l) => l.includes('CHARACTERISTICS="public.accessibility'))).toHaveLength(1);
    for (const line of master.split('\n').filter((l) => l.startsWith('#EXT-X-STREAM-INF'))) {
      expect(line).toMatch(/,SUBTITLES="subs"$/);
    }
    // The ladder itself is untouched: the same variants, the same rendition playlists.
    expect(withSubtitlesGroup(master, [])).toBe(ladder);
    const base = url.replace(/[^/]+$/, '');
    const playlistUri = /URI="([^"]+)"/.exec(media.find((l) => l.includes('"ru"'))!)![1];
    const playlist = await t.app.inject({ method: 'GET', url: base + playlistUri });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body).toMatch(/#EXTINF:2\.\d+,\n[\w-]+\.vtt\n#EXT-X-ENDLIST/);
    const vttUri = playlist.body.split('\n').find((l) => l.endsWith('.vtt'))!;
    const vtt = await t.app.inject({ method: 'GET', url: base + playlistUri.replace(/[^/]+$/, '') + vttUri });
    expect(vtt.statusCode).toBe(200);
    expect(vtt.body).toMatch(/^WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:\d+,LOCAL:00:00:00\.000\n\n00:00:00\.500 --> /);
    expect(Number(/MPEGTS:(\d+)/.exec(vtt.body)![1])).toBeGreaterThan(90_000);

    const build = await t.call(api.catalog.publish, { query: { lang: 'en' } });
    const catalogue: Catalogue = JSON.parse(
      (await t.app.inject({ method: 'GET', url: new URL(build.url).pathname })).body,
    );
    expect(validateCatalogue(catalogue) ? [] : validateCatalogue.errors).toEqual([]);
    const item = catalogue.brands.flatMap((b) => b.content).find((c) => c.id === d.content)!;
    expect(item.video.subtitles).toEqual(['en', 'ru']);
    expect(item.video.playback_url).toBe(`https://console.example.com${url}`);

    // The Russian version to the bin: its subtitles leave the episode's masters; restored, they come back.
    const masterOf = async () => {
      const v = (await t.call(api.content.langList, { content_id: d.content })).find((x) => x.id === d.en)!;
      return (await t.app.inject({ method: 'GET', url: v.video!.playback_url! })).body;
    };
    await t.call(api.content.langDelete, { id: d.ru });
    expect(await masterOf()).not.toContain('LANGUAGE="ru"');
    await t.call(api.bin.restore, { entity: 'content_langs', id: d.ru });
    expect(await masterOf()).toContain('LANGUAGE="ru"');
    // Moved to another language (it was mislabelled), its subtitles are offered in that one.
    const SPANISH = 3;
    await t.call(api.content.langUpdate, { id: d.ru, lang_id: SPANISH });
    expect(await masterOf()).toContain('LANGUAGE="es"');
    expect(await masterOf()).not.toContain('LANGUAGE="ru"');
    await t.call(api.content.langUpdate, { id: d.ru, lang_id: RUSSIAN });
    expect(await masterOf()).toContain('LANGUAGE="ru"');

    // Deleting the Russian file takes it out of the master; the rewrite is idempotent.
    const ru = (await t.call(api.content.langList, { content_id: d.content })).find((v) => v.id === d.ru)!;
    const after = await t.call(api.subtitles.delete, { id: ru.subtitles[0].id });
    expect(after.subtitles).toEqual([]);
    const en = (await t.call(api.content.langList, { content_id: d.content })).find((v) => v.id === d.en)!;
    const without = (await t.app.inject({ method: 'GET', url: en.video!.playback_url! })).body;
    expect(without).not.toContain('LANGUAGE="ru"');
    expect(withSubtitlesGroup(without, [])).toBe(ladder);
  });
});
