import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { api, type Catalogue, type VideoFile } from '@kids-vod/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateCatalogue } from '../../test/catalogue-schema.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { bin, testMaster } from '../../test/masters.ts';
import { fileUpload } from '../../test/multipart.ts';
import { createTranscoder } from './transcoder.ts';

/*
 * Audio by language (issue 31, decision 068): a master's audio streams become the HLS master's AUDIO group, through
 * the real app, real ffmpeg and the local storage.
 */

const PUBLIC_URL = 'https://console.example.com';
let t: TestApp;
let transcoder: ReturnType<typeof createTranscoder>;
const lang = {} as Record<string, number>;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL, TRANSCODE_CONCURRENCY: '0' });
  transcoder = createTranscoder({
    db: t.database.db,
    storage: t.app.storage,
    ...t.app.videos,
    concurrency: 1,
    log: t.app.log,
    name: 'audio-test',
  });
  for (const l of await t.call(api.reference.langList)) lang[l.code] = l.id;
});
afterAll(async () => {
  await transcoder.stop();
  await t.close();
});

async function processed(audioLanguages: string[]): Promise<VideoFile> {
  const data = await testMaster({ seconds: 2, width: 320, height: 180, audioLanguages });
  const res = await t.request(fileUpload('/api/content/upload?type=video', { data, filename: 'dub.mp4' }));
  expect(res.statusCode, res.body).toBe(200);
  while ((await transcoder.runDue()) > 0) {}
  const file = await t.call(api.content.fileGet, { id: res.json<VideoFile>().id });
  expect(file.status, file.failure ?? '').toBe('ready');
  return file;
}

const served = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url: new URL(url, PUBLIC_URL).pathname });
  expect(res.statusCode, url).toBe(200);
  return res.body;
};

