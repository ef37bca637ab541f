import type { Brand, Content, PromoCode } from '@kids-vod/contract';
import { api } from '@kids-vod/contract';
import type { HttpAnswer, HttpClient } from './http-client.ts';

/**
 * What clients were told about their writes, to check a database against after a crash: every write is
 * acknowledged (a 2xx), or of unknown outcome (the connection broke, or a 503: it may or may not have
 * committed). A sequential writer never has more than its last write to an entity in doubt.
 */
interface Entry<V> {
  created: 'acked' | 'maybe';
  /** The values of the last acknowledged create or update. */
  acked?: V;
  /** Writes after that one whose outcome is unknown. */
  pending: V[];
}

export class Ledger<V extends Record<string, unknown>> {
  readonly entries = new Map<string, Entry<V>>();

  created(key: string, values: V, outcome: 'acked' | 'maybe') {
    this.entries.set(
      key,
      outcome === 'acked' ? { created: 'acked', acked: values, pending: [] } : { created: 'maybe', pending: [values] },
    );
  }

  updated(key: string, values: V, outcome: 'acked' | 'maybe') {
    const entry = this.entries.get(key);
    if (!entry) throw new Error(`update of ${key}, never created`);
    if (outcome === 'acked') {
      entry.acked = values;
      entry.pending = [];
    } else entry.pending.push(values);
  }

  get acked(): number {
    return [...this.entries.values()].filter((e) => e.created === 'acked').length;
  }

  get maybe(): number {
    return [...this.entries.values()].filter((e) => e.created === 'maybe').length;
  }

  /**
   * Problems of `rows` (this run's rows, by key) against the ledger: an acknowledged create missing, a row nobody
   * created, or values that are neither the last acknowledged ones nor a later write in doubt.
   */
  check(what: string, rows: Map<string, V>): string[] {
    const problems: string[] = [];
    for (const [key, entry] of this.entries) {
      const row = rows.get(key);
      if (!row) {
        if (entry.created === 'acked') problems.push(`${what} ${key}: acknowledged, missing`);
        continue;
      }
      const allowed = [...(entry.acked ? [entry.acked] : []), ...entry.pending];
      if (!allowed.some((v) => sameValues(v, row)))
        problems.push(`${what} ${key}: ${JSON.stringify(row)}, expected one of ${JSON.stringify(allowed)}`);
    }
    for (const key of rows.keys())
      if (!this.entries.has(key)) problems.push(`${what} ${key}: in the database, never created`);
    return problems;
  }
}

function sameValues(expected: Record<string, unknown>, row: Record<string, unknown>): boolean {
  return Object.keys(expected).every((k) => expected[k] === row[k]);
}

export type PromoValues = { description: string; value: number };
export type BrandValues = { name: string };
export type ContentValues = { brand_id: number; duration_sec: number };

/** The ledgers of one run: promo codes by code, brands by slug, content by brand and (unique) duration. */
export class Ledgers {
  readonly promoCodes = new Ledger<PromoValues>();
  readonly brands = new Ledger<BrandValues>();
  readonly content = new Ledger<ContentValues>();
  private nextDuration = 1;

  /** `run` prefixes every code and slug this run writes, so its rows are told apart from others. */
  constructor(readonly run: string) {}

  /** A duration no other content of this run has: content's key, as it has no name of its own. */
  uniqueDuration(): number {
    return this.nextDuration++;
  }

  get acked() {
    return this.promoCodes.acked + this.brands.acked + this.content.acked;
  }

  summary(): string {
    return `promo codes ${this.promoCodes.acked} acknowledged + ${this.promoCodes.maybe} in doubt, brands ${this.brands.acked} + ${this.brands.maybe}, content ${this.content.acked} + ${this.content.maybe}`;
  }

  /** This run's rows, read with `query` (plain SQL against PGlite or PostgreSQL), checked against the ledgers. */
  async check(query: <T>(sql: string) => Promise<T[]>): Promise<string[]> {
    const prefix = this.run.toLowerCase();
    const codes = await query<{ code: string; description: string; value: number }>(
      `select code, description, value from promo_codes where code like '${prefix.toUpperCase()}-%'`,
    );
    const brands = await query<{ slug: string; name: string }>(
      `select slug, name from brands where slug like '${prefix}-%'`,
    );
    const content = await query<{ brand_id: number; duration_sec: number }>(
      `select c.brand_id, c.duration_sec from content c join brands b on b.id = c.brand_id where b.slug like '${prefix}-%'`,
    );
    // Content added at once to a brand is numbered 1..n in each season, whatever was cut short.
    const numbering = await query<{ brand_id: number }>(
      `select c.brand_id from content c join brands b on b.id = c.brand_id where b.slug like '${prefix}-%'
        group by c.brand_id, c.season
        having count(distinct c.sort_number) <> count(*) or max(c.sort_number) <> count(*) or min(c.sort_number) <> 1`,
    );
    return [
      ...this.promoCodes.check(
        'promo code',
        new Map(codes.map((r) => [r.code, { description: r.description, value: Number(r.value) }])),
      ),
      ...this.brands.check('brand', new Map(brands.map((r) => [r.slug, { name: r.name }]))),
      ...this.content.check(
        'content',
        new Map(
          content.map((r) => [
            `${r.brand_id}:${r.duration_sec}`,
            { brand_id: Number(r.brand_id), duration_sec: Number(r.duration_sec) },
          ]),
        ),
      ),
      ...numbering.map((r) => `content of brand ${r.brand_id}: not numbered 1..n`),
    ];
  }
}

