import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { api } from '@kids-vod/contract';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testMasterFile } from '../apps/server/src/test/masters.ts';
import {
  type ConsoleUnderTest,
  consoleErrors,
  expectAccessible,
  expectNoConsoleErrors,
  startConsole,
} from './support/console.ts';
import { actions, episodesOf } from './support/intake.ts';
import * as scene from './support/scene.ts';

/** Screenshots to look at (not compared): SHOTS_DIR, else a temporary folder. */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/intake-shots';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });

const ENGLISH = 1;
const SPANISH = 3;
const work = mkdtempSync(path.join(tmpdir(), 'intake-e2e-'));

/** A folder of masters named as a studio names them, and one name that says nothing. */
const STUDIO_NAMES = [
  'Captain_Comet_S01E01_EN.mp4',
  'captain-comet.s1e1.despegue.es.mov',
  'Captain_Comet_S01E02_The_Big_Launch_EN.mp4',
  'captain-comet.s1e2.el-gran-salto.es.mov',
];
const [E1_EN, E1_ES, E2_EN, E2_ES] = STUDIO_NAMES;
const CLASH = 'Captain_Comet_S01E02_The_Big_Launch_EN_v2.mp4';
const UNMATCHED = 'final_v2.mov';

let c: ConsoleUnderTest;
const files = new Map<string, string>();
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  // Real two-second masters (ffmpeg's test sources), one copy per name: the name is what the intake reads.
  const master = await testMasterFile({ seconds: 2 });
  for (const name of [...STUDIO_NAMES, CLASH, UNMATCHED]) {
    const file = path.join(work, name);
    copyFileSync(master, file);
    files.set(name, file);
  }
  c = await startConsole();
});
afterAll(async () => {
  await c?.close();
  rmSync(work, { recursive: true, force: true });
});

/** A brand in English only, with episode S1E1 "Lift-Off" already there (no video yet). */
async function cometBrand(name: string) {
  const brand = await c.addBrand(name);
  await scene.post(c, '/api/brand_lang/add', { brand_id: brand.id, lang_id: ENGLISH, title: name });
  const item = await scene.post(c, '/api/content/add', { brand_id: brand.id, season: 1 });
  await scene.post(c, '/api/content_lang/add', { content_id: item.id, lang_id: ENGLISH, title: 'Lift-Off' });
  return { brand, liftOff: item.id };
}

const rowOf = (dialog: Locator, name: string) => dialog.getByTestId(`intake-row-${name}`);

