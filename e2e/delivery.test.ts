import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bin, testMasterFile } from '../apps/server/src/test/masters.ts';
import { type ConsoleUnderTest, expectAccessible, expectNoConsoleErrors, startConsole } from './support/console.ts';
import { actions, episodesOf } from './support/intake.ts';
import * as scene from './support/scene.ts';

/** Screenshots to look at (not compared): SHOTS_DIR, else a temporary folder. */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/delivery-shots';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });

const ENGLISH = 1;
const SPANISH = 3;
const work = mkdtempSync(path.join(tmpdir(), 'delivery-e2e-'));

/**
 * A studio's folder for a season of three episodes in English and Spanish: a master per episode and language (S1E2
 * one master carrying both, its audio tracks tagged eng and spa), Spanish subtitles for each episode (SRT and VTT),
 * English captions for S1E3, a thumbnail per episode naming no language, and the metadata sheet.
 */
const MASTERS = [
  'ZippyZoo_S01E01_EN.mp4',
  'ZippyZoo_S01E01_ES.mp4',
  'ZippyZoo_S01E03_EN.mp4',
  'ZippyZoo_S01E03_ES.mp4',
];
const TWO_LANGUAGES = 'ZippyZoo_S01E02_EN_ES.mp4';
const SUBTITLES = ['ZippyZoo_S01E01_ES.srt', 'ZippyZoo_S01E02_ES.vtt', 'ZippyZoo_S01E03_ES.srt'];
const CAPTIONS = 'ZippyZoo_S01E03_EN_SDH.vtt';
const THUMBNAILS = ['ZippyZoo_S01E01.png', 'ZippyZoo_S01E02.png', 'ZippyZoo_S01E03.png'];
const SHEET = 'ZippyZoo_metadata.csv';

const TEXTS: [number, 'en' | 'es', string, string][] = [
  [1, 'en', 'The Lost Penguin', 'Zippy finds a penguin far from home.'],
  [1, 'es', 'El pingüino perdido', 'Zippy encuentra un pingüino lejos de casa.'],
  [2, 'en', 'The Big Splash', 'The hippos throw a pool party.'],
  [2, 'es', 'El gran chapuzón', 'Los hipopótamos hacen una fiesta en la piscina.'],
  [3, 'en', 'Night at the Zoo', 'Who is awake when the keepers go home?'],
  [3, 'es', 'Noche en el zoo', '¿Quién está despierto cuando los cuidadores se van?'],
];
/** The sheet as a translator sends it: with `two` for an episode number on row 4 (the header is row 1). */
const sheetText = (episodeOfRow4: string) =>
  [
    'season,episode,language,title,description',
    ...TEXTS.map(([episode, lang, title, description], i) =>
      [1, i === 2 ? episodeOfRow4 : episode, lang, title, `"${description}"`].join(','),
    ),
  ].join('\n');

const srt = (text: string) => `1\n00:00:00,000 --> 00:00:00,900\n${text}\n`;
const vtt = (text: string) => `WEBVTT\n\n00:00.000 --> 00:00.900\n${text}\n`;

let c: ConsoleUnderTest;
const file = (name: string) => path.join(work, name);
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  // Real one-second masters from ffmpeg's test sources, one copy per name: the name is what the intake reads.
  const master = await testMasterFile({ seconds: 1 });
  for (const name of MASTERS) copyFileSync(master, file(name));
  copyFileSync(await testMasterFile({ seconds: 1, audioLanguages: ['eng', 'spa'] }), file(TWO_LANGUAGES));
  writeFileSync(file(SUBTITLES[0]), srt('¡Hola, pingüino!'));
  writeFileSync(file(SUBTITLES[1]), vtt('¡Al agua!'));
  writeFileSync(file(SUBTITLES[2]), srt('Buenas noches.'));
  writeFileSync(file(CAPTIONS), vtt('[owl hoots] Good night.'));
  THUMBNAILS.forEach((name, i) => {
    const colour = ['orange', 'teal', 'navy'][i];
    execFileSync(
      bin.ffmpeg,
      ['-nostdin', '-y', '-loglevel', 'error', '-f', 'lavfi', '-i', `color=c=${colour}:s=64x36`].concat([
        '-frames:v',
        '1',
        file(name),
      ]),
    );
  });
  c = await startConsole();
});
afterAll(async () => {
  await c?.close();
  rmSync(work, { recursive: true, force: true });
});

const DELIVERY = [...MASTERS, TWO_LANGUAGES, ...SUBTITLES, CAPTIONS, ...THUMBNAILS, SHEET];

