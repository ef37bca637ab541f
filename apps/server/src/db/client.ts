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
  const db = actorAware(drizzlePglite(client, { schema }) as unknown as Db);
  return {
    db,
    kind: 'pglite',
    dump: () => client.dumpDataDir('none'),
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}
