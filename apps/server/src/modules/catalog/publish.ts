import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CatalogueBuildRecord } from '@kids-vod/contract';
import type { Db } from '../../db/client.ts';
import { currentActor } from '../../lib/actor.ts';
import { badRequest, conflict, HttpError, notFound } from '../../lib/errors.ts';
import { catalogueBuilds } from '../../lib/metrics.ts';
import type { Storage } from '../../lib/storage/index.ts';
import { findBuild, liveBuild, lockBuilds, recordBuild, recordLeftOut } from './builds.ts';
import { findLanguageByCode, mediaUrls } from './data.ts';
import { type CatalogueListeners, isRefusal, tellFailed, tellPublished } from './listeners.ts';
import { writeCatalogue } from './write.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Where apps always find the newest catalogue of a language (revalidated on every download). */
export const stableKey = (code: string) => `catalog/${code}.json`;
/** This build's own copy, named by its content so it can be cached forever. */
export const versionedKey = (code: string, sha256: string) => `catalog/${code}-${sha256.slice(0, 16)}.json`;

export interface PublishOptions {
  /** The moment the catalogue shows (default: when the build runs, after the builds' lock). */
  at?: Date;
  /** The server's own build at an edge of the schedule (modules/schedule, decision 031): shown as automatic. */
  automatic?: boolean;
  /** Told once the build is live, or that it failed (decisions 078, 079). */
  listeners?: CatalogueListeners;
  /** The person who pressed Build (told if it fails); none for the schedule's build. */
  by?: number;
}

/**
 * Builds the catalogue of the language `code`, stores it under its versioned and its stable name and
 * records the build, in one transaction: the build row is only saved once both files are stored.
 *
 * The text is hashed as it is written, brand by brand, to a temporary file: the hash names the versioned
 * copy, so nothing can be stored before the last byte, and the file keeps the ~20 MB of a large catalogue
 * out of memory (bench/README.md, "Catalogue build"). Both copies are then streamed from it.
 *
 * The file shows the catalogue at `options.at` (decision 030): what is available then, with the country rules in
 * force then. By default the moment the build runs (its `generated_at`); the automatic builds at an edge pass their
 * clock's time.
 */
export async function publishCatalogue(
  db: Db,
  storage: Storage,
  code: string,
  publicUrl?: string,
  options: PublishOptions = {},
): Promise<CatalogueBuildRecord> {
  const automatic = options.automatic ?? false;
  const trigger = automatic ? 'schedule' : 'person';
  let build: CatalogueBuildRecord;
  try {
    build = await buildAndStore(db, storage, code, publicUrl, options);
  } catch (err) {
    if (!isRefusal(err)) catalogueBuilds.inc({ trigger, result: 'failed' });
    await tellFailed(options.listeners, db, err, { lang: code, automatic, by: options.by ?? null });
    throw err;
  }
  catalogueBuilds.inc({ trigger, result: 'published' });
  await tellPublished(options.listeners, db, build);
  return build;
}

async function buildAndStore(
  db: Db,
  storage: Storage,
  code: string,
  publicUrl: string | undefined,
  options: PublishOptions,
): Promise<CatalogueBuildRecord> {
  const media = mediaUrls(publicUrl);
  return db.transaction(
    async (tx) => {
      await lockBuilds(tx);
      const lang = await findLanguageByCode(tx, code);
      // Taken after the lock, so the builds' times are in the order their files were stored.
      const generatedAt = new Date().toISOString();
      const draft = path.join(tmpdir(), `catalog-${randomUUID()}.json`);
      try {
        const hash = createHash('sha256');
        let size = 0;
        const file = await open(draft, 'w');
        let written: Awaited<ReturnType<typeof writeCatalogue>>;
        try {
          const emit = async (text: string) => {
            const chunk = Buffer.from(text, 'utf8');
            hash.update(chunk);
            size += chunk.length;
            await file.write(chunk);
          };
          written = await writeCatalogue(tx, lang, generatedAt, emit, { publicUrl, at: options.at });
        } finally {
          await file.close();
        }
        const sha256 = hash.digest('hex');
        const versioned = versionedKey(lang.code, sha256);
        const stable = stableKey(lang.code);
        // The versioned copy first: once the stable file changes, the copy it corresponds to already exists.
        await storage.put(versioned, createReadStream(draft), { contentType: JSON_TYPE, immutable: true });
        await storage.put(stable, createReadStream(draft), { contentType: JSON_TYPE, immutable: false });
        const row = await recordBuild(tx, {
          lang_id: lang.id,
          url: media(storage.publicUrl(stable)),
          versioned_url: media(storage.publicUrl(versioned)),
          size_bytes: size,
          sha256,
          counts: written.counts,
          created_at: generatedAt,
          created_by: currentActor()?.user_email ?? null,
          automatic: options.automatic ?? false,
        });
        await recordLeftOut(tx, row.id, written.hidden);
        return { ...row, lang_code: lang.code, rollback_of: null, is_live: true };
      } finally {
        await rm(draft, { force: true });
      }
    },
    // One snapshot for every query of the build, taken after the lock (see lockBuilds).
    { isolationLevel: 'repeatable read' },
  );
}

/**
 * Makes an earlier build the live one of its language again: its versioned copy is copied over the stable file,
 * and a new entry in the build history says so (who, and which build: `rollback_of`), which the audit log records
 * like any build. It waits for a build running meanwhile (the same lock), so the two never mix: whichever comes
 * second decides what the stable file holds, and the history says which that was.
 */
export async function rollBackTo(
  db: Db,
  storage: Storage,
  target: { id: number; lang?: string },
  publicUrl?: string,
  listeners?: CatalogueListeners,
): Promise<CatalogueBuildRecord> {
  const media = mediaUrls(publicUrl);
  let madeLive = false;
  const answer = await db.transaction(async (tx) => {
    await lockBuilds(tx);
    const found = await findBuild(tx, target.id);
    if (!found) throw notFound(`Build ${target.id}`);
    if (target.lang !== undefined && target.lang !== found.lang_code) {
      throw badRequest(`Build ${target.id} is a build of ${found.lang_code}, not of ${target.lang}`);
    }
    // A rollback's entry stands for the build it made live again.
    const build = found.rollback_of ? ((await findBuild(tx, found.rollback_of.id)) ?? found) : found;
    const live = await liveBuild(tx, build.lang_id);
    // Already live: nothing to do, and no entry saying something happened.
    if (live && (live.id === build.id || live.rollback_of?.id === build.id)) return live;
    const versioned = versionedKey(build.lang_code, build.sha256);
    const file = await storage.read(versioned);
    if (!file) throw conflict(`The file of build ${build.id} is no longer stored, so it cannot be made live again`);
    const stable = stableKey(build.lang_code);
    await storage.put(stable, file, { contentType: JSON_TYPE, immutable: false });
    madeLive = true;
    const row = await recordBuild(tx, {
      lang_id: build.lang_id,
      url: media(storage.publicUrl(stable)),
      versioned_url: build.versioned_url,
      size_bytes: build.size_bytes,
      sha256: build.sha256,
      counts: build.counts,
      created_at: new Date().toISOString(),
      created_by: currentActor()?.user_email ?? null,
      rollback_of: build.id,
    });
    return {
      ...row,
      lang_code: build.lang_code,
      rollback_of: { id: build.id, created_at: build.created_at },
      is_live: true,
    };
  });
  // A rollback changes what apps download as a build does: its receivers are told alike.
  if (madeLive) await tellPublished(listeners, db, answer);
  return answer;
}
