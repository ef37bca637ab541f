import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { actorAware } from '../lib/actor.ts';
import { lockDataDir } from './data-dir-lock.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A data function runs on the database or inside a caller's transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PGlite only: its whole data directory, to start other databases from (tests). */
  dump?: () => Promise<Blob | File>;
  /**
   * PGlite only: a number that moves after every statement that may have written (see `markingWrites`). While it
   * stands still nothing in the database has changed, so what was read at that mark still holds. A server is shared
   * with other instances and has none.
   */
  writeMark?: () => number;
  /** PostgreSQL only: the connection pool's clients now (the metrics' database pool figures). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** Applies the committed SQL migrations not yet applied. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export type DatabaseOptions =
  | { url: string }
  /** `template`: a data directory dumped by PGlite's dumpDataDir, loaded instead of creating a new cluster. */
  | { dataDir: string | null; template?: Blob };

type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * pg.Pool, except that a client checked out by `await pool.connect()` (drizzle's transactions) goes back to the
 * pool, to be dropped, as soon as its connection ends. drizzle-orm's node-postgres transaction sends BEGIN before
 * its try/finally: when the server goes away during that BEGIN the client is never released, so each database
 * restart under load would lose clients for good (once 20 are lost every request waits for one, and pool.end()
 * never resolves, so a SIGTERM ends in the shutdown timeout). Releasing twice is a no-op here.
 */
class Pool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    // The callback form is pool.query's own, which releases on every outcome.
    if (callback) {
      super.connect(callback);
      return undefined;
    }
    return super.connect().then((client) => {
      const release = client.release.bind(client);
      let released = false;
      const onEnd = () => client.release(new Error('Connection terminated'));
      client.release = (err?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener('end', onEnd);
        release(err);
      };
      client.once('end', onEnd);
      return client;
    });
  }
}

/** Opens the PostgreSQL server at `url`, or PGlite in `dataDir` (in memory when null). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) {
    const pool = new Pool({ connectionString: options.url, max: 20, connectionTimeoutMillis: 5_000 });
    // An idle client losing its server must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    // Nor one checked out (a transaction between two statements) when the server goes away: without a listener
    // of its own its 'error' is an uncaught exception, and the process stops. The statement in flight fails, or
    // the next one ("not queryable"), the request answers 503, and the pool drops the client on release.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = actorAware(drizzlePg(pool, { schema }) as unknown as Db);
    return {
      db,
      kind: 'postgres',
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  const dataDir = options.dataDir ? path.resolve(options.dataDir) : undefined;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  let client: PGlite;
  try {
    client = new PGlite(dataDir, { loadDataDir: options.template });
    await client.waitReady;
  } catch (err) {
    unlock();
    throw err;
  }
  const marked = markingWrites(client);
  const db = actorAware(drizzlePglite(marked.client, { schema }) as unknown as Db);
  return {
    db,
    kind: 'pglite',
    dump: () => client.dumpDataDir('none'),
    writeMark: marked.mark,
    migrate: () => migratePglite(drizzlePglite(marked.client, { schema }), { migrationsFolder }),
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

/** A statement that reads only: no function of ours that a SELECT can call writes (the writing ones are triggers). */
const READ_ONLY = /^\s*select\b/i;

/**
 * The embedded database is this process's alone (the data directory is locked), so every change goes through this
 * client: the mark moves once a statement other than a plain SELECT has finished, and once a transaction has ended,
 * committed or not. It moves after, never before: a read sent before a change finished, whose answer may be older
 * than the change, was sent at a mark the change has since left behind.
 */
function markingWrites(client: PGlite): { client: PGlite; mark: () => number } {
  let mark = 0;
  const afterwards = <T>(done: Promise<T>) =>
    done.finally(() => {
      mark++;
    });
  const marking = new Proxy(client, {
    get(target, prop) {
      if (prop === 'query')
        return (query: string, ...rest: unknown[]) => {
          const done = target.query(query, ...(rest as []));
          return READ_ONLY.test(query) ? done : afterwards(done);
        };
      if (prop === 'exec') return (...args: Parameters<PGlite['exec']>) => afterwards(target.exec(...args));
      if (prop === 'transaction')
        return (...args: Parameters<PGlite['transaction']>) => afterwards(target.transaction(...args));
      // PGlite's own methods use its private fields: called on it, not on the proxy.
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { client: marking, mark: () => mark };
}
