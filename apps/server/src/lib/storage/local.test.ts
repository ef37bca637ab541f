import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
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

  it('moves a file in by renaming it on the same disk: the file is gone, its bytes under the key', async () => {
    const work = mkdtempSync(path.join(parent, 'work-'));
    const file = path.join(work, 'upload-1');
    writeFileSync(file, 'a master');
    const inode = statSync(file).ino;
    expect(
      await storage.moveIn('masters/m-1', file, { contentType: 'application/octet-stream', immutable: true }),
    ).toEqual({ size: 8 });
    expect(existsSync(file)).toBe(false);
    const stored = path.join(root, 'masters/m-1');
    expect(readFileSync(stored, 'utf8')).toBe('a master');
    // Renamed, not copied: a 4 GB master costs no second copy.
    expect(statSync(stored).ino).toBe(inode);
  });

  it('copies a file in from another disk, showing it only once complete, and removes the original', async () => {
    // /dev/shm is a memory file system on Linux: renaming from it into the media folder fails with EXDEV.
    const other = mkdtempSync(path.join('/dev/shm', 'kids-vod-local-'));
    try {
      expect(statSync(other).dev, 'the test needs a folder on another disk').not.toBe(statSync(parent).dev);
      const file = path.join(other, 'upload-2');
      const bytes = Buffer.alloc(3 * 1024 * 1024, 7);
      writeFileSync(file, bytes);
      expect(await storage.moveIn('masters/m-2', file, options)).toEqual({ size: bytes.length });
      expect(existsSync(file)).toBe(false);
      expect(readFileSync(path.join(root, 'masters/m-2')).equals(bytes)).toBe(true);
      expect(readdirSync(path.join(root, 'masters')).filter((f) => f.endsWith('.partial'))).toEqual([]);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('removes the file moved in even when it cannot be stored', async () => {
    const work = mkdtempSync(path.join(parent, 'work-'));
    const unsafe = path.join(work, 'upload-3');
    writeFileSync(unsafe, 'x');
    await expect(storage.moveIn('../escape', unsafe, options)).rejects.toThrow(/Unsafe/);
    expect(existsSync(unsafe)).toBe(false);
    expect(existsSync(path.join(parent, 'escape'))).toBe(false);
    // A file where its folder should be: the disk refuses.
    writeFileSync(path.join(root, 'blocked'), 'in the way');
    const blocked = path.join(work, 'upload-4');
    writeFileSync(blocked, 'x');
    await expect(storage.moveIn('blocked/m-4', blocked, options)).rejects.toThrow();
    expect(existsSync(blocked)).toBe(false);
  });

  it('answers the stored file itself as its local path, without copying', async () => {
    await storage.put('masters/m-5', Buffer.from('five'), options);
    const dir = mkdtempSync(path.join(parent, 'copy-'));
    const local = await storage.localPath('masters/m-5', dir);
    expect(local).toBe(path.join(root, 'masters/m-5'));
    expect(readFileSync(local, 'utf8')).toBe('five');
    expect(readdirSync(dir)).toEqual([]);
    await expect(storage.localPath('../x', dir)).rejects.toThrow(/Unsafe/);
  });

  it('deletes a folder with everything in it, and nothing else', async () => {
    mkdirSync(path.join(root, 'hls/ladder/r0'), { recursive: true });
    writeFileSync(path.join(root, 'hls/ladder/master.m3u8'), '#EXTM3U');
    writeFileSync(path.join(root, 'hls/ladder/r0/seg_00000.ts'), 'segment');
    await storage.put('hls/ladder-2/master.m3u8', Buffer.from('#EXTM3U'), options);
    await storage.put('hls/ladder.m3u8', Buffer.from('#EXTM3U'), options);
    await storage.deleteFolder('hls/ladder');
    expect(existsSync(path.join(root, 'hls/ladder'))).toBe(false);
    // Names that only begin like the folder are other objects.
    expect(readdirSync(path.join(root, 'hls')).sort()).toEqual(['ladder-2', 'ladder.m3u8']);
    await expect(storage.deleteFolder('hls/ladder')).resolves.toBeUndefined();
    await expect(storage.deleteFolder('hls/../..')).rejects.toThrow(/Unsafe/);
    expect(existsSync(root)).toBe(true);
  });
});
