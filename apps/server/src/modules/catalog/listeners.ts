/**
 * The hooks "a catalogue was published" and "a build failed" (decisions 078, 079), as videos has "a video became
 * ready" (decision 069): other modules (webhooks, notifications) are told without catalog importing them. The
 * listeners are given at the composition root (catalogue-services.ts) to the publish call and to the schedule's job.
 */
import { randomUUID } from 'node:crypto';
import type { CatalogueBuildRecord } from '@kids-vod/contract';
import type { Db } from '../../db/client.ts';
import { outsideAnyActor } from '../../lib/actor.ts';
import { HttpError } from '../../lib/errors.ts';

export interface CatalogueFailure {
  lang: string;
  /** Why, in a sentence: the refusal's own, or a plain one (never a path or SQL: receivers and people read it). */
  detail: string;
  automatic: boolean;
  /** The person who pressed Build; null for the schedule's own build. */
  by: number | null;
  /** Names this failure once (a notification, a webhook delivery), however often a listener is told. */
  key: string;
}

export interface CatalogueListeners {
  published: readonly ((db: Db, build: CatalogueBuildRecord) => Promise<void>)[];
  failed: readonly ((db: Db, failure: CatalogueFailure) => Promise<void>)[];
  /** A listener that failed: reported, never the build's failure (the catalogue is live whatever it says). */
  onError: (err: unknown) => void;
}

/** A 4xx answer: the request was refused (an unknown language), nothing was built. */
export const isRefusal = (err: unknown) => err instanceof HttpError && err.status < 500;

export async function tellPublished(
  listeners: CatalogueListeners | undefined,
  db: Db,
  build: CatalogueBuildRecord,
): Promise<void> {
  for (const listener of listeners?.published ?? []) await listener(db, build).catch(listeners?.onError);
}

/** A build that failed; a refusal of the request is no build failing. */
export async function tellFailed(
  listeners: CatalogueListeners | undefined,
  db: Db,
  err: unknown,
  failure: Pick<CatalogueFailure, 'lang' | 'automatic' | 'by'>,
): Promise<void> {
  if (isRefusal(err)) return;
  const detail =
    err instanceof HttpError
      ? err.message
      : 'the catalogue could not be built and stored (the server log has the details)';
  const told = { ...failure, detail, key: randomUUID() };
  // Outside the failed call's scope: its transaction is gone, and what the listeners write is not the person's change.
  await outsideAnyActor(async () => {
    for (const listener of listeners?.failed ?? []) await listener(db, told).catch(listeners?.onError);
  });
}
