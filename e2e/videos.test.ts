import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { api, type VideoFile, wholeList } from '@kids-vod/contract';
import { sql } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testMasterFile } from '../apps/server/src/test/masters.ts';
import { fileUpload } from '../apps/server/src/test/multipart.ts';
import {
  type ConsoleUnderTest,
  expectAccessible,
  expectNoConsoleErrors,
  focusReturnsTo,
  startConsole,
} from './support/console.ts';
import * as scene from './support/scene.ts';

/** Screenshots of the new screen and the player, to look at (not compared): SHOTS_DIR, else a temporary folder. */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/videos-shots';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });

const work = mkdtempSync(path.join(tmpdir(), 'videos-e2e-'));

let c: ConsoleUnderTest;
let pattern: string;
let spare: string;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  // Real masters from ffmpeg's test sources (a test pattern and a tone), named as staff would have them.
  const [a, b] = await Promise.all([
    testMasterFile({ seconds: 4 }),
    testMasterFile({ seconds: 8, width: 640, height: 360 }),
  ]);
  pattern = path.join(work, 'test-pattern.mp4');
  spare = path.join(work, 'spare-take.mp4');
  copyFileSync(a, pattern);
  copyFileSync(b, spare);
  c = await startConsole();
});
afterAll(async () => {
  await c?.close();
  rmSync(work, { recursive: true, force: true });
});

