import { api } from '@kids-vod/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ENGLISH = 1;
const RUSSIAN = 2;

interface Entry {
  key: string;
  values: Record<string, string>;
  created_at: string;
}

async function list(): Promise<Entry[]> {
  const res = await t.send(api.locale.list, {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const entryOf = async (key: string) => (await list()).find((e) => e.key === key);

describe('app strings', () => {
  it('needs a session', async () => {
    const res = await t.send(api.locale.list, {}, { token: null });
    expect(res.statusCode).toBe(401);
  });

  it('adds a key without translations and refuses it twice with 409', async () => {
    const res = await t.send(api.locale.addKey, { key: ' home.title ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ key: 'home.title', values: {}, created_at: expect.any(String) });
    expect(await entryOf('home.title')).toEqual(res.json());
    const dup = await t.refused(api.locale.addKey, { key: 'home.title' });
    expect(dup.status).toBe(409);
    expect(dup.detail).toBe('The key home.title already exists');
  });

  it('refuses keys that are not letters, digits, dots, hyphens and underscores with 400', async () => {
    for (const key of ['', 'has space', '.starts-with-dot', 'x'.repeat(101), 'ключ']) {
      const res = await t.refused(api.locale.addKey, { key });
      expect(res.status, key).toBe(400);
      expect(res.errors?.[0]?.path).toBe('key');
    }
  });

  it('sets translations, creating the key when missing, and changes them in place', async () => {
    const first = await t.send(api.locale.upsert, { key: 'player.play', lang_id: RUSSIAN, value: 'Смотреть' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ key: 'player.play', values: { [RUSSIAN]: 'Смотреть' } });
    await t.send(api.locale.upsert, { key: 'player.play', lang_id: ENGLISH, value: 'Play' });
    const changed = await t.send(api.locale.upsert, { key: 'player.play', lang_id: ENGLISH, value: 'Watch' });
    expect(changed.json()).toEqual({
      key: 'player.play',
      values: { [ENGLISH]: 'Watch', [RUSSIAN]: 'Смотреть' },
      created_at: first.json().created_at,
    });
    expect(await entryOf('player.play')).toEqual(changed.json());
    const empty = await t.send(api.locale.upsert, { key: 'player.play', lang_id: ENGLISH, value: '' });
    expect(empty.json().values[ENGLISH]).toBe('');
  });

  it('answers 404 for an unknown language and creates no key then', async () => {
    const res = await t.refused(api.locale.upsert, { key: 'ghost.key', lang_id: 9999, value: 'x' });
    expect(res.status).toBe(404);
    expect(res.detail).toBe('Language not found');
    expect(await entryOf('ghost.key')).toBeUndefined();
    expect((await t.refused(api.locale.upsert, { key: 'ghost.key', lang_id: ENGLISH })).status).toBe(400);
  });

  it('lists every key ordered byte-wise by key', async () => {
    for (const key of ['zeta', 'Alpha', 'alpha_2', 'alpha.1', 'alpha-0']) {
      expect((await t.send(api.locale.addKey, { key })).statusCode).toBe(200);
    }
    const keys = (await list()).map((e) => e.key);
    expect(keys).toEqual([...keys].sort());
    expect(keys).toEqual(expect.arrayContaining(['Alpha', 'alpha-0', 'alpha.1', 'alpha_2', 'zeta']));
    expect(keys.indexOf('Alpha')).toBeLessThan(keys.indexOf('alpha-0'));
  });

  it('deletes one translation, then the key with all its translations', async () => {
    await t.send(api.locale.upsert, { key: 'menu.exit', lang_id: ENGLISH, value: 'Exit' });
    await t.send(api.locale.upsert, { key: 'menu.exit', lang_id: RUSSIAN, value: 'Выход' });
    const one = await t.send(api.locale.delete, { key: 'menu.exit', lang_id: RUSSIAN });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual({ ok: true });
    expect((await entryOf('menu.exit'))?.values).toEqual({ [ENGLISH]: 'Exit' });
    const again = await t.refused(api.locale.delete, { key: 'menu.exit', lang_id: RUSSIAN });
    expect(again.status).toBe(404);
    expect(again.detail).toBe('Translation not found');

    expect(await t.call(api.locale.delete, { key: 'menu.exit' })).toEqual({ ok: true });
    expect(await entryOf('menu.exit')).toBeUndefined();
    const gone = await t.refused(api.locale.delete, { key: 'menu.exit' });
    expect(gone.status).toBe(404);
    expect(gone.detail).toBe('App string key not found');
    expect((await t.refused(api.locale.delete, { key: 'no.such.key', lang_id: ENGLISH })).status).toBe(404);
  });
});

describe('languages', () => {
  it('adds a language with a normalised code, listed after the others', async () => {
    const res = await t.send(api.locale.addLanguage, { code: ' PT-BR ', name: ' Brazilian Portuguese ', id: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const lang = res.json();
    expect(lang).toEqual({ id: expect.any(Number), code: 'pt-br', name: 'Brazilian Portuguese' });
    expect(lang.id).toBeGreaterThan(RUSSIAN);
    const langs = await t.call(api.reference.langList);
    expect(langs.at(-1)).toEqual(lang);
    const translated = await t.send(api.locale.upsert, { key: 'home.title', lang_id: lang.id, value: 'Início' });
    expect(translated.json().values[lang.id]).toBe('Início');
  });

  it('refuses a duplicate code with 409 and a malformed one with 400', async () => {
    const dup = await t.refused(api.locale.addLanguage, { code: 'EN', name: 'English again' });
    expect(dup.status).toBe(409);
    expect(dup.detail).toBe('A language with the code en already exists');
    for (const body of [{ code: 'english', name: 'x' }, { code: 'e', name: 'x' }, { code: 'fr-ca' }]) {
      const res = await t.send(api.locale.addLanguage, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});
