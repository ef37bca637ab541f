import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { api, type Call } from '@kids-vod/contract';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { seedFirstStart } from '../db/seed.ts';
import { setPasswordCostForTests } from '../modules/auth/passwords.ts';
import {
  type Answer,
  answerOf,
  type CallArgs,
  callRequest,
  type LooseArgs,
  type Refusal,
  refusalOf,
  sessionCookieToken,
} from './contract-call.ts';

export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'correct-horse-battery';
/** scrypt's N in test runs (setPasswordCostForTests): ~3 ms a hash instead of ~100. */
export const TEST_PASSWORD_COST = 1024;

/** Which database the suite runs on: PGlite always, the PostgreSQL server in the `postgres` project. */
export const testDatabaseKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** A fresh, migrated database: in-memory PGlite, or a new database on the test PostgreSQL server. */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  // Modules are shared by the files of a worker (isolate: false): a worker that ran another project's files would
  // keep that project's database here. Vitest keeps workers per project; this says so if that ever changes.
  if (testDatabaseKind !== (process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite')) {
    throw new Error(
      `This worker's modules were loaded for ${testDatabaseKind}, but the file runs with TEST_DB=${process.env.TEST_DB}`,
    );
  }
  if (testDatabaseKind === 'pglite') {
    // Creating a PGlite cluster costs seconds; the global setup made a migrated, seeded one to copy.
    const template = process.env.PGLITE_TEMPLATE;
    return openDatabase({
      dataDir: null,
      template: template && existsSync(template) ? new Blob([readFileSync(template)]) : undefined,
    });
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is needed for the postgres test project');
  const name = `t_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      const drop = new pg.Client({ connectionString: base });
      await drop.connect();
      await drop.query(`drop database if exists "${name}" with (force)`);
      await drop.end();
    },
  };
}

/** The whole answer of a call; `json()` is typed as the contract's answer unless told otherwise. */
export type Sent<C extends Call> = Omit<LightMyRequestResponse, 'json'> & { json<T = Answer<C>>(): T };

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** The session token of the seeded admin (its cookie's value), sent as a bearer token. */
  token: string;
  /** Sends a request as the signed-in admin (bearer), unless `headers.authorization` is given. */
  request(opts: InjectOptions): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  get(url: string): Promise<LightMyRequestResponse>;
  /** Sends a call of the contract that must succeed (200, else it throws): its answer, checked against the contract. */
  call<C extends Call>(c: C, ...args: CallArgs<C>): Promise<Answer<C>>;
  /** Sends a call of the contract that must be refused (any status but 200, else it throws): status and error. */
  refused<C extends Call>(c: C, ...args: LooseArgs<C>): Promise<Refusal>;
  /** Sends a call of the contract and gives the whole answer, for tests about statuses or headers. */
  send<C extends Call>(c: C, ...args: LooseArgs<C>): Promise<Sent<C>>;
  /** The rows of a statement sent straight to the database, for what no call answers (jobs' and bins' tables). */
  rows<T>(query: SQL): Promise<T[]>;
  close(): Promise<void>;
}

/**
 * A second server instance's own connection to the test app's PostgreSQL database, for what must happen once across
 * instances (jobs). PostgreSQL only: an embedded database has one instance by nature.
 */
export async function openSecondInstance(t: TestApp): Promise<Database> {
  const url = (t.database as Database & { url?: string }).url;
  if (!url) throw new Error('two instances need the PostgreSQL server');
  return openDatabase({ url });
}

/** The real app on a fresh migrated database, with the admin signed in. One per test file. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { consoleDir?: string } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  await database.migrate();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kids-vod-test-'));
  const config = loadConfig({ ADMIN_EMAIL, ADMIN_PASSWORD, DATA_DIR: dataDir, ...env });
  await seedFirstStart(database.db, config);
  // Server tests do not need the built console; e2e journeys serve it.
  const app = await buildApp({ database, config, consoleDir: options.consoleDir ?? '/nonexistent' });
  await app.ready();
  const login = await app.inject({
    method: api.auth.login.method,
    url: api.auth.login.path,
    payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  answerOf(api.auth.login, login.statusCode, login.body);
  const token = sessionCookieToken(login.headers['set-cookie']);
  const request = (opts: InjectOptions) =>
    app.inject({ ...opts, headers: { authorization: `Bearer ${token}`, ...opts.headers } });
  const send = (c: Call, args: unknown[]) => {
    const r = callRequest(c, args);
    const opts = { method: r.method, url: r.url, payload: (r.payload ?? r.body) as InjectOptions['payload'] };
    if (r.token === null) return app.inject({ ...opts, headers: r.headers });
    return app.inject({ ...opts, headers: { authorization: `Bearer ${r.token ?? token}`, ...r.headers } });
  };
  return {
    app,
    database,
    config,
    token,
    request,
    post: (url, body = {}) => request({ method: 'POST', url, payload: body as InjectOptions['payload'] }),
    get: (url) => request({ method: 'GET', url }),
    call: async (c, ...args) => {
      const res = await send(c, args);
      return answerOf(c, res.statusCode, res.body);
    },
    refused: async (c, ...args) => {
      const res = await send(c, args);
      return refusalOf(c, res.statusCode, res.body);
    },
    send: (c, ...args) => send(c, args),
    rows: async <T>(query: SQL) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Vitest global setup: one migrated and seeded PGlite, dumped to a file that every test file's
 * database starts from (the migrations still run in each, and find nothing left to do).
 */
export async function preparePgliteTemplate(): Promise<() => void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kids-vod-template-'));
  const file = path.join(dir, 'pglite.tar');
  const database = await openDatabase({ dataDir: null });
  await database.migrate();
  // The admin every test file signs in as: hashed at the tests' cost, so each sign-in costs ~3 ms, not ~100.
  setPasswordCostForTests(TEST_PASSWORD_COST);
  await seedFirstStart(database.db, loadConfig({ ADMIN_EMAIL, ADMIN_PASSWORD }));
  const dump = await (database.dump as () => Promise<Blob>)();
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  process.env.PGLITE_TEMPLATE = file;
  return () => rmSync(dir, { recursive: true, force: true });
}