const pause = (ms = 0) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : undefined);

/** What a writer does with an answer that is not a 2xx (`answer`) or a network failure (`error`). */
export type FailureHandler = (op: string, failure: { answer?: HttpAnswer; error?: unknown }) => 'continue' | 'stop';

/**
 * One client writing as fast as it is answered, each write recorded in `ledgers`: promo codes created and
 * changed, brands created and renamed, content added to its own brands. With `reads`, one request in three is
 * a list (brands, promo codes) instead. Every failure is a write in doubt; `onFailure` says whether to go on.
 */
export async function writer(options: {
  http: HttpClient;
  ledgers: Ledgers;
  index: number;
  running: () => boolean;
  onFailure: FailureHandler;
  onSuccess?: (op: string, answer: HttpAnswer) => void;
  reads?: boolean;
  /** A client waits this long after a failure before it sends again (as the console does). */
  pauseAfterFailureMs?: number;
}): Promise<void> {
  const { http, ledgers, index } = options;
  const prefix = ledgers.run.toLowerCase();
  const myPromo: { id: number; code: string }[] = [];
  const myBrands: { id: number; slug: string }[] = [];
  let n = 0;
  while (options.running()) {
    n++;
    const roll = Math.random();
    let op: string;
    let answer: HttpAnswer | undefined;
    let record: (outcome: 'acked' | 'maybe', answer?: HttpAnswer) => void;
    let send: () => Promise<HttpAnswer>;
    if (options.reads && roll < 0.33) {
      op = roll < 0.17 ? 'brand list' : 'promo list';
      send = () =>
        op === 'brand list' ? http.send(api.brand.list, {}) : http.send(api.promoCode.list, { offset: 0, limit: 20 });
      record = () => {};
    } else {
      const r = Math.random();
      if (r < 0.3 || (r < 0.55 && myPromo.length === 0)) {
        op = 'promo add';
        const code = `${prefix.toUpperCase()}-${index}-${n}`;
        const values = { description: `created by ${index} (${n})`, value: (n % 365) + 1 };
        send = () => http.send(api.promoCode.add, { code, kind: 'free_days', ...values });
        record = (outcome, a) => {
          ledgers.promoCodes.created(code, values, outcome);
          if (a) myPromo.push({ id: a.json<PromoCode>().id, code });
        };
      } else if (r < 0.55) {
        op = 'promo update';
        const own = myPromo[n % myPromo.length];
        const values = { description: `changed by ${index} (${n})`, value: (n % 365) + 1 };
        send = () => http.send(api.promoCode.update, values, { params: { id: own.id } });
        record = (outcome) => ledgers.promoCodes.updated(own.code, values, outcome);
      } else if (r < 0.7 || myBrands.length === 0) {
        op = 'brand add';
        const slug = `${prefix}-${index}-${n}`;
        const values = { name: `Crash ${index} ${n}` };
        send = () => http.send(api.brand.add, { ...values, slug });
        record = (outcome, a) => {
          ledgers.brands.created(slug, values, outcome);
          if (a) myBrands.push({ id: a.json<Brand>().id, slug });
        };
      } else if (r < 0.8) {
        op = 'brand update';
        const own = myBrands[n % myBrands.length];
        const values = { name: `Crash ${index} ${n} renamed` };
        send = () => http.send(api.brand.update, { id: own.id, ...values });
        record = (outcome) => ledgers.brands.updated(own.slug, values, outcome);
      } else {
        op = 'content add';
        const own = myBrands[n % myBrands.length];
        const values = { brand_id: own.id, duration_sec: ledgers.uniqueDuration() };
        send = () => http.send(api.content.add, values);
        record = (outcome, a) => {
          if (a && a.json<Content>().duration_sec !== values.duration_sec) throw new Error('content answer mismatch');
          ledgers.content.created(`${values.brand_id}:${values.duration_sec}`, values, outcome);
        };
      }
    }
    try {
      answer = await send();
    } catch (error) {
      record('maybe');
      if (options.onFailure(op, { error }) === 'stop') return;
      await pause(options.pauseAfterFailureMs);
      continue;
    }
    if (answer.status >= 200 && answer.status < 300) {
      record('acked', answer);
      options.onSuccess?.(op, answer);
    } else {
      record('maybe');
      if (options.onFailure(op, { answer }) === 'stop') return;
      await pause(options.pauseAfterFailureMs);
    }
  }
}
