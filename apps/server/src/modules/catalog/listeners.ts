/**
 * The hooks "a catalogue was published" and "a build failed" (decision 079), as videos has "a video became ready"
 * (decision 069): other modules (webhooks) are told without catalog importing them. The listeners are given at the
 * composition root (catalogue-services.ts) to the publish call and to the schedule's job.
 */
import type { CatalogueBuildRecord } from '@kids-vod/contract';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/errors.ts';

export interface CatalogueFailure {
  lang: string;
  /** The failure in words (the error's message). */
  detail: string;
  automatic: boolean;
}

export interface CatalogueListeners {
  published: readonly ((db: Db, build: CatalogueBuildRecord) => Promise<void>)[];
  failed: readonly ((db: Db, failure: CatalogueFailure) => Promise<void>)[];
  /** A listener that failed: reported, never the build's failure (the catalogue is live whatever it says). */
  onError: (err: unknown) => void;
}

export async function tellPublished(
  listeners: CatalogueListeners | undefined,
  db: Db,
  build: CatalogueBuildRecord,
): Promise<void> {
  for (const listener of listeners?.published ?? []) await listener(db, build).catch(listeners?.onError);
}

/** A build that failed; a refusal of the request (an unknown language: 4xx) is no build failing. */
export async function tellFailed(
  listeners: CatalogueListeners | undefined,
  db: Db,
  err: unknown,
  failure: Omit<CatalogueFailure, 'detail'>,
): Promise<void> {
  if (err instanceof HttpError && err.status < 500) return;
  const detail = err instanceof Error ? err.message : String(err);
  for (const listener of listeners?.failed ?? []) await listener(db, { ...failure, detail }).catch(listeners?.onError);
}