/** An upload through the API (multipart, as the console sends it), as another colleague would have made it. */
async function uploadMaster(file: string): Promise<VideoFile> {
  const res = await c.t.request(
    fileUpload('/api/content/upload?type=video', { data: readFileSync(file), filename: path.basename(file) }),
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every video file, as the API lists them. */
const files = async (): Promise<VideoFile[]> => wholeList(await c.t.call(api.content.files, { query: {} }));

const toast = (page: Page, text: string | RegExp) => page.locator('.mantine-Notification-root').getByText(text).first();
const statusOf = (scope: Page | Locator, file: { id: number }) => scope.getByTestId(`video-status-${file.id}`);

/** The row's status word (Queued, Processing, Ready, Failed). */
const statusWord = async (scope: Page | Locator, file: { id: number }) =>
  (await statusOf(scope, file).locator('p').first().textContent())?.trim();

/** Where the player's video is: time, whether it plays, and which engine plays it. */
const playback = (video: Locator) =>
  video.evaluate((v: HTMLVideoElement) => ({
    time: v.currentTime,
    paused: v.paused,
    engine: v.dataset.engine,
    width: v.videoWidth,
  }));

/** Plays the player's video and waits until its time has moved on by a second: frames are really decoded. */
async function expectPlaying(video: Locator) {
  await video.evaluate((v: HTMLVideoElement) => v.play().catch(() => undefined));
  const start = (await playback(video)).time;
  await expect.poll(async () => (await playback(video)).time, { timeout: 30_000 }).toBeGreaterThan(start + 1);
  expect((await playback(video)).width).toBeGreaterThan(0);
}

describe('the Videos screen and the player', () => {
  it('shows an uploaded master processed live, plays its ladder, takes the poster from a frame, and deletes to the bin', async () => {
    const brand = await scene.brandWithContent(c, 'Signal Hill', ['Test Pattern']);
    const [item] = await scene.post<{ id: number }[]>(c, '/api/content/list', { brand_id: brand.id });
    const page = await c.newPage();
    await c.signIn(page);

    // Uploaded in the content modal: attached at once, its status shown there while it is processed.
    await page.goto(`/admin/content?brand=${brand.id}&edit=${item.id}`);
    const editor = page.getByRole('dialog', { name: 'Edit S1E1 · Test Pattern' });
    await editor.getByText('No video attached in English.').waitFor();
    const chooser = page.waitForEvent('filechooser');
    await editor.getByRole('button', { name: 'Upload a new video' }).click();
    await (await chooser).setFiles(pattern);
    await toast(page, 'Video attached').waitFor();
    await editor.getByText('test-pattern.mp4').waitFor();
    const attached = (await files()).find((f) => f.name === 'test-pattern.mp4');
    expect(attached).toBeDefined();
    const file = attached as VideoFile;
    // The modal reads the file again until it is done: Ready without a reload, then Play instead of the status.
    await expect.poll(() => statusWord(editor, file), { timeout: 90_000 }).toBe('Ready');
    await editor.getByRole('button', { name: 'Play test-pattern.mp4' }).click();
    const inModal = editor.getByLabel('Video test-pattern.mp4');
    await expectPlaying(inModal);
    expect((await playback(inModal)).engine).toBe('hls.js');
    // Its duration, from the probe, can become the content's.
    await editor.getByRole('button', { name: 'Use as content duration' }).click();
    expect(await editor.getByLabel('Duration (seconds)').inputValue()).toBe('4');
    await editor.getByRole('button', { name: 'Save content' }).click();
    await toast(page, 'Content saved').waitFor();
    await expectAccessible(page, 'content modal playing its video');
    await editor.getByRole('button', { name: 'Close' }).last().click();
    await editor.waitFor({ state: 'hidden' });

    // Another master, uploaded elsewhere: the Videos screen shows it under way and follows it to Ready by itself.
    const other = await uploadMaster(spare);
    expect(other.status).toBe('queued');
    await page.goto('/admin/videos');
    const table = page.getByRole('table', { name: 'Video files' });
    const row = table.getByTestId(`video-row-${other.id}`);
    await row.waitFor();
    const seen = new Set<string>();
    await expect
      .poll(
        async () => {
          const word = (await statusWord(row, other)) ?? '';
          seen.add(word);
          if (word === 'Processing') {
            // While it is processed: a named bar with its percent, and the percent in words.
            const bar = row.getByRole('progressbar', { name: 'Processing spare-take.mp4' });
            if ((await bar.count()) > 0) seen.add('bar');
          }
          return word;
        },
        { timeout: 90_000, interval: 250 },
      )
      .toBe('Ready');
    expect(
      [...seen].some((w) => w === 'Queued' || w === 'Processing'),
      [...seen].join(', '),
    ).toBe(true);
    // What the probe read, and where each file is attached.
    await row.getByText('640×360 · 0:08 · 1 audio track').waitFor();
    await row.getByText('Not attached').waitFor();
    const attachedRow = table.getByTestId(`video-row-${file.id}`);
    await attachedRow.getByRole('link', { name: 'Signal Hill · S1E1 · Test Pattern' }).waitFor();
    await attachedRow.getByText('English version').waitFor();
    // (A retried journey meets its first attempt's files too: the counts are the server's.)
    const all = await files();
    const everyFile = `${all.length} video files`;
    await page.getByText(everyFile).waitFor();

    // Search and filter, on the server.
    const spares = all.filter((f) => f.name.includes('spare')).length;
    await page.getByRole('textbox', { name: 'Search video files' }).fill('spare');
    await page.getByText(`${spares} ${spares === 1 ? 'match' : 'matches'}`, { exact: true }).waitFor();
    await page.getByRole('textbox', { name: 'Search video files' }).fill('');
    await page.getByText(everyFile).waitFor();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Failed' }).click();
    await page.getByText('No video file matches.').waitFor();
    await page.getByRole('button', { name: 'Show every file' }).click();
    await page.getByText(everyFile).waitFor();

    // The player: plays the ladder, a rendition by hand, and the frame on screen becomes the poster.
    const play = row.getByRole('button', { name: 'Play spare-take.mp4' });
    await play.click();
    const player = page.getByRole('dialog', { name: 'Play spare-take.mp4' });
    const video = player.getByLabel('Video spare-take.mp4');
    await expectPlaying(video);
    expect((await playback(video)).engine).toBe('hls.js');
    const quality = player.getByRole('combobox', { name: 'Quality' });
    await expect.poll(() => quality.inputValue()).toMatch(/^Auto/);
    await quality.click();
    const rungs = await page.getByRole('option').allTextContents();
    expect(rungs[0]).toMatch(/^Auto/);
    expect(
      rungs.slice(1).every((r) => /^\d+p · [\d.]+ (Mbit|kbit)\/s$/.test(r)),
      rungs.join(' | '),
    ).toBe(true);
    await page.getByRole('option', { name: rungs[1] }).click();
    await expect.poll(() => quality.inputValue()).toBe(rungs[1]);
    await expectPlaying(video);

    const posterBefore = await player.getByTestId('player-poster').getAttribute('src');
    await video.evaluate((v: HTMLVideoElement) => v.pause());
    await player.getByRole('button', { name: 'Use this frame' }).click();
    await toast(page, 'Poster changed').waitFor();
    await expect.poll(() => player.getByTestId('player-poster').getAttribute('src')).not.toBe(posterBefore);
    await expectAccessible(page, 'the player open');

    // Closing stops it and gives the keyboard back to Play.
    await page.keyboard.press('Escape');
    await player.waitFor({ state: 'hidden' });
    await focusReturnsTo(play);
    // The list shows the new poster.
    await expect
      .poll(() => row.locator('img').first().getAttribute('src'))
      .toBe((await c.t.call(api.content.fileGet, { id: other.id })).thumbnail_url);

    // An attached file stays: the server's sentence says where it is attached.
    await attachedRow.getByRole('button', { name: 'Delete test-pattern.mp4' }).click();
    await page
      .getByRole('dialog', { name: 'Delete test-pattern.mp4?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page
      .locator('.mantine-Notification-root')
      .getByText(/attached/i)
      .first()
      .waitFor();
    await attachedRow.waitFor();
    // A free one goes to the bin.
    await row.getByRole('button', { name: 'Delete spare-take.mp4' }).click();
    await page.getByRole('dialog', { name: 'Delete spare-take.mp4?' }).getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Video file “spare-take.mp4” moved to the bin.').waitFor();
    await row.waitFor({ state: 'detached' });
    const bin = await c.t.call(api.bin.list, { entity: 'video_files' });
    expect(bin.rows.map((r) => r.id)).toContain(other.id);

    // A failed file: its sentence, and Retry queues it again; the screen follows it back to Ready by itself.
    // (Failing for real takes three attempts minutes apart: the scene sets the state the server would have left.)
    const retake = await scene.uploadVideo(c, 'retake.mp4', 2);
    const sentence = 'The video could not be decoded at 0:01: the file is damaged there.';
    await c.t.rows(sql`UPDATE video_files SET status = 'failed', failure = ${sentence} WHERE id = ${retake.id}`);
    await page.reload();
    const failed = table.getByTestId(`video-row-${retake.id}`);
    await expect.poll(() => statusWord(failed, retake)).toBe('Failed');
    await failed.getByText(sentence).waitFor();
    await expectAccessible(page, 'a failed file');
    await shot(page, 'videos-failed');
    await failed.getByRole('button', { name: 'Retry retake.mp4' }).click();
    await toast(page, 'Queued again').waitFor();
    await expect.poll(() => statusWord(failed, retake), { timeout: 90_000 }).toBe('Ready');
    expect(await failed.getByText(sentence).count()).toBe(0);
    expectNoConsoleErrors();
  }, 240_000);

  it('plays a master with two dubbed audio tracks: lists both by language, switches, names one again', async () => {
    const dubbed = path.join(work, 'dubbed-episode.mp4');
    copyFileSync(await testMasterFile({ seconds: 8, width: 640, height: 360, audioLanguages: ['eng', 'spa'] }), dubbed);
    const file = await uploadMaster(dubbed);
    await expect
      .poll(async () => (await c.t.call(api.content.fileGet, { id: file.id })).status, { timeout: 90_000 })
      .toBe('ready');
    const page = await c.newPage();
    await c.signIn(page);
    await page.goto('/admin/videos');
    const row = page.getByTestId(`video-row-${file.id}`);
    await row.getByText(/ · audio English, Spanish$/).waitFor();
    await row.getByRole('button', { name: `Play ${file.name}` }).click();
    const player = page.getByRole('dialog', { name: `Play ${file.name}` });
    const video = player.getByLabel(`Video ${file.name}`);
    await expectPlaying(video);
    expect((await playback(video)).engine).toBe('hls.js');

    // The AUDIO group's tracks by name, the first (the master's default) playing.
    const audio = player.getByRole('combobox', { name: 'Audio', exact: true });
    expect(await audio.inputValue()).toBe('English');
    await audio.click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['English', 'Spanish']);
    // Switched by keyboard: hls.js loads the Spanish track's playlist, and the picture plays on.
    const spanishPlaylist = page.waitForRequest(/\/a1\/index\.m3u8$/);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await spanishPlaylist;
    expect(await audio.inputValue()).toBe('Spanish');
    await expectPlaying(video);

    // The second track named Russian instead: the master is written again and the player plays the new one.
    const track = player.getByRole('combobox', { name: 'Track 2 (tagged “spa”)' });
    await track.click();
    await page.getByRole('option', { name: 'Russian (ru)' }).click();
    await player.getByRole('button', { name: 'Apply audio languages' }).click();
    await toast(page, 'Audio languages saved').waitFor();
    await expect.poll(() => audio.inputValue(), { timeout: 30_000 }).toBe('English');
    await audio.click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['English', 'Russian']);
    await page.keyboard.press('Escape');
    const saved = await c.t.call(api.content.fileGet, { id: file.id });
    expect(saved.playback_url).not.toBe(file.playback_url);
    await expectAccessible(page, 'player with two audio tracks');
    await shot(page, 'player-audio-tracks');
    await page.keyboard.press('Escape');
    await player.waitFor({ state: 'hidden' });

    // One master for two languages: the English version has it, the Russian version plays it with its Russian track.
    const brand = await scene.brandWithContent(c, 'Dubbed Dale', ['Two Voices']);
    const [item] = await scene.post<{ id: number }[]>(c, '/api/content/list', { brand_id: brand.id });
    await c.t.call(api.content.attachVideo, { ext_id: file.ext_id, content_id: item.id, lang_id: 1 });
    const russian = (await c.t.call(api.reference.langList)).find((l) => l.code === 'ru')!;
    await c.t.call(api.content.langAdd, { content_id: item.id, lang_id: russian.id, title: 'Два голоса' });
    await page.goto(`/admin/content?brand=${brand.id}&edit=${item.id}`);
    const editor = page.getByRole('dialog', { name: /^Edit S1E1/ });
    await editor.getByRole('tab', { name: 'Russian', exact: true }).click();
    await editor.getByText('No video attached in Russian.').waitFor();
    const borrow = editor.getByRole('combobox', { name: 'Or play another version’s video' });
    await borrow.click();
    await page.getByRole('option', { name: 'English version’s video · has Russian audio' }).click();
    await toast(page, 'Video choice saved').waitFor();
    await editor.getByText(`Plays the English version’s video (${file.name}) with its Russian audio.`).waitFor();
    await editor.getByRole('button', { name: `Play ${file.name}` }).click();
    const borrowed = editor.getByLabel(`Video ${file.name}`);
    await expectPlaying(borrowed);
    // The player starts on the version's own dub.
    await expect
      .poll(() => editor.getByRole('combobox', { name: 'Audio', exact: true }).inputValue(), { timeout: 20_000 })
      .toBe('Russian');
    const version = (await c.t.call(api.content.langList, { content_id: item.id })).find(
      (l) => l.lang_id === russian.id,
    );
    expect(version?.video_from_lang_id).toBe(1);
    await expectAccessible(page, 'content modal playing a borrowed video');
    await shot(page, 'content-modal-borrowed');
    expectNoConsoleErrors();
  }, 240_000);

  it('switches the subtitles a master offers (its SUBTITLES group), and turns them off', async () => {
    const file = (await files()).find((f) => f.name === 'dubbed-episode.mp4' && f.status === 'ready');
    expect(file, 'the dubbed file of the test above').toBeDefined();
    const { playback_url: url, name } = file as VideoFile;
    const page = await c.newPage();
    await c.signIn(page);
    // The master as the subtitles module leaves it: a SUBTITLES group of two languages, named by every variant.
    await page.route(
      (u) => u.pathname === new URL(url as string, 'http://x').pathname,
      async (route) => {
        const master = await (await route.fetch()).text();
        const group = ['en English', 'ru Русский']
          .map((l) => l.split(' '))
          .map(
            ([code, label]) =>
              `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="${label}",LANGUAGE="${code}",DEFAULT=NO,AUTOSELECT=NO,URI="subs-${code}.m3u8"`,
          );
        const body = master
          .replace('#EXT-X-STREAM-INF', `${group.join('\n')}\n#EXT-X-STREAM-INF`)
          .replace(/^(#EXT-X-STREAM-INF:.*)$/gm, '$1,SUBTITLES="subs"');
        await route.fulfill({ body, contentType: 'application/vnd.apple.mpegurl' });
      },
    );
    await page.route(/\/subs-(en|ru)\.m3u8$/, (route) =>
      route.fulfill({
        contentType: 'application/vnd.apple.mpegurl',
        body: `#EXTM3U\n#EXT-X-TARGETDURATION:8\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:8,\n${route
          .request()
          .url()
          .replace(/.*\/subs-(\w+)\.m3u8$/, 'subs-$1.vtt')}\n#EXT-X-ENDLIST\n`,
      }),
    );
    await page.route(/\/subs-(en|ru)\.vtt$/, (route) =>
      route.fulfill({
        contentType: 'text/vtt',
        body: `WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:126000,LOCAL:00:00:00.000\n\n00:00.000 --> 00:08.000\n${route.request().url().endsWith('en.vtt') ? 'Hello' : 'Привет'}\n`,
      }),
    );
    await page.goto('/admin/videos');
    await page
      .getByRole('button', { name: `Play ${name}` })
      .first()
      .click();
    const player = page.getByRole('dialog', { name: `Play ${name}` });
    const video = player.getByLabel(`Video ${name}`);
    await expectPlaying(video);
    const showing = () =>
      video.evaluate((v: HTMLVideoElement) =>
        [...v.textTracks].filter((t) => t.mode === 'showing').map((t) => t.label),
      );
    const subtitles = player.getByRole('combobox', { name: 'Subtitles' });
    expect(await subtitles.inputValue()).toBe('Off');
    expect(await showing()).toEqual([]);
    await subtitles.click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['Off', 'English', 'Русский']);
    await page.getByRole('option', { name: 'Русский' }).click();
    await expect.poll(showing, { timeout: 20_000 }).toEqual(['Русский']);
    // By keyboard back to Off: nothing shown.
    await subtitles.focus();
    await page.keyboard.press('ArrowUp');
    const active = page.locator('[data-combobox-selected]:visible');
    for (let up = 0; up < 4 && (await active.textContent()) !== 'Off'; up++) await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect.poll(() => subtitles.inputValue()).toBe('Off');
    await expect.poll(showing, { timeout: 20_000 }).toEqual([]);
    await expectAccessible(page, 'player with subtitles');
    expectNoConsoleErrors();
  }, 120_000);

  it('names a track in the content modal a readiness link opens on its language; words, player and borrowing follow; the Videos screen uploads', async () => {
    const [ENGLISH, RUSSIAN] = [1, 2];
    const voices = path.join(work, 'two-voices.mp4');
    copyFileSync(await testMasterFile({ seconds: 6, width: 640, height: 360, audioLanguages: ['eng', ''] }), voices);
    const file = await uploadMaster(voices);
    await expect
      .poll(async () => (await c.t.call(api.content.fileGet, { id: file.id })).status, { timeout: 90_000 })
      .toBe('ready');
    const brand = await scene.brandWithContent(c, 'Hollow Voices', ['Echo']);
    const [item] = await scene.post<{ id: number }[]>(c, '/api/content/list', { brand_id: brand.id });
    await c.t.call(api.content.attachVideo, { ext_id: file.ext_id, content_id: item.id, lang_id: ENGLISH });
    await scene.post(c, '/api/brand_lang/add', { brand_id: brand.id, lang_id: RUSSIAN, title: 'Пустые голоса' });
    await c.t.call(api.content.langAdd, { content_id: item.id, lang_id: RUSSIAN, title: 'Эхо' });
    const page = await c.newPage();
    await c.signIn(page);

    // The brand's readiness links the Russian version: the content modal opens on its tab, not the English one.
    await page.goto(`/admin/brands?edit=${brand.id}`);
    const readiness = page.getByRole('dialog', { name: 'Edit brand' }).getByRole('region', { name: 'Readiness' });
    await readiness.getByTestId(`readiness-lang-${RUSSIAN}`).getByRole('link', { name: 'Эхо' }).click();
    const editor = page.getByRole('dialog', { name: /^Edit S1E1/ });
    await editor.getByText('No video attached in Russian.').waitFor();
    const selectedTab = () =>
      editor
        .getByRole('tablist', { name: 'Languages' })
        .getByRole('tab', { selected: true })
        .getAttribute('aria-label');
    expect(await selectedTab()).toMatch(/^Russian/);

    // Russian subtitles, then the English video borrowed to be read: the sentence says the audio it really has.
    const subtitlesSection = editor.getByTestId('subtitles-section');
    let chooser = page.waitForEvent('filechooser');
    await subtitlesSection.getByRole('button', { name: 'Upload subtitles (WebVTT or SRT)' }).click();
    await (await chooser).setFiles({
      name: 'echo.ru.vtt',
      mimeType: 'text/vtt',
      buffer: Buffer.from('WEBVTT\n\n00:00.500 --> 00:05.000\nЭхо!\n'),
    });
    await toast(page, 'Subtitles added').waitFor();
    await editor.getByRole('combobox', { name: 'Or play another version’s video' }).click();
    await page.getByRole('option', { name: /^English version’s video · no Russian audio, read with/ }).click();
    await toast(page, 'Video choice saved').waitFor();
    await editor
      .getByText(
        `Plays the English version’s video (${file.name}) with Russian subtitles: it has no Russian audio, only English and a track in no language.`,
      )
      .waitFor();
    expect(await editor.getByText(/with its Russian audio/).count()).toBe(0);

    // The English tab: the track in no language is named Russian under the player, as in the Videos screen.
    await editor.getByRole('tab', { name: 'English', exact: true }).click();
    await editor.getByText(/ · audio English, \?$/).waitFor();
    await editor.getByRole('button', { name: `Play ${file.name}` }).click();
    const video = editor.getByLabel(`Video ${file.name}`);
    await expectPlaying(video);
    await editor.getByRole('combobox', { name: 'Track 2' }).click();
    await page.getByRole('option', { name: 'Russian (ru)' }).click();
    await editor.getByRole('button', { name: 'Apply audio languages' }).click();
    await toast(page, 'Audio languages saved').waitFor();
    // The words follow the name at once.
    await editor.getByText(/ · audio English, Russian$/).waitFor();

    // Subtitles added while the player is open: offered by it without reopening the modal.
    const subtitlesChoice = editor.getByRole('combobox', { name: 'Subtitles', exact: true });
    // The master's SUBTITLES group as the player has loaded it, then as its choice offers it.
    const loaded = () =>
      video.evaluate((v: HTMLVideoElement) =>
        [...v.textTracks].filter((t) => t.kind === 'subtitles' || t.kind === 'captions').map((t) => t.label),
      );
    const offered = async () => {
      await subtitlesChoice.click();
      const options = await page.getByRole('option').allTextContents();
      await page.keyboard.press('Escape');
      return options;
    };
    await expect.poll(loaded, { timeout: 20_000 }).toEqual(['Russian']);
    expect(await offered()).toEqual(['Off', 'Russian']);
    chooser = page.waitForEvent('filechooser');
    await subtitlesSection.getByRole('button', { name: 'Upload subtitles (WebVTT or SRT)' }).click();
    await (await chooser).setFiles({
      name: 'echo.en.vtt',
      mimeType: 'text/vtt',
      buffer: Buffer.from('WEBVTT\n\n00:00.500 --> 00:05.000\nEcho!\n'),
    });
    await toast(page, 'Subtitles added').waitFor();
    await expect.poll(loaded, { timeout: 20_000 }).toEqual(['English', 'Russian']);
    expect(await offered()).toEqual(['Off', 'English', 'Russian']);
    await expectAccessible(page, 'content modal naming audio tracks');
    await shot(page, 'content-modal-audio-languages');
    await editor.getByRole('button', { name: 'Close' }).last().click();
    await editor.waitFor({ state: 'hidden' });

    // The Videos screen says the same, and uploads: the new file joins the list and is processed.
    await page.goto('/admin/videos');
    const row = page.getByTestId(`video-row-${file.id}`);
    await row.getByText(/ · audio English, Russian$/).waitFor();
    const fresh = path.join(work, 'fresh-upload.mp4');
    copyFileSync(pattern, fresh);
    chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload video' }).click();
    await (await chooser).setFiles(fresh);
    const uploaded = page.getByRole('table', { name: 'Video files' }).locator('tr', { hasText: 'fresh-upload.mp4' });
    await uploaded.waitFor({ timeout: 30_000 });
    const added = (await files()).find((f) => f.name === 'fresh-upload.mp4') as VideoFile;
    await expect.poll(() => statusWord(uploaded, added), { timeout: 90_000 }).toBe('Ready');
    await expectAccessible(page, 'Videos screen after an upload');
    expectNoConsoleErrors();
  }, 240_000);

  it('keeps the warning icon of a long failure at its size in the episode intake, the sentence wrapping', async () => {
    const brand = await c.addBrand('Quiet Hills');
    await scene.post(c, '/api/brand_lang/add', { brand_id: brand.id, lang_id: 1, title: 'Quiet Hills' });
    const master = path.join(work, 'Quiet_Hills_S01E01_EN.mp4');
    copyFileSync(pattern, master);
    const page = await c.newPage();
    await c.signIn(page);
    // The file's processing fails with the server's longest kind of sentence (failing for real takes three attempts).
    const sentence =
      'The video could not be decoded at 0:01: the file is damaged there, or it was cut short while it was copied; export it again from the editing software and upload the new file.';
    await page.route('**/api/content/files/get', async (route) => {
      const file = await (await route.fetch()).json();
      await route.fulfill({ json: { ...file, status: 'failed', failure: sentence, playback_url: null } });
    });
    await page.goto(`/admin/content?brand=${brand.id}`);
    await page.getByRole('button', { name: 'Upload episodes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload episodes · Quiet Hills' });
    await dialog.locator('input[type="file"]').setInputFiles([master]);
    await dialog.getByRole('button', { name: 'Upload 1 file' }).click();
    const failure = dialog.getByText(`Failed: ${sentence}`);
    await failure.waitFor({ timeout: 60_000 });
    const icon = failure.locator('xpath=..').locator('svg').first();
    const box = await icon.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(13);
    expect(box?.height).toBeGreaterThanOrEqual(13);
    // The sentence wraps under its icon's column rather than squeezing it.
    expect((await failure.boundingBox())?.height).toBeGreaterThan(20);
    await shot(page, 'intake-long-failure');
    await page.close();
  }, 120_000);

  it.each(['light', 'dark'] as const)(
    'the Videos screen and the open player pass axe in %s mode (screenshots kept to look at)',
    async (colorMode) => {
      const ready = (await files()).find((f) => f.status === 'ready');
      expect(ready, 'a ready file from the journey above').toBeDefined();
      const file = ready as VideoFile;
      const page = await c.newPage({ colorMode });
      await c.signIn(page);
      await page.goto('/admin/videos');
      const row = page.getByTestId(`video-row-${file.id}`);
      await row.getByText('Ready').waitFor();
      await expectAccessible(page, `Videos screen, ${colorMode}`);
      await shot(page, `videos-${colorMode}`);
      await row.getByRole('button', { name: `Play ${file.name}` }).click();
      const player = page.getByRole('dialog', { name: `Play ${file.name}` });
      await expectPlaying(player.getByLabel(`Video ${file.name}`));
      await expectAccessible(page, `player, ${colorMode}`);
      await shot(page, `player-${colorMode}`);
      await page.keyboard.press('Escape');
      await player.waitFor({ state: 'hidden' });

      // The content modal's video section, playing in place of its poster.
      const attached = (await files()).find((f) => f.status === 'ready' && f.content_id !== null) as VideoFile;
      const item = await c.t.call(api.content.get, { id: attached.content_id as number });
      await page.goto(`/admin/content?brand=${item.brand_id}&edit=${item.id}`);
      const editor = page.getByRole('dialog', { name: /^Edit S1E1/ });
      await editor.getByRole('button', { name: `Play ${attached.name}` }).click();
      const inline = editor.getByLabel(`Video ${attached.name}`);
      await focusReturnsTo(inline);
      await expectPlaying(inline);
      await expectAccessible(page, `content modal playing, ${colorMode}`);
      await shot(page, `content-modal-${colorMode}`);
      expectNoConsoleErrors();
    },
    120_000,
  );
});
