import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Webhook as Signer } from 'standardwebhooks';
import type { Db } from '../../db/client.ts';
import { webhookDeliveries, webhooks } from '../../db/schema.ts';
import { guardedLookup, refusalOfUrl } from './address.ts';

/**
 * How long after a failed try the next one is made (decision 079): the first within a minute, then growing, the
 * last about 28 hours after the event, so a receiver down for a day still gets it. Nine tries in all.
 */
export const RETRY_DELAYS_MS = [30e3, 2 * 60e3, 10 * 60e3, 30 * 60e3, 2 * 3600e3, 5 * 3600e3, 10 * 3600e3, 10 * 3600e3];
export const MAX_TRIES = RETRY_DELAYS_MS.length + 1;
/** Looked for due deliveries this often besides being woken: a worker's event reaches the server's sender by it. */
const POLL_MS = 1_000;
/** Deliveries in flight at once in one process: enough for a slow receiver not to hold the others back. */
const IN_FLIGHT = 16;
/** What is kept of a receiver's answer. */
const ANSWER_CHARS = 300;

export interface SenderOptions {
  db: Db;
  log: FastifyBaseLogger;
  allowPrivate: boolean;
  timeoutMs: number;
  /** The clock retries are measured by: the real one, or one a test controls. */
  now?: () => Date;
  pollMs?: number;
}

export interface WebhookSender {
  /** Looks for due deliveries now (an event was just stored) rather than at the next poll. */
  wake(): void;
  /** Claims and sends every delivery due now; resolves when they are settled. Answers how many were sent. */
  runDue(): Promise<number>;
  start(): void;
  /** Stops claiming and waits for the deliveries in flight. */
  stop(): Promise<void>;
  /** Sends one delivery due now at once (webhooks/test), unless another process has it; resolves once settled. */
  sendNow(id: number): Promise<void>;
}

interface Claimed {
  id: number;
  attempt: number;
  message_id: string;
  body: string;
  url: string;
  secret: string;
}

interface Outcome {
  status: number | null;
  answer: string;
  duration_ms: number;
}

/** Every process that sends: an event stored in this process wakes them at once (decision 079). */
const senders = new Set<WebhookSender>();
export const wakeSenders = () => {
  for (const s of senders) s.wake();
};