describe('Upload episodes', () => {
  // Each journey uploads and processes real masters and waits up to 2 minutes for them (a loaded CI machine takes
  // 80 s for five): the test's own time is above that wait.
  it('reads a folder of studio-named masters into a table, uploads, processes and attaches a season in a few actions', async () => {
    const { brand, liftOff } = await cometBrand('Captain Comet');
    const page = await c.newPage({ colorMode: 'light' });
    await c.signIn(page);
    await page.goto(`/admin/content?brand=${brand.id}`);
    const person = actions();

    await person.count(page.getByRole('button', { name: 'Upload episodes' }).click());
    const dialog = page.getByRole('dialog', { name: 'Upload episodes · Captain Comet' });
    await person.count(
      dialog.locator('input[type="file"]').setInputFiles([...STUDIO_NAMES, UNMATCHED].map((n) => files.get(n) ?? n)),
    );
    const table = dialog.getByRole('table', { name: 'Files to upload' });
    await rowOf(table, UNMATCHED).waitFor();

    // What each name says, before anything is created.
    const cell = async (name: string, label: string) => dialog.getByLabel(`${label} of ${name}`).inputValue();
    expect(await cell(E1_EN, 'Season')).toBe('1');
    expect(await cell(E1_EN, 'Episode')).toBe('1');
    expect(await cell(E1_EN, 'Language')).toBe('English');
    expect(await cell(E2_ES, 'Episode')).toBe('2');
    expect(await cell(E2_ES, 'Language')).toBe('Spanish');
    // The title guessed from what the name says besides the brand, the episode and the language.
    expect(await cell(E2_EN, 'Title')).toBe('The Big Launch');
    expect(await cell(E2_ES, 'Title')).toBe('El Gran Salto');
    expect(await cell(E1_ES, 'Title')).toBe('Despegue');
    // S1E1 exists: its English version keeps its title; its Spanish one is new and takes the guess.
    await rowOf(table, E1_EN).getByText('S1E1 · Existing').waitFor();
    await rowOf(table, E1_EN).getByText('Lift-Off · kept').waitFor();
    await rowOf(table, E1_ES).getByText('S1E1 · Existing').waitFor();
    await rowOf(table, E2_EN).getByText('S1E2 · New episode').waitFor();
    // The name that says nothing stays, left out, for a choice by hand.
    expect(await cell(UNMATCHED, 'Season')).toBe('');
    expect(await dialog.getByLabel(`Upload ${UNMATCHED}`).isChecked()).toBe(false);
    // Left out by the intake, the row says why (issue 36: it said only "Left out").
    await rowOf(table, UNMATCHED).getByText('Left out: no episode matched').waitFor();
    // Spanish is not one of the brand's languages yet: offered, checked.
    const createSpanish = dialog.getByRole('checkbox', { name: /Create the Spanish version of the brand/ });
    expect(await createSpanish.isChecked()).toBe(true);
    await dialog.getByText('4 files to upload · 1 new episode · 1 left out').waitFor();
    await expectAccessible(page, 'the intake table, light');
    await shot(page, 'intake-table-light');

    // A second take of S1E2 in English clashes: the first is kept until the person keeps the other.
    await person.count(dialog.locator('input[type="file"]').setInputFiles([files.get(CLASH) ?? CLASH]));
    await rowOf(table, CLASH).getByText(`Clash: same episode and language as ${E2_EN}`).waitFor();
    await person.count(dialog.getByRole('radio', { name: `Keep ${CLASH}` }).check());
    await rowOf(table, E2_EN).getByText(`Clash: same episode and language as ${CLASH}`).waitFor();
    // The unmatched file, filled in by hand: S1E3 in English, a new episode with the title typed.
    await person.count(dialog.getByLabel(`Season of ${UNMATCHED}`).fill('1'));
    await person.count(dialog.getByLabel(`Episode of ${UNMATCHED}`).fill('3'));
    await rowOf(table, UNMATCHED).getByText('Say its language, or leave it out').waitFor();
    await person.count(dialog.getByLabel(`Language of ${UNMATCHED}`).click());
    await person.count(page.getByRole('option', { name: 'English' }).click());
    await person.count(dialog.getByLabel(`Title of ${UNMATCHED}`).fill('Moon Dust'));
    await dialog.getByText('5 files to upload · 2 new episodes · 1 left out').waitFor();

    await person.count(dialog.getByRole('button', { name: 'Upload 5 files' }).click());
    // Each file its own named bar while it goes up or is processed; all of them ready and attached in the end.
    await dialog
      .getByRole('progressbar', { name: /^(Uploading|Processing) / })
      .first()
      .waitFor();
    await expectAccessible(page, 'the intake under way, light');
    await shot(page, 'intake-running-light');
    // One worker (e2e/support/console.ts) for five files: those uploaded and waiting for it say so, not "Processing 0%".
    await dialog.getByText('Waiting to process').first().waitFor({ timeout: 60_000 });
    await dialog.getByText('Done: 5 ready').waitFor({ timeout: 120_000 });
    await shot(page, 'intake-done-light');
    expect(await dialog.getByText('Ready and attached').count()).toBe(5);
    await person.count(dialog.getByRole('button', { name: 'Close' }).last().click());
    await dialog.waitFor({ state: 'hidden' });

    // The season as created: S1E1 (existing) in both languages, S1E2 new in both, S1E3 from the hand-filled row.
    const made = await episodesOf(c, brand.id);
    const at = (n: number) => made.find((e) => e.item.season === 1 && e.item.sort_number === n);
    expect(made.length).toBe(3);
    expect(at(1)?.item.id).toBe(liftOff);
    const titles = (n: number) => Object.fromEntries((at(n)?.langs ?? []).map((l) => [l.lang_id, l.title]));
    expect(titles(1)[ENGLISH]).toBe('Lift-Off');
    expect(titles(1)[SPANISH]).toBe('Despegue');
    expect(titles(2)).toEqual({ [ENGLISH]: 'The Big Launch', [SPANISH]: 'El Gran Salto' });
    expect(titles(3)).toEqual({ [ENGLISH]: 'Moon Dust' });
    for (const e of made) {
      for (const l of e.langs) {
        expect(l.video?.status, `S1E${e.item.sort_number} ${l.lang_id}`).toBe('ready');
      }
    }
    // The kept take is the one attached to S1E2 in English.
    expect(at(2)?.langs.find((l) => l.lang_id === ENGLISH)?.video?.name).toBe(CLASH);
    // The duration comes from the video (2 s masters).
    for (const e of made) expect(e.item.duration_sec, `S1E${e.item.sort_number}`).toBe(2);
    // The brand's Spanish version was created, as the checkbox said.
    const versions = await c.t.call(api.brand.langList, { brand_id: brand.id });
    expect(versions.map((v: { lang_id: number }) => v.lang_id).sort()).toEqual([ENGLISH, SPANISH]);
    // The list shows the new episodes.
    await page.getByText('Moon Dust').first().waitFor();

    // The person's actions: open, choose the folder, confirm, close for the well-named files (4 of the 11 counted);
    // the clash and the unmatched name cost the rest.
    expect(person.total).toBe(11);
    console.info(`intake: ${person.total} actions of the person (4 for the well-named folder)`);
    expectNoConsoleErrors();
  }, 240_000);

  it('in dark mode: the table and a lost connection are accessible, and the upload goes on by itself', async () => {
    const { brand } = await cometBrand('Comet Dark');
    const page = await c.newPage({ colorMode: 'dark' });
    await c.signIn(page);
    await page.goto(`/admin/content?brand=${brand.id}`);
    await page.getByRole('button', { name: 'Upload episodes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload episodes · Comet Dark' });
    const names = [E2_EN, E2_ES];
    // By keyboard: the drop area takes the focus, and Enter opens the file chooser.
    const chooser = page.waitForEvent('filechooser');
    await dialog.locator('.mantine-Dropzone-root').focus();
    await page.keyboard.press('Enter');
    await (await chooser).setFiles(names.map((n) => files.get(n) ?? n));
    await dialog.getByText('2 files to upload · 1 new episode').waitFor();
    await expectAccessible(page, 'the intake table, dark');
    await shot(page, 'intake-table-dark');
    // A stray Escape asks before the table goes; staying keeps it as it was.
    await page.keyboard.press('Escape');
    const leave = page.getByRole('dialog', { name: 'Close without uploading?' });
    await leave.getByRole('button', { name: 'Cancel' }).click();
    await leave.waitFor({ state: 'hidden' });
    await dialog.getByText('2 files to upload · 1 new episode').waitFor();

    // The connection drops under the uploads: each row says so and tries again, then goes on where it was.
    let cut = true;
    let refused = 0;
    await page.route(/\/api\/uploads\/tus\/.+/, async (route) => {
      if (cut && route.request().method() === 'PATCH') {
        refused++;
        return route.abort('connectionreset');
      }
      return route.continue();
    });
    await dialog.getByRole('button', { name: 'Upload 2 files' }).click();
    await dialog.getByText('Connection lost, retrying…').first().waitFor();
    expect(refused).toBeGreaterThan(0);
    await dialog.getByRole('progressbar', { name: `Uploading ${names[0]}` }).waitFor({ state: 'attached' });
    await expectAccessible(page, 'the intake with a lost connection, dark');
    await shot(page, 'intake-retrying-dark');
    cut = false;
    await dialog.getByText('Done: 2 ready').waitFor({ timeout: 120_000 });
    await shot(page, 'intake-done-dark');
    const made = await episodesOf(c, brand.id);
    const second = made.find((e) => e.item.sort_number === 2);
    expect(second?.langs.map((l) => [l.lang_id, l.video?.status]).sort()).toEqual([
      [ENGLISH, 'ready'],
      [SPANISH, 'ready'],
    ]);
    // The requests cut on purpose are the browser's own errors; nothing else is.
    const cutOff = consoleErrors.filter((e) => e.includes('ERR_CONNECTION_RESET'));
    for (const e of cutOff) consoleErrors.splice(consoleErrors.indexOf(e), 1);
    expectNoConsoleErrors();
  }, 240_000);

  it('closes without asking once every file has arrived, and leaves out a file for a version that has a video', async () => {
    const { brand } = await cometBrand('Comet Close');
    const page = await c.newPage();
    await c.signIn(page);
    await page.goto(`/admin/content?brand=${brand.id}`);
    await page.getByRole('button', { name: 'Upload episodes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload episodes · Comet Close' });
    const names = [E1_EN, E2_EN, CLASH.replace('S01E02', 'S01E03')];
    const third = path.join(work, names[2]);
    copyFileSync(files.get(E1_EN) ?? E1_EN, third);
    await dialog
      .locator('input[type="file"]')
      .setInputFiles([files.get(E1_EN) ?? E1_EN, files.get(E2_EN) ?? E2_EN, third]);
    await dialog.getByRole('button', { name: 'Upload 3 files' }).click();
    // Every file uploaded and attached, one at least still waiting for the one worker: nothing left to stop here.
    await page.waitForFunction(() => {
      const d = document.querySelector('[role="dialog"]');
      const text = d?.textContent ?? '';
      return (
        text.includes('Waiting to process') &&
        !/Uploading|Attaching|Waiting(?! to process)/.test(text) &&
        !text.includes('Done:')
      );
    });
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByRole('dialog', { name: 'Stop the uploads?' }).count()).toBe(0);
    // The server goes on processing without the page.
    await expect
      .poll(async () => (await episodesOf(c, brand.id)).flatMap((e) => e.langs.map((l) => l.video?.status)), {
        timeout: 120_000,
        interval: 500,
      })
      .toEqual(['ready', 'ready', 'ready']);

    // S1E1 in English has a video now: the same file chosen again starts left out, and says why.
    await page.getByRole('button', { name: 'Upload episodes' }).click();
    await dialog.locator('input[type="file"]').setInputFiles([files.get(E1_EN) ?? E1_EN]);
    await rowOf(dialog, E1_EN).getByText('Left out: this version already has a video').waitFor();
    expectNoConsoleErrors();
  }, 240_000);

  it('resumes a stopped upload where it was when the same file is chosen again', async () => {
    const { brand } = await cometBrand('Comet Resume');
    const page = await c.newPage();
    await c.signIn(page);
    await page.goto(`/admin/content?brand=${brand.id}`);
    const name = E1_EN;
    const tus: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/uploads/tus')) tus.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    let cut = true;
    await page.route(/\/api\/uploads\/tus\/.+/, (route) =>
      cut && route.request().method() === 'PATCH' ? route.abort('connectionreset') : route.continue(),
    );

    await page.getByRole('button', { name: 'Upload episodes' }).click();
    let dialog = page.getByRole('dialog', { name: 'Upload episodes · Comet Resume' });
    await dialog.locator('input[type="file"]').setInputFiles([files.get(name) ?? name]);
    await dialog.getByRole('button', { name: 'Upload 1 file' }).click();
    await dialog.getByText('Connection lost, retrying…').waitFor();
    // Stopped by the person: asked first, and nothing was created for a file that did not arrive.
    await dialog.getByRole('button', { name: 'Stop uploads' }).click();
    await page.getByRole('dialog', { name: 'Stop the uploads?' }).getByRole('button', { name: 'Stop uploads' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const created = tus.filter((t) => t.startsWith('POST'));
    expect(created).toEqual(['POST /api/uploads/tus']);
    expect((await episodesOf(c, brand.id)).map((e) => e.langs.map((l) => l.video))).toEqual([[null]]);

    // Chosen again: the same upload goes on (HEAD at its address), no new one is created.
    cut = false;
    tus.length = 0;
    await page.getByRole('button', { name: 'Upload episodes' }).click();
    dialog = page.getByRole('dialog', { name: 'Upload episodes · Comet Resume' });
    await dialog.locator('input[type="file"]').setInputFiles([files.get(name) ?? name]);
    await dialog.getByRole('button', { name: 'Upload 1 file' }).click();
    await dialog.getByText('Done: 1 ready').waitFor({ timeout: 120_000 });
    expect(tus.filter((t) => t.startsWith('POST'))).toEqual([]);
    expect(tus[0]).toMatch(/^HEAD \/api\/uploads\/tus\/.+/);
    const cutOff = consoleErrors.filter((e) => e.includes('ERR_CONNECTION_RESET'));
    for (const e of cutOff) consoleErrors.splice(consoleErrors.indexOf(e), 1);
    expectNoConsoleErrors();
  });
});
