import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { outsideAnyActor } from '../../lib/actor.ts';
import { HttpError } from '../../lib/errors.ts';

/** A build a person started that failed: its language, who, and why in a sentence (never a path or SQL). */
export interface BuildFailure {
  lang: string;
  user_id: number;
  detail: string;
  /** Names this failure once (a notification, a webhook delivery). */
  key: string;
}

/**
 * What another module does when a build a person started failed (notifications; decision 078). Given at the
 * composition root (app.ts: `app.catalogue`), never imported by catalog.
 */
export type BuildFailedListener = (db: Db, failure: BuildFailure) => Promise<void>;

export interface CatalogueServices {
  whenBuildFailed: readonly BuildFailedListener[];
}

/** Tells every listener; one that throws is logged, the person's answer is the build's own error either way. */
export async function tellBuildFailed(app: FastifyInstance, lang: string, userId: number, err: unknown) {
  const detail =
    err instanceof HttpError
      ? err.message
      : 'the catalogue could not be built and stored (the server log has the details)';
  const failure = { lang, user_id: userId, detail, key: randomUUID() };
  // Outside the failed call's scope: its transaction is gone, and this is not the person's change.
  await outsideAnyActor(async () => {
    for (const listener of app.catalogue.whenBuildFailed) {
      await listener(app.database.db, failure).catch((e) =>
        app.log.warn({ err: e, lang }, 'a build-failed listener failed'),
      );
    }
  });
}