export function createWebhookSender(options: SenderOptions): WebhookSender {
  const { db, log } = options;
  const clock = options.now ?? (() => new Date());
  // The lease of a claimed delivery: a process that dies mid-send leaves it to another once this has passed.
  const leaseMs = options.timeoutMs + 30_000;
  const inFlight = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let looking: Promise<unknown> = Promise.resolve();

  /** Due deliveries, as many as there are free slots, each taken once across every process on the database. */
  async function claim(limit: number, only?: number): Promise<Claimed[]> {
    const now = clock();
    const one = only === undefined ? sql`` : sql`and id = ${only}`;
    const until = new Date(now.getTime() + leaseMs).toISOString();
    const taken = (await db.execute(sql`
      with due as (
        select id from ${webhookDeliveries}
        where next_at <= ${now.toISOString()}::timestamptz ${one}
        order by next_at, id limit ${limit} for update skip locked)
      update ${webhookDeliveries} d set attempt = d.attempt + 1, next_at = ${until}::timestamptz,
        attempted_at = ${now.toISOString()}::timestamptz
      from due, ${webhooks} w where d.id = due.id and w.id = d.webhook_id
      returning d.id, d.attempt, d.message_id, d.body, w.url, w.secret`)) as unknown as { rows: Claimed[] };
    return taken.rows;
  }

  /** One POST, signed; never follows a redirect; cut off after the timeout. */
  async function post(job: Claimed): Promise<Outcome> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const refusal = await refusalOfUrl(job.url, options.allowPrivate);
    if (refusal) return { status: null, answer: refusal, duration_ms: elapsed() };
    // The signature's time is the wall clock's: receivers compare it with theirs (a test's clock is its own).
    const sentAt = new Date();
    const signature = new Signer(job.secret).sign(job.message_id, sentAt, job.body);
    const url = new URL(job.url);
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<Outcome>((resolve) => {
      const req = client.request(
        url,
        {
          method: 'POST',
          lookup: guardedLookup(options.allowPrivate),
          headers: {
            'content-type': 'application/json',
            'user-agent': 'Kids-VOD-Webhooks/1',
            'webhook-id': job.message_id,
            'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
            'webhook-signature': signature,
          },
          signal: AbortSignal.timeout(options.timeoutMs),
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            if (text.length < ANSWER_CHARS) text += chunk;
          });
          res.on('end', () =>
            resolve({ status: res.statusCode ?? null, answer: text.slice(0, ANSWER_CHARS), duration_ms: elapsed() }),
          );
          res.on('error', () =>
            resolve({ status: res.statusCode ?? null, answer: text.slice(0, ANSWER_CHARS), duration_ms: elapsed() }),
          );
        },
      );
      req.on('error', (err) => {
        const timedOut = err.name === 'AbortError' || err.name === 'TimeoutError';
        resolve({
          status: null,
          answer: timedOut ? `No answer within ${options.timeoutMs / 1000} s` : `Could not connect: ${err.message}`,
          duration_ms: elapsed(),
        });
      });
      req.end(job.body);
    });
  }

  /** Delivered on a 2xx; else due again after the next delay, or failed after the last try. */
  async function settle(job: Claimed, outcome: Outcome): Promise<void> {
    const ok = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
    const delay = RETRY_DELAYS_MS[job.attempt - 1];
    const result = ok ? 'delivered' : delay === undefined ? 'failed' : 'pending';
    const next = result === 'pending' ? new Date(clock().getTime() + (delay ?? 0)).toISOString() : null;
    // Only this try's: a process thought dead whose lease passed may not overwrite a later try's outcome.
    await db.execute(sql`
      update ${webhookDeliveries} set result = ${result}, status = ${outcome.status}, answer = ${outcome.answer},
        duration_ms = ${outcome.duration_ms}, next_at = ${next}::timestamptz
      where id = ${job.id} and attempt = ${job.attempt}`);
    if (!ok)
      log.warn({ delivery: job.id, attempt: job.attempt, status: outcome.status, result }, 'webhook delivery failed');
  }

  function send(job: Claimed): Promise<void> {
    const done = post(job)
      .then((outcome) => settle(job, outcome))
      .catch((err) => log.error({ err, delivery: job.id }, 'a webhook delivery could not be settled'))
      .finally(() => {
        inFlight.delete(done);
        // A slot is free: the next due delivery goes now, not at the next poll.
        if (timer) sender.wake();
      });
    inFlight.add(done);
    return done;
  }

  async function runDue(): Promise<number> {
    let sent = 0;
    while (!stopped && inFlight.size < IN_FLIGHT) {
      const jobs = await claim(IN_FLIGHT - inFlight.size);
      if (jobs.length === 0) break;
      for (const job of jobs) send(job);
      sent += jobs.length;
    }
    return sent;
  }

  const sender: WebhookSender = {
    wake() {
      if (stopped) return;
      looking = looking.then(runDue).catch((err) => log.error({ err }, 'looking for webhook deliveries failed'));
    },
    async runDue() {
      let sent = 0;
      for (let more = await runDue(); more > 0 || inFlight.size > 0; more = await runDue()) {
        sent += more;
        await Promise.all([...inFlight]);
      }
      return sent;
    },
    async sendNow(id) {
      const [job] = await claim(1, id);
      if (job) await send(job);
    },
    start() {
      stopped = false;
      senders.add(sender);
      sender.wake();
      timer = setInterval(() => sender.wake(), options.pollMs ?? POLL_MS);
      timer.unref();
    },
    async stop() {
      stopped = true;
      senders.delete(sender);
      if (timer) clearInterval(timer);
      timer = undefined;
      await looking;
      await Promise.all([...inFlight]);
    },
  };
  return sender;
}