/** The `#EXT-X-MEDIA:TYPE=AUDIO` lines of a master, as attribute maps. */
function audioGroup(master: string): Array<Record<string, string>> {
  return master
    .split('\n')
    .filter((line) => line.startsWith('#EXT-X-MEDIA:TYPE=AUDIO'))
    .map((line) => {
      const attributes: Record<string, string> = {};
      for (const m of line.slice('#EXT-X-MEDIA:'.length).matchAll(/([A-Z-]+)=("[^"]*"|[^,]*)/g))
        attributes[m[1]] = m[2].replace(/^"|"$/g, '');
      return attributes;
    });
}

/** What ffprobe reads from a stored file under /media. */
function streamsOf(url: string): Array<{ codec_type: string; codec_name: string; channels?: number }> {
  const file = path.join(t.config.DATA_DIR, 'media', new URL(url, PUBLIC_URL).pathname.replace(/^\/media\//, ''));
  const out = execFileSync(bin.ffprobe, ['-v', 'error', '-print_format', 'json', '-show_streams', file], {
    encoding: 'utf8',
    env: { ...process.env, GCONV_PATH: '/nonexistent-gconv' },
  });
  return JSON.parse(out).streams;
}

describe('a master with two dubbed audio tracks', () => {
  let file: VideoFile;
  let master: string;
  beforeAll(async () => {
    file = await processed(['eng', 'spa']);
    master = await served(file.playback_url!);
  });

  it('names each track by the service language its tag says', () => {
    expect(file.audio_tracks).toEqual([
      { index: 1, lang_id: lang.en, tag: 'eng', problem: null },
      { index: 2, lang_id: lang.es, tag: 'spa', problem: null },
    ]);
  });

  it("lists them as the HLS master's AUDIO group, every variant naming it", () => {
    expect(audioGroup(master)).toEqual([
      expect.objectContaining({
        'GROUP-ID': 'audio',
        NAME: 'English',
        LANGUAGE: 'en',
        DEFAULT: 'YES',
        AUTOSELECT: 'YES',
      }),
      expect.objectContaining({
        'GROUP-ID': 'audio',
        NAME: 'Spanish',
        LANGUAGE: 'es',
        DEFAULT: 'NO',
        AUTOSELECT: 'YES',
      }),
    ]);
    const variants = master.split('\n').filter((l) => l.startsWith('#EXT-X-STREAM-INF:'));
    expect(variants.length).toBeGreaterThan(0);
    for (const v of variants) {
      expect(v).toContain('AUDIO="audio"');
      expect(v).toMatch(/CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2"/);
    }
  });

  it('makes each track a playlist of AAC stereo segments, and the picture carries no sound', async () => {
    for (const { URI } of audioGroup(master)) {
      const playlistUrl = new URL(URI, new URL(file.playback_url!, PUBLIC_URL)).href;
      const playlist = await served(playlistUrl);
      const segment = playlist.split('\n').find((l) => l.endsWith('.ts'));
      expect(segment).toBeDefined();
      const streams = streamsOf(new URL(segment!, playlistUrl).href);
      expect(streams).toEqual([expect.objectContaining({ codec_type: 'audio', codec_name: 'aac', channels: 2 })]);
    }
    const variant = master.split('\n').find((l) => l.endsWith('.m3u8') && !l.startsWith('#'))!;
    const variantUrl = new URL(variant, new URL(file.playback_url!, PUBLIC_URL)).href;
    const segment = (await served(variantUrl)).split('\n').find((l) => l.endsWith('.ts'))!;
    expect(streamsOf(new URL(segment, variantUrl).href).map((s) => s.codec_type)).toEqual(['video']);
  });

  it('takes the languages staff choose, writing the master again under a new name and keeping the old one', async () => {
    const renamed = await t.call(api.content.fileAudio, {
      id: file.id,
      tracks: [{ index: 2, lang_id: lang.ru }],
    });
    expect(renamed.audio_tracks.map((a) => a.lang_id)).toEqual([lang.en, lang.ru]);
    expect(renamed.playback_url).not.toBe(file.playback_url);
    expect(renamed.renditions).toEqual(file.renditions);
    const again = await served(renamed.playback_url!);
    expect(audioGroup(again).map((a) => [a.NAME, a.LANGUAGE, a.URI])).toEqual([
      ['English', 'en', 'a0/index.m3u8'],
      ['Russian', 'ru', 'a1/index.m3u8'],
    ]);
    // Everything else is as it was: the variants, their order, their attributes.
    const rest = (m: string) => m.split('\n').filter((l) => !l.startsWith('#EXT-X-MEDIA:'));
    expect(rest(again)).toEqual(rest(master));
    // Catalogues already published name the old master: it stays until the video is purged.
    expect(audioGroup(await served(file.playback_url!))[1].NAME).toBe('Spanish');
    await t.call(api.content.fileAudio, { id: file.id, tracks: [{ index: 2, lang_id: lang.es }] });
  });

  it('refuses a track the video has not, one named twice, an unknown language, an unknown video; changes nothing', async () => {
    const before = await t.call(api.content.fileGet, { id: file.id });
    const noTrack = await t.refused(api.content.fileAudio, { id: file.id, tracks: [{ index: 7, lang_id: lang.en }] });
    expect(noTrack).toMatchObject({
      status: 400,
      detail: expect.stringMatching(/no audio track 7: its tracks are 1, 2/),
    });
    expect(noTrack.errors?.[0].path).toBe('tracks.0.index');
    const twice = await t.refused(api.content.fileAudio, {
      id: file.id,
      tracks: [
        { index: 1, lang_id: lang.en },
        { index: 1, lang_id: lang.es },
      ],
    });
    expect(twice).toMatchObject({ status: 400, detail: 'Audio track 1 is named twice' });
    const unknown = await t.refused(api.content.fileAudio, { id: file.id, tracks: [{ index: 1, lang_id: 99_999 }] });
    expect(unknown).toMatchObject({ status: 400, errors: [{ path: 'tracks.0.lang_id' }] });
    expect((await t.refused(api.content.fileAudio, { id: 99_999, tracks: [{ index: 1, lang_id: 1 }] })).status).toBe(
      404,
    );
    expect(await t.call(api.content.fileGet, { id: file.id })).toEqual(before);
  });

  it('lets a Spanish version play the English version’s video with its Spanish track; the catalogue says which', async () => {
    const brand = (await t.call(api.brand.add, { name: 'Dubbed ducks', is_published: true })).id;
    const episode = (await t.call(api.content.add, { brand_id: brand, is_published: true })).id;
    for (const code of ['en', 'es', 'fr']) {
      await t.call(api.brand.langAdd, { brand_id: brand, lang_id: lang[code], title: 'Ducks', is_published: true });
      await t.call(api.content.langAdd, { content_id: episode, lang_id: lang[code], title: code, is_published: true });
    }
    await t.call(api.content.attachVideo, { ext_id: file.ext_id, content_id: episode, lang_id: lang.en });
    const versions = await t.call(api.content.langList, { content_id: episode });
    const version = (code: string) => versions.find((v) => v.lang_id === lang[code])!;

    const spanish = await t.call(api.content.langUpdate, {
      id: version('es').id,
      video_from_lang_id: lang.en,
      updated_at: version('es').updated_at,
    });
    expect(spanish.video_from_lang_id).toBe(lang.en);
    // The content list does not call it missing a video.
    const [listed] = (await t.call(api.content.list, { brand_id: brand })) as {
      langs: { lang_id: number; has_video: boolean }[];
    }[];
    expect(listed.langs.find((l) => l.lang_id === lang.es)?.has_video).toBe(true);
    // No French track: a French child would hear another language.
    const french = await t.refused(api.content.langUpdate, {
      id: version('fr').id,
      video_from_lang_id: lang.en,
      updated_at: version('fr').updated_at,
    });
    expect(french).toMatchObject({ status: 409, detail: expect.stringMatching(/no French audio track/) });
    const own = await t.refused(api.content.langUpdate, {
      id: version('en').id,
      video_from_lang_id: lang.en,
      updated_at: version('en').updated_at,
    });
    expect(own).toMatchObject({ status: 400, errors: [{ path: 'video_from_lang_id' }] });

    const catalogue = async (code: string) => {
      const build = await t.call(api.catalog.publish, { query: { lang: code } });
      const body: Catalogue = JSON.parse(await served(build.url));
      expect(validateCatalogue(body) ? [] : validateCatalogue.errors).toEqual([]);
      return body.brands.find((b) => b.id === brand)?.content.find((c) => c.id === episode);
    };
    const english = await catalogue('en');
    const inSpanish = await catalogue('es');
    expect(english?.video).toMatchObject({ audio: ['en', 'es'], audio_lang: 'en' });
    expect(inSpanish?.video).toMatchObject({
      playback_url: english?.video.playback_url,
      audio: ['en', 'es'],
      audio_lang: 'es',
    });
    expect(await catalogue('fr')).toBeUndefined();

    // With French subtitles, a French child reads it: the video is lent, played on its default track.
    const vtt = Buffer.from('WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nCoin !\n');
    const subs = await t.request(
      fileUpload(`/api/content_lang/subtitles?content_lang_id=${version('fr').id}&kind=subtitles`, {
        data: vtt,
        filename: 'fr.vtt',
      }),
    );
    expect(subs.statusCode, subs.body).toBe(200);
    const fr = await t.call(api.content.langUpdate, { id: version('fr').id, video_from_lang_id: lang.en });
    expect(fr.video_from_lang_id).toBe(lang.en);
    expect((await catalogue('fr'))?.video).toMatchObject({
      playback_url: expect.stringMatching(/\.m3u8$/),
      audio: ['en', 'es'],
      audio_lang: null,
      subtitles: ['fr'],
    });
  });
});

describe('tracks whose language is not known', () => {
  it('says why in a sentence, names them “Audio n” without a LANGUAGE, and staff can choose', async () => {
    const file = await processed(['', 'xyz', 'swe']);
    expect(file.audio_tracks.map((a) => [a.tag, a.lang_id])).toEqual([
      [null, null],
      ['xyz', null],
      ['swe', null],
    ]);
    expect(file.audio_tracks.map((a) => a.problem)).toEqual([
      'The track has no language tag: choose its language.',
      "The track's tag “xyz” names no language: choose its language.",
      "The track is in Swedish, which is not one of the service's languages: add it, or choose another.",
    ]);
    const group = audioGroup(await served(file.playback_url!));
    expect(group.map((a) => [a.NAME, a.LANGUAGE])).toEqual([
      ['Audio 1', undefined],
      ['Audio 2', undefined],
      ['Swedish', 'sv'],
    ]);
    const chosen = await t.call(api.content.fileAudio, { id: file.id, tracks: [{ index: 2, lang_id: lang.de }] });
    expect(chosen.audio_tracks[1]).toEqual({ index: 2, lang_id: lang.de, tag: 'xyz', problem: null });
    expect(audioGroup(await served(chosen.playback_url!))[1]).toMatchObject({ NAME: 'German', LANGUAGE: 'de' });
  });

  it('keeps a master without sound working: no AUDIO group, no tracks to name', async () => {
    const file = await processed([]);
    expect(file.audio_tracks).toEqual([]);
    const master = await served(file.playback_url!);
    expect(audioGroup(master)).toEqual([]);
    expect(master).not.toContain('AUDIO=');
    const refused = await t.refused(api.content.fileAudio, { id: file.id, tracks: [{ index: 1, lang_id: lang.en }] });
    expect(refused).toMatchObject({ status: 409, detail: 'The video has no audio tracks to name' });
  });
});
