import {
  api,
  METADATA_MAX_BYTES,
  METADATA_MAX_ROWS,
  type MetadataImportAnswer,
  type MetadataImportRefusal,
} from '@kids-vod/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { fileUpload } from '../../test/multipart.ts';
import { addStaff } from '../../test/staff.ts';

let t: TestApp;
let en: number;
let ru: number;
let es: number;
beforeAll(async () => {
  t = await createTestApp();
  const langs = await t.call(api.reference.langList);
  const id = (code: string) => langs.find((l) => l.code === code)?.id as number;
  [en, ru, es] = [id('en'), id('ru'), id('es')];
});
afterAll(() => t.close());

const sendSheet = (brandId: number, dryRun: 0 | 1, data: Buffer | string, filename: string) =>
  t.request(fileUpload(`/api/metadata/import?brand_id=${brandId}&dry_run=${dryRun}`, { data, filename }));

async function importSheet(brandId: number, dryRun: 0 | 1, data: Buffer | string, filename = 'sheet.csv') {
  const res = await sendSheet(brandId, dryRun, data, filename);
  return { status: res.statusCode, body: res.json<MetadataImportAnswer & Partial<MetadataImportRefusal>>() };
}

async function xlsx(rows: unknown[][], build?: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Episodes');
  for (const row of rows) sheet.addRow(row);
  build?.(sheet);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function exportSheet(body: { brand_id: number; lang_ids?: number[]; format: 'xlsx' | 'csv' }) {
  const res = await t.send(api.metadata.export, body);
  expect(res.statusCode).toBe(200);
  return res;
}

/** A brand with two episodes: S1E1 in English (title and description) and S1E2 in English (title only). */
async function brandWithEpisodes(name: string) {
  const brand = await t.call(api.brand.add, { name });
  const one = await t.call(api.content.add, { brand_id: brand.id, season: 1, sort_number: 1 });
  const two = await t.call(api.content.add, { brand_id: brand.id, season: 1, sort_number: 2 });
  const oneEn = await t.call(api.content.langAdd, {
    content_id: one.id,
    lang_id: en,
    title: 'The Moon',
    description: 'Rabbits look up.',
  });
  await t.call(api.content.langAdd, { content_id: two.id, lang_id: en, title: 'The Sun' });
  return { brand, one, two, oneEn };
}

describe('POST /api/metadata/import', () => {
  it('answers every change field by field before writing, writes it all with dry_run=0, and again changes nothing', async () => {
    const { brand, one, oneEn } = await brandWithEpisodes('Moon Rabbits');
    // Semicolons and Russian headers in another case, as Excel in Russian saves them.
    const csv = [
      'Сезон;СЕРИЯ;Язык;Название;Описание;available_from',
      '1;1;en;The Full Moon;Rabbits look up.;',
      '1;1;Russian;Полная луна;Кролики смотрят вверх.;01/12/2026',
      ';;;;;',
      '1;3;es;La Estrella;;2026-12-05',
    ].join('\r\n');
    const dry = await importSheet(brand.id, 1, iconv.encode(csv, 'win1251'));
    expect(dry.status).toBe(200);
    expect(dry.body.errors).toEqual([]);
    expect(dry.body.summary).toEqual({ create: 2, update: 1, unchanged: 0 });
    expect(dry.body.changes).toEqual([
      {
        row: 2,
        season: 1,
        episode: 1,
        lang_id: en,
        content_id: one.id,
        action: 'update',
        fields: { title: { from: 'The Moon', to: 'The Full Moon' } },
      },
      {
        row: 3,
        season: 1,
        episode: 1,
        lang_id: ru,
        content_id: one.id,
        action: 'create',
        fields: {
          title: { from: null, to: 'Полная луна' },
          description: { from: null, to: 'Кролики смотрят вверх.' },
          available_from: { from: null, to: '2026-12-01T00:00:00.000Z' },
        },
      },
      {
        row: 5,
        season: 1,
        episode: 3,
        lang_id: es,
        content_id: null,
        action: 'create',
        fields: {
          title: { from: null, to: 'La Estrella' },
          available_from: { from: null, to: '2026-12-05T00:00:00.000Z' },
        },
      },
    ]);
    // The dry run wrote nothing.
    expect((await t.call(api.content.langList, { content_id: one.id })).map((v) => v.title)).toEqual(['The Moon']);

    const written = await importSheet(brand.id, 0, iconv.encode(csv, 'win1251'));
    expect(written.status).toBe(200);
    const third = written.body.changes[2].content_id as number;
    expect(third).toBeGreaterThan(0);
    const versions = await t.call(api.content.langList, { content_id: one.id });
    expect(versions.map((v) => [v.lang_id, v.title, v.is_published])).toEqual(
      [
        [en, 'The Full Moon', false],
        [ru, 'Полная луна', false],
      ].sort((a, b) => (a[0] as number) - (b[0] as number)),
    );
    const created = await t.call(api.content.get, { id: third });
    expect(created).toMatchObject({ season: 1, sort_number: 3, is_published: false });
    expect(created.available_from).toBe('2026-12-01T00:00:00.000Z'.replace('01T', '05T'));

    // In the importer's name in the history, and undone like any save.
    const [entry] = await t.rows<{ id: number; user_email: string; call: string }>(
      sql`select id, user_email, call from audit_log where entity = 'content_langs' and entity_id = ${String(oneEn.id)}
          and action = 'update' order by id desc limit 1`,
    );
    expect(entry).toMatchObject({ user_email: 'admin@example.com', call: 'POST /api/metadata/import' });

    const again = await importSheet(brand.id, 0, iconv.encode(csv, 'win1251'));
    expect(again.body.summary).toEqual({ create: 0, update: 0, unchanged: 3 });

    // Undone like any save: the version before the import is restored from the history.
    const [before] = await t.rows<{ id: number }>(
      sql`select id from audit_log where entity = 'content_langs' and entity_id = ${String(oneEn.id)} and id < ${entry.id}
          order by id desc limit 1`,
    );
    await t.call(api.audit.restore, { id: Number(before.id) });
    expect((await t.call(api.content.langList, { content_id: one.id }))[0].title).toBe('The Moon');
  });

  it('refuses a sheet with errors with 400 and the same body, writing nothing; a dry run answers them with 200', async () => {
    const { brand, one } = await brandWithEpisodes('Sky Foxes');
    const other = await brandWithEpisodes('Sea Otters');
    const csv = [
      'season,episode,language,title,available_from,available_until',
      '1,1,en,Changed,,',
      '1,2,xx,Nope,,',
      `1,2,en,Stranger,,`,
      '1,x,en,Bad number,,',
      '1,1,en,Twice,,',
      '1,2,en,Dates,yesterday,',
      '1,4,en,Window,05/12/2026,01/12/2026',
    ].join('\n');
    const withId = `id,${csv.split('\n')[0]}\n${other.one.id},1,1,en,Theirs,,\n${one.id},1,2,en,Wrong place,,`;
    const dry = await importSheet(brand.id, 1, csv);
    expect(dry.status).toBe(200);
    expect(dry.body.errors).toEqual([
      { row: 3, column: 'language', detail: 'Unknown language "xx": a code such as en or a name such as English' },
      { row: 5, column: 'episode', detail: 'Enter a whole number from 1 to 1,000,000' },
      { row: 7, column: 'available_from', detail: 'Enter a date as dd/MM/yyyy or ISO 8601 (2026-11-29)' },
      { row: 6, column: 'language', detail: 'Row 2 already gives this episode in this language' },
      { row: 8, column: 'available_until', detail: 'available_until must be later than available_from' },
    ]);
    const refused = await importSheet(brand.id, 0, csv);
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe(
      'The sheet has 5 errors: nothing was written. Row 3, column language: Unknown language "xx": a code such as en or a name such as English',
    );
    expect(refused.body.errors).toEqual(dry.body.errors);
    expect(refused.body.changes).toEqual(dry.body.changes);
    expect((await t.call(api.content.langList, { content_id: one.id }))[0].title).toBe('The Moon');

    const ids = await importSheet(brand.id, 1, withId);
    expect(ids.body.errors).toEqual([
      { row: 2, column: 'id', detail: `Episode ${other.one.id} belongs to the brand "Sea Otters", not to this one` },
      { row: 3, column: 'id', detail: `Episode ${one.id} is season 1 episode 1, not season 1 episode 2` },
    ]);
  });

  it('writes all or nothing: a change the database refuses undoes the rows written before it', async () => {
    const { brand, one, two } = await brandWithEpisodes('Night Bats');
    await t.call(api.content.update, { id: one.id, available_from: '2026-12-10T00:00:00Z' });
    // Row 3's end comes before the episode's stored start: only the database sees that, after row 2 was written.
    const csv = 'season,episode,language,title,available_until\n1,2,en,The Big Sun,\n1,1,en,,01/12/2026\n';
    const res = await importSheet(brand.id, 0, csv);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('available_until must be later than available_from');
    expect((await t.call(api.content.langList, { content_id: two.id }))[0].title).toBe('The Sun');
  });

  it('reads XLSX: dates as date cells, day numbers or text; a formula by its saved result; refuses merged cells by range', async () => {
    const { brand, one, two } = await brandWithEpisodes('Star Owls');
    const header = ['Season', 'Episode', 'Language', 'Title', 'Description', 'Available From', 'Available Until'];
    const file = await xlsx(
      [header, [1, 1, 'English', 'The Moon', '', new Date(Date.UTC(2026, 11, 1)), 46_388], [], [1, 2, 'en', null]],
      (sheet) => {
        sheet.getCell('D4').value = { formula: 'UPPER("the sun")', result: 'THE SUN' };
        sheet.getCell('G2').numFmt = 'General';
      },
    );
    const read = await importSheet(brand.id, 1, file, 'sheet.xlsx');
    expect(read.body.errors).toEqual([]);
    expect(read.body.changes).toEqual([
      {
        row: 2,
        season: 1,
        episode: 1,
        lang_id: en,
        content_id: one.id,
        action: 'update',
        fields: {
          available_from: { from: null, to: '2026-12-01T00:00:00.000Z' },
          available_until: { from: null, to: '2027-01-01T00:00:00.000Z' },
        },
      },
      {
        row: 4,
        season: 1,
        episode: 2,
        lang_id: en,
        content_id: two.id,
        action: 'update',
        fields: { title: { from: 'The Sun', to: 'THE SUN' } },
      },
    ]);

    const merged = await xlsx([header, [1, 1, 'en', 'A', 'B'], [1, 2, 'en', 'C', 'D']], (sheet) => {
      sheet.mergeCells('D2:E2');
      sheet.getCell('D3').value = { formula: 'A1+1' } as ExcelJS.CellFormulaValue;
    });
    const refused = await importSheet(brand.id, 0, merged, 'sheet.xlsx');
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { row: 2, column: 'Title', detail: 'Cells D2:E2 are merged: unmerge them, so that every row has its own values' },
      {
        row: 3,
        column: 'Title',
        detail:
          'Cell D3 is a formula with no saved result: type its value instead, or save the file in Excel so it keeps the result',
      },
    ]);
  });

  it('refuses unknown columns by name, missing ones, and files it cannot read', async () => {
    const { brand } = await brandWithEpisodes('Cloud Bears');
    const unknown = await importSheet(brand.id, 1, 'season,episode,language,title,notes,\n1,1,en,A,b,\n');
    expect(unknown.body.errors).toEqual([
      {
        row: 1,
        column: 'notes',
        detail:
          'Unknown column "notes": the sheet\'s columns are id, season, episode, language, title, description, available_from, available_until',
      },
    ]);
    const missing = await importSheet(brand.id, 1, 'season,title\n1,A\n');
    expect(missing.body.errors.map((e) => e.column)).toEqual(['episode', 'language']);

    const shiftJis = iconv.encode('season,episode,language,title\n1,1,ja,月のうさぎ\n', 'shift_jis');
    const encoding = await importSheet(brand.id, 1, shiftJis);
    expect(encoding).toMatchObject({ status: 415, body: { detail: expect.stringMatching(/UTF-8 or Windows-1251/) } });
    const png = await importSheet(brand.id, 1, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), 'a.csv');
    expect(png).toMatchObject({
      status: 415,
      body: { detail: expect.stringMatching(/neither an XLSX workbook nor a CSV/) },
    });
    const fake = await importSheet(brand.id, 1, 'not a zip', 'sheet.xlsx');
    expect(fake.status).toBe(415);
    expect((await importSheet(987_654, 1, 'season\n')).status).toBe(404);
  });

  it(`refuses more than ${METADATA_MAX_ROWS.toLocaleString('en-GB')} rows and a zip bomb named .xlsx, naming the limit`, async () => {
    const { brand } = await brandWithEpisodes('Deep Moles');
    const lines = Array.from({ length: METADATA_MAX_ROWS + 1 }, (_, i) => `1,${i + 1},en,T${i}`);
    const many = await importSheet(brand.id, 1, `season,episode,language,title\n${lines.join('\n')}`);
    expect(many).toMatchObject({ status: 413, body: { detail: expect.stringContaining('20,000 rows') } });

    // 101 MB of zeros packs into about 100 KB; the archive is refused before exceljs unpacks it.
    const bomb = new JSZip();
    bomb.file('xl/worksheets/sheet1.xml', Buffer.alloc(101 * 1024 * 1024));
    const packed = await bomb.generateAsync({
      type: 'nodebuffer',
      compression: 'DEFLATE',
      compressionOptions: { level: 1 },
    });
    expect(packed.length).toBeLessThan(METADATA_MAX_BYTES);
    const res = await importSheet(brand.id, 1, packed, 'season.xlsx');
    expect(res).toMatchObject({ status: 413, body: { detail: expect.stringContaining('more than 100 MB') } });
  }, 120_000);

  it('is for editors and admins', async () => {
    const { brand } = await brandWithEpisodes('Quiet Voles');
    const analyst = await addStaff(t, 'analyst');
    const res = await t.request({
      ...fileUpload(`/api/metadata/import?brand_id=${brand.id}&dry_run=1`, { data: 'season\n', filename: 'a.csv' }),
      headers: {
        ...fileUpload('/x', { data: 'season\n', filename: 'a.csv' }).headers,
        authorization: `Bearer ${analyst.token}`,
      },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /api/metadata/export', () => {
  it.each(['csv', 'xlsx'] as const)(
    'writes episodes × languages as %s, and the file imported unchanged changes nothing',
    async (format) => {
      const { brand, one, two } = await brandWithEpisodes(`Round Trip ${format}`);
      await t.call(api.content.update, {
        id: one.id,
        available_from: '2026-12-01T00:00:00Z',
        available_until: '2027-01-01T18:30:00Z',
      });
      await t.call(api.content.langAdd, {
        content_id: two.id,
        lang_id: ru,
        title: '-Солнце; =1+1',
        description: 'Строка\nдве "кавычки"',
      });
      const res = await exportSheet({ brand_id: brand.id, format });
      expect(res.headers['content-disposition']).toBe(`attachment; filename="round-trip-${format}_metadata.${format}"`);
      expect(res.headers['content-type']).toMatch(format === 'csv' ? /^text\/csv/ : /spreadsheetml\.sheet$/);
      const file = res.rawPayload;
      if (format === 'csv') {
        expect(file.toString('utf8').split('\r\n').slice(0, 3)).toEqual([
          '\uFEFF"id","season","episode","language","title","description","available_from","available_until"',
          `${one.id},1,1,"en","The Moon","Rabbits look up.","01/12/2026","2027-01-01T18:30:00.000Z"`,
          `${one.id},1,1,"ru","","","01/12/2026","2027-01-01T18:30:00.000Z"`,
        ]);
      }
      const back = await importSheet(brand.id, 0, file, `back.${format}`);
      expect(back.body.errors).toEqual([]);
      expect(back.body.summary).toEqual({ create: 0, update: 0, unchanged: 4 });

      // Filled in as a translator would: the empty Russian cells of episode 1 become a new version.
      const filled =
        format === 'csv' ? file.toString('utf8').replace(`"ru","",""`, `"ru","Луна",""`) : await fillXlsx(file);
      const change = await importSheet(brand.id, 1, Buffer.from(filled), `filled.${format}`);
      expect(change.body.summary).toEqual({ create: 1, update: 0, unchanged: 3 });
      expect(change.body.changes[1]).toMatchObject({
        lang_id: ru,
        content_id: one.id,
        fields: { title: { from: null, to: 'Луна' } },
      });
    },
  );

  it('writes only the languages asked', async () => {
    const { brand } = await brandWithEpisodes('Only Spanish');
    const res = await exportSheet({ brand_id: brand.id, lang_ids: [es], format: 'csv' });
    const lines = res.body.split('\r\n').filter(Boolean);
    expect(lines.slice(1).map((l) => l.split(',')[3])).toEqual(['"es"', '"es"']);
  });
});

async function fillXlsx(file: Buffer): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0];
  sheet.getCell('E3').value = 'Луна';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