/** Opens "Upload episodes" for the brand on a new page in a colour mode and drops the whole delivery. */
async function dropDelivery(brand: { id: number; name: string }, colorMode: 'light' | 'dark', count = actions()) {
  const page = await c.newPage({ colorMode, height: 1000 });
  await c.signIn(page);
  await page.goto(`/admin/content?brand=${brand.id}`);
  await count.count(page.getByRole('button', { name: 'Upload episodes' }).click());
  const dialog = page.getByRole('dialog', { name: `Upload episodes · ${brand.name}` });
  await count.count(dialog.locator('input[type="file"]').setInputFiles(DELIVERY.map(file)));
  return { page, dialog };
}

describe("A studio's delivery in one drop", () => {
  it('takes masters, subtitles, thumbnails and the sheet together; a mistake is named, mended, and one click attaches all', async () => {
    const brand = await c.addBrand('Zippy Zoo');
    for (const lang_id of [ENGLISH, SPANISH])
      await scene.post(c, '/api/brand_lang/add', { brand_id: brand.id, lang_id, title: 'Zippy Zoo' });
    writeFileSync(file(SHEET), sheetText('two'));
    const person = actions();
    const { page, dialog } = await dropDelivery(brand, 'light', person);

    // What each file matched: its kind, episode and language(s).
    const table = dialog.getByRole('table', { name: 'Files to upload' });
    const row = (name: string) => table.getByTestId(`intake-row-${name}`);
    await row(THUMBNAILS[2]).waitFor();
    await row(TWO_LANGUAGES).getByText('Master').waitFor();
    await row(TWO_LANGUAGES).getByText('+ Spanish if its audio has it').waitFor();
    await row(SUBTITLES[1]).getByText('Subtitles').waitFor();
    await row(CAPTIONS).getByText('Captions').waitFor();
    await row(THUMBNAILS[0]).getByText('Thumbnail').waitFor();
    expect(await dialog.getByLabel(`Language of ${SUBTITLES[1]}`).inputValue()).toBe('Spanish');
    expect(await dialog.getByLabel(`Episode of ${THUMBNAILS[1]}`).inputValue()).toBe('2');
    expect(await dialog.getByLabel(`Language of ${THUMBNAILS[1]}`).inputValue()).toBe('');

    // The sheet's mistake, named by its row and column; nothing can start until the sheet is mended.
    const mistakes = dialog.getByRole('table', { name: 'Mistakes in the sheet' });
    const mistake = mistakes.getByRole('row').nth(1);
    expect(await mistake.getByRole('cell').allInnerTexts()).toEqual([
      '4',
      'episode',
      'Enter a whole number from 1 to 1,000,000',
    ]);
    await dialog.getByText('1 mistake: nothing will be written').waitFor();
    const start = dialog.getByRole('button', { name: 'Write the texts and upload 12 files' });
    expect(await start.isDisabled()).toBe(true);
    await expectAccessible(page, 'the delivery with a mistake in its sheet, light');
    await shot(page, 'delivery-mistake-light');

    // The person mends the sheet and drops it again: every change field by field, before → after.
    writeFileSync(file(SHEET), sheetText('2'));
    await person.count(dialog.locator('input[type="file"]').setInputFiles([file(SHEET)]));
    const changes = dialog.getByRole('table', { name: 'Changes in the sheet' });
    await changes.waitFor();
    expect(await mistakes.count()).toBe(0);
    await dialog.getByText('6 new · 0 changed · 0 unchanged').waitFor();
    // Six rows, a title and a description each.
    expect(await changes.getByRole('row').count()).toBe(1 + 12);
    const line = changes.getByRole('row').filter({ hasText: 'El gran chapuzón' });
    expect(await line.getByRole('cell').allInnerTexts()).toEqual([
      '5',
      'S1E2 new',
      'Spanish',
      'Title',
      '(empty)',
      'El gran chapuzón',
    ]);
    // The masters' rows say the title the sheet gives them.
    await row(MASTERS[0]).getByText('The Lost Penguin · from the sheet').waitFor();
    expect(await start.isEnabled()).toBe(true);
    await expectAccessible(page, 'the delivery with its changes, light');
    await shot(page, 'delivery-changes-light');

    // The same in dark mode, on another page (a dry run writes nothing).
    const dark = await dropDelivery(brand, 'dark');
    await dark.dialog.getByRole('table', { name: 'Changes in the sheet' }).waitFor();
    await dark.dialog.getByText('6 new · 0 changed · 0 unchanged').waitFor();
    await expectAccessible(dark.page, 'the delivery with its changes, dark');
    await shot(dark.page, 'delivery-changes-dark');
    await dark.page.close();
    expect(await episodesOf(c, brand.id)).toEqual([]);

    // One click: the texts written, then every file into the versions the sheet made.
    await person.count(start.click());
    await dialog.getByText('Written: 6 new · 0 changed · 0 unchanged').waitFor({ timeout: 30_000 });
    await dialog.getByText('Done: 12 ready').waitFor({ timeout: 180_000 });
    await row(TWO_LANGUAGES).getByText('Also Spanish, by its audio track').waitFor();
    await row(THUMBNAILS[0]).getByText('In English, Spanish').waitFor();
    await expectAccessible(page, 'the delivery done, light');
    await shot(page, 'delivery-done-light');
    await person.count(dialog.getByRole('button', { name: 'Close' }).last().click());
    await dialog.waitFor({ state: 'hidden' });

    // Everything attached: three episodes from the sheet, each in both languages with its texts, video,
    // subtitles and thumbnail.
    const made = await episodesOf(c, brand.id);
    expect(made.map((e) => e.item.sort_number).sort()).toEqual([1, 2, 3]);
    for (const [episode, code, title, description] of TEXTS) {
      const e = made.find((m) => m.item.sort_number === episode);
      const lang = e?.langs.find((l) => l.lang_id === (code === 'en' ? ENGLISH : SPANISH));
      const what = `S1E${episode} ${code}`;
      expect(lang?.title, what).toBe(title);
      expect(lang?.description, what).toBe(description);
      expect(lang?.thumbnail_url, what).toMatch(/\.png$/);
      if (episode === 2 && code === 'es') {
        // The two-language master is the English version's, lent to Spanish by its audio track.
        expect(lang?.video_from_lang_id, what).toBe(ENGLISH);
        expect(lang?.video, what).toBeNull();
      } else {
        expect(lang?.video?.status, what).toBe('ready');
      }
      const subtitles = lang?.subtitles.map((s) => [s.kind, s.name]) ?? [];
      if (code === 'es') expect(subtitles, what).toEqual([['subtitles', SUBTITLES[episode - 1]]]);
      else expect(subtitles, what).toEqual(episode === 3 ? [['captions', CAPTIONS]] : []);
    }
    expect(made.find((m) => m.item.sort_number === 2)?.langs.find((l) => l.lang_id === ENGLISH)?.video?.name).toBe(
      TWO_LANGUAGES,
    );

    // Out to translators: Export texts, CSV, the brand's languages; the file has every episode's texts.
    await person.count(page.getByRole('button', { name: 'Export texts' }).click());
    const exporting = page.getByRole('dialog', { name: 'Export texts · Zippy Zoo' });
    await person.count(exporting.getByRole('radio', { name: 'CSV' }).check());
    expect(await exporting.getByRole('checkbox', { name: 'Spanish' }).isChecked()).toBe(true);
    await expectAccessible(page, 'export texts, light');
    await shot(page, 'export-texts-light');
    const download = page.waitForEvent('download');
    await person.count(exporting.getByRole('button', { name: 'Download' }).click());
    const saved = await download;
    expect(saved.suggestedFilename()).toBe('zippy_zoo_metadata.csv');
    const exported = readFileSync((await saved.path()) ?? '', 'utf8');
    for (const [, , title] of TEXTS) expect(exported).toContain(title);
    await exporting.waitFor({ state: 'hidden' });

    // And back: a translator changes one title; the file alone is a delivery, shown as one change before it is written.
    const back = file('ZippyZoo_metadata_back.csv');
    writeFileSync(back, exported.replace('Night at the Zoo', 'A Night at the Zoo'));
    await person.count(page.getByRole('button', { name: 'Upload episodes' }).click());
    await person.count(dialog.locator('input[type="file"]').setInputFiles([back]));
    await dialog.getByText('0 new · 1 changed · 5 unchanged').waitFor();
    const changed = dialog.getByRole('table', { name: 'Changes in the sheet' }).getByRole('row').nth(1);
    expect(await changed.getByRole('cell').allInnerTexts()).toEqual([
      '6',
      'S1E3',
      'English',
      'Title',
      'Night at the Zoo',
      'A Night at the Zoo',
    ]);
    await person.count(dialog.getByRole('button', { name: 'Write the texts' }).click());
    await dialog.getByText('Written: 0 new · 1 changed · 5 unchanged').waitFor();
    await person.count(dialog.getByRole('button', { name: 'Close' }).last().click());
    const third = (await episodesOf(c, brand.id)).find((e) => e.item.sort_number === 3);
    expect(third?.langs.find((l) => l.lang_id === ENGLISH)?.title).toBe('A Night at the Zoo');

    // The person's actions for the delivery: open, drop the folder, drop the mended sheet, start, close.
    const delivery = 5;
    expect(person.total).toBe(delivery + 3 + 4);
    console.info(
      `delivery: ${delivery} actions of the person for 3 episodes × 2 languages (12 files and a sheet), no title typed; 3 to export the texts, 4 to bring a translated sheet back`,
    );
    expectNoConsoleErrors();
  }, 300_000);
});
