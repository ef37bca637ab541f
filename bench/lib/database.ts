import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../../apps/server/src/db/client.ts';
import { seedReference } from '../../apps/server/src/modules/reference/data.ts';

/** The PostgreSQL server benchmarks run on; each run creates a database of its own there and drops it after. */
export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface BenchDatabase {
  database: Database;
  /** A connection string to the benchmark's own database (for baselines through plain pg). */
  url: string;
  drop(): Promise<void>;
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated database named after the benchmark, with the reference data (languages, countries). */
export async function createBenchDatabase(label: string): Promise<BenchDatabase> {
  const name = `bench_${label}_${randomBytes(3).toString('hex')}`;
  await adminQuery(`create database "${name}"`);
  const url = new URL(BENCH_DATABASE_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  await database.migrate();
  await seedReference(database.db);
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    await database.close();
    await adminQuery(`drop database if exists "${name}" with (force)`);
  };
  // Ctrl-C during a long seed must not leave a multi-gigabyte database behind.
  process.once('SIGINT', () => {
    drop().finally(() => process.exit(130));
  });
  return { database, url: url.toString(), drop };
}

/** Runs `fn` `runs` times after `warmup` unmeasured runs; returns the median in milliseconds. */
export async function medianMs(fn: () => Promise<unknown>, runs = 5, warmup = 1): Promise<number> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

/**
 * Medians of two alternatives run turn about (a, b, a, b, …), so both see the same load: on a shared
 * machine their ratio is steadier than either figure.
 */
export async function medianPairMs(
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
  runs = 5,
): Promise<[number, number]> {
  await a();
  await b();
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < runs; i++) {
    for (const [k, fn] of [a, b].entries()) {
      const start = performance.now();
      await fn();
      times[k].push(performance.now() - start);
    }
  }
  const median = (xs: number[]) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  return [median(times[0]), median(times[1])];
}

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
