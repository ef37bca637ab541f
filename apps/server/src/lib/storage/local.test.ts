import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { assertSafeKey, cacheControl } from './index.ts';
import { LocalStorage } from './local.ts';

// The media root sits in a folder of its own, so that `root/../x` is ours to check, not a shared /tmp name.
const parent = mkdtempSync(path.join(tmpdir(), 'kids-vod-local-'));
const root = path.join(parent, 'media');
afterAll(() => rmSync(parent, { recursive: true, force: true }));
const storage = new LocalStorage(root);
const options = { contentType: 'image/png', immutable: true };

describe('storage keys', () => {
  it('accepts only keys the server makes, never a path from outside', () => {
    expect(() => assertSafeKey('images/0b6f1c2e-8a9d-4e5f-9a1b-2c3d4e5f6a7b.png')).not.toThrow();
    expect(() => assertSafeKey('catalog/en.json')).not.toThrow();
    for (const key of [
      '../x',
      'images/../x.png',
      '/etc/passwd',
      'images//x.png',
      'images/x y.png',
      'images/.hidden',
      'x.png',
      'images\\x.png',
      'images/x.png/',
      '',
    ]) {
      expect(() => assertSafeKey(key), key).toThrow(/Unsafe storage key/);
    }
  });

  it('caches immutable objects for a year and revalidates the others', () => {
    expect(cacheControl(true)).toBe('public, max-age=31536000, immutable');
    expect(cacheControl(false)).toBe('no-cache');
  });
});

describe('LocalStorage', () => {
  it('refuses an unsafe key before touching the disk', async () => {
    await expect(storage.put('../x', Buffer.from('x'), options)).rejects.toThrow(/Unsafe/);
    await expect(storage.delete('../x')).rejects.toThrow(/Unsafe/);
    expect(existsSync(path.join(root, '..', 'x'))).toBe(false);
  });

  it('writes a buffer and answers its size and public URL', async () => {
    const { size } = await storage.put('images/a.png', Buffer.from('hello'), options);
    expect(size).toBe(5);
    expect(readFileSync(path.join(root, 'images/a.png'), 'utf8')).toBe('hello');
    expect(storage.publicUrl('images/a.png')).toBe('/media/images/a.png');
  });

  it('shows the file only when it is complete (written aside, then renamed)', async () => {
    const body = new PassThrough();
    const done = storage.put('catalog/en.json', body, { contentType: 'application/json', immutable: false });
    body.write('{"part":');
    await vi.waitFor(() => {
      expect(readdirSync(path.join(root, 'catalog')).some((f) => f.endsWith('.partial'))).toBe(true);
    });
    expect(existsSync(path.join(root, 'catalog/en.json'))).toBe(false);
    body.end('1}');
    expect(await done).toEqual({ size: 10 });
    expect(readFileSync(path.join(root, 'catalog/en.json'), 'utf8')).toBe('{"part":1}');
    expect(readdirSync(path.join(root, 'catalog'))).toEqual(['en.json']);
  });

  it('keeps the previous version and leaves no partial file when the body fails', async () => {
    const body = new PassThrough();
    const done = storage.put('catalog/en.json', body, { contentType: 'application/json', immutable: false });
    body.write('{"broken');
    // The body fails once its start is on its way to disk (a partial file stands), not before anything was written.
    await vi.waitFor(() => {
      expect(readdirSync(path.join(root, 'catalog')).some((f) => f.endsWith('.partial'))).toBe(true);
    });
    body.destroy(new Error('client went away'));
    await expect(done).rejects.toThrow('client went away');
    expect(readdirSync(path.join(root, 'catalog'))).toEqual(['en.json']);
    expect(readFileSync(path.join(root, 'catalog/en.json'), 'utf8')).toBe('{"part":1}');
  });

  it('deletes, and deleting a missing key is no error', async () => {
    await storage.delete('images/a.png');
    expect(existsSync(path.join(root, 'images/a.png'))).toBe(false);
    await expect(storage.delete('images/a.png')).resolves.toBeUndefined();
  });
});
