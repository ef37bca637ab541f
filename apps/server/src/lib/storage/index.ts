import path from 'node:path';
import type { Config } from '../../config.ts';
import { LocalStorage } from './local.ts';
import type { Storage } from './storage.ts';

export { assertSafeKey, cacheControl, type PutOptions, type Storage } from './storage.ts';

export function localMediaDir(config: Pick<Config, 'DATA_DIR'>): string {
  return path.resolve(config.DATA_DIR, 'media');
}

export async function createStorage(config: Config): Promise<Storage> {
  if (config.STORAGE_DRIVER === 's3') {
    const { S3Storage } = await import('./s3.ts');
    return new S3Storage(config);
  }
  return new LocalStorage(localMediaDir(config));
}
