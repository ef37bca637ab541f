import type { Call } from '@kids-vod/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { asActor } from './actor.ts';
import { HttpError } from './errors.ts';
import { permissionOf } from './permissions.ts';

type Parsed<T> = [NonNullable<T>] extends [never] ? undefined : z.output<NonNullable<T> & z.ZodType>;

export type CallRequest<C extends Call> = Omit<FastifyRequest, 'body' | 'query' | 'params'> & {
  body: Parsed<C['body']>;
  query: Parsed<C['query']>;
  params: Parsed<C['params']>;
};

/**
 * Registers one call of the contract: its path, method and schemas come from the contract,
 * so the server validates and documents exactly what the console sends.
 */
export function route<C extends Call>(
  app: FastifyInstance,
  c: C,
  handler: (req: CallRequest<C>, reply: FastifyReply) => Promise<z.output<C['response']> | FastifyReply>,
  options: {
    bodyLimit?: number;
    /**
     * false: the answer is sent with JSON.stringify instead of being encoded through the contract's schema
     * (which checks and copies every object: 8 to 16 ms of a 750 KB list, a third of the call; bench/README.md).
     * Only for hot lists whose data functions return exactly the contract's fields; their tests check that.
     */
    answerValidation?: false;
    /**
     * 'own-transactions': a change that must not run in one transaction (an upload streaming gigabytes would hold
     * it, and on PGlite every other request with it); its data functions write in transactions of their own,
     * which are audited all the same.
     */
    changes?: 'own-transactions';
    /**
     * A list whose answer depends only on its input and the catalogue's tables (no user, no clock): kept once per
     * change of the catalogue and sent again until the next (lib/answers.ts). A function says which inputs are.
     */
    kept?: true | ((body: Body<C>) => boolean);
    /** A public call that needs a live ingest key instead of a session (modules/ingest-keys/guard.ts). */
    ingestKey?: true;
  } = {},
): void {
  const tag = c.path.split('/')[2] ?? 'api';
  // A signed-in change runs as its user (the audit log says who), in one transaction: all of it or nothing.
  const isChange = c.method === 'POST' && !c.public && !c.read;
  const { db } = app.database;
  const run = isChange
    ? (req: FastifyRequest, reply: FastifyReply) => {
        const user = req.user;
        // The session hook answers 401 before any non-public call runs; this only states it.
        if (!user) throw new HttpError(401, 'Not signed in');
        const work = () => (handler as (r: FastifyRequest, s: FastifyReply) => Promise<unknown>)(req, reply);
        return asActor({ user_id: user.id, user_email: user.email, call: `${c.method} ${c.path}` }, () =>
          options.changes === 'own-transactions' ? work() : db.transaction(work),
        );
      }
    : handler;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: c.method,
    url: c.path,
    bodyLimit: options.bodyLimit,
    // What the call needs (CALL_PERMISSIONS): the session hook (modules/auth) refuses a role without it, with 403.
    config: {
      public: c.public === true,
      permission: permissionOf(c),
      change: isChange,
      kept: options.kept,
      ingestKey: options.ingestKey === true,
    },
    schema: {
      summary: c.summary,
      tags: [tag],
      ...(c.body ? { body: c.body } : {}),
      ...(c.query ? { querystring: c.query } : {}),
      ...(c.params ? { params: c.params } : {}),
      response: { 200: c.response },
    },
    ...(options.answerValidation === false
      ? { serializerCompiler: () => (data: unknown) => JSON.stringify(data) }
      : {}),
    handler: run as never,
  });
}

/** The parsed body of a call, as data functions receive it. */
export type Body<C extends Call> = Parsed<C['body']>;
