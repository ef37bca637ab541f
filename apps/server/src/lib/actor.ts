import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Executor, Tx } from '../db/client.ts';

/** Who is changing the catalogue, and by which call: what the audit trigger writes beside each change. */
export interface Actor {
  user_id: number;
  user_email: string;
  call: string;
}

interface ActorScope {
  actor: Actor;
  /** The transaction the scope's database work runs in, once one is open. */
  tx?: Tx;
}

const scope = new AsyncLocalStorage<ActorScope>();

/** Runs `fn` on behalf of `actor`: every transaction opened inside it tells the audit trigger who it is. */
export function asActor<T>(actor: Actor, fn: () => Promise<T>): Promise<T> {
  return scope.run({ actor }, fn);
}

/** The actor of the call running now, if it is a signed-in change. */
export function currentActor(): Actor | undefined {
  return scope.getStore()?.actor;
}

/**
 * The database as data functions use it. Inside `asActor` it is the scope's open transaction, so a call
 * wrapped in one transaction needs no change in the data functions it calls; and every transaction opened
 * in a scope first sets `kids_vod.actor` (local to that transaction) for the audit trigger (migration 0003).
 * Outside a scope it is the database itself.
 */
export function actorAware(db: Db): Db {
  return new Proxy(db, {
    get(target, prop) {
      const current = scope.getStore();
      if (current && !current.tx && prop === 'transaction') {
        return (fn: (tx: Tx) => Promise<unknown>, config?: Parameters<Db['transaction']>[1]) =>
          target.transaction(async (tx) => {
            await tx.execute(sql`select set_config('kids_vod.actor', ${JSON.stringify(current.actor)}, true)`);
            return scope.run({ actor: current.actor, tx }, () => fn(tx));
          }, config);
      }
      const active = (current?.tx ?? target) as object;
      const value = Reflect.get(active, prop, active);
      return typeof value === 'function' ? value.bind(active) : value;
    },
  });
}

/**
 * Runs independent reads at once, or one after the other in a transaction: a transaction is one connection,
 * which runs one query at a time anyway (node-postgres queues them, and warns that it will stop doing so).
 */
export async function readAll<T extends unknown[]>(
  db: Executor,
  ...reads: { [K in keyof T]: () => Promise<T[K]> }
): Promise<T> {
  if (!(db instanceof PgTransaction) && !scope.getStore()?.tx) {
    return (await Promise.all(reads.map((read) => read()))) as T;
  }
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as T;
}

/** Runs `fn` as no one, whatever called it: work a request only set going (a video job) is not the request's. */
export function outsideAnyActor<T>(fn: () => T): T {
  return scope.exit(fn);
}
