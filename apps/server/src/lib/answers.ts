import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import { getTableName, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer depends only on the call's input and the catalogue's tables: kept once per change (route()). */
    kept?: boolean | ((body: never) => boolean);
  }
  interface FastifyRequest {
    /** Where a kept call's answer is to be kept, when it is worked out (see `keptAnswers`). */
    keepAs: { key: string; version: string; finish: (answer: Kept | null) => void } | null;
    /**
     * For a call marked `kept` (any input): what `read` gives, read once per state of the catalogue and shared by
     * every call at that state, whatever its input (the brand table a page, a search or a sort is cut from). Read
     * anew, and not kept, while another transaction is changing the catalogue.
     */
    keptRead<T>(name: string, read: () => Promise<T>): Promise<T>;
  }
}

/** Answers this long or longer are compressed, kept or not; the encodings in the order they are preferred. */
const COMPRESSED_FROM = 1024;
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

/**
 * Answers made once (issue 19, ADR 027), for the API's routes only (registered in their scope, so the console's
 * pre-compressed files and /media, with its ranges and already-compressed images and videos, are not touched):
 *
 * - a GET's JSON answer carries a strong ETag (a hash of its bytes) and `cache-control: private, no-cache`, and a
 *   request whose `if-none-match` names it gets `304 Not Modified` without the body: a reload revalidates the
 *   reference lists instead of downloading them again. The call still runs (the session is checked, the rows
 *   read): what is saved is the transfer, which for a list is most of the cost on a slow network.
 * - successful JSON answers of 1 KB or more are compressed (br, then gzip) when the client takes it. Only JSON: the CSV
 *   downloads (text/csv, streamed row by row) and anything else keep their bytes as they are, and request bodies
 *   (the streamed uploads) are never decompressed.
 */
export async function registerAnswers(api: FastifyInstance, database: Database) {
  keptAnswers(api, database);
  // Before compression's own hook, so the tag is the JSON's and a 304 has nothing left to compress.
  api.addHook('onSend', async (req, reply, payload) => {
    const json = String(reply.getHeader('content-type') ?? '').startsWith('application/json');
    // The plugin's `customTypes` only adds to mime-db's compressible types (text/csv among them): its one
    // per-request way to leave an answer alone is this request header. Refusals stay plain too: they are small,
    // and a client reading an error should never have to decode it.
    if (!json || reply.statusCode >= 300) req.headers['x-no-compression'] = '1';
    if (req.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'string' || !json) return payload;
    const tag = `"${createHash('sha1').update(payload).digest('base64url')}"`;
    reply.header('etag', tag);
    if (reply.getHeader('cache-control') === undefined) reply.header('cache-control', 'private, no-cache');
    if (matches(req.headers['if-none-match'], tag)) {
      reply.code(304);
      reply.removeHeader('content-type');
      reply.removeHeader('content-length');
      return '';
    }
    return payload;
  });
  await api.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESSED_FROM,
    encodings: [...ENCODINGS],
    customTypes: /^application\/json(;|$)/,
  });
}

/** `if-none-match`: a list of tags (weak ones compared as their strong form, RFC 9110 §13.1.2) or `*`. */
function matches(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const given = t.trim();
    return given === '*' || given.replace(/^W\//, '') === tag;
  });
}

/**
 * Answers kept once per change (issue 19, decision 034): the lists' answers depend only on their input and on the
 * catalogue's tables, whose every change writes a row of the audit log in its own transaction (0003_audit_log.sql).
 * So the log's last id names the catalogue's state: a call marked `kept` whose answer was worked out at that id is
 * sent again as it was (and, once asked for compressed, compressed once), at the cost of one index lookup instead
 * of its queries, assembly and compression (on the embedded database not even that, see `readState`). Every
 * instance keeps its own, checked against the shared database on every call, so a change saved on one instance shows
 * on the next call to any other.
 *
 * Ids are handed out when a change is made, not when it commits: an answer is kept only when no other transaction
 * was writing to the audit log after the id was read, so every change with an id up to it is committed and in the
 * answer read after it (a later one has a higher id, and makes the kept answer old at once).
 */
function keptAnswers(api: FastifyInstance, { db, writeMark }: Database) {
  const kept = new LRUCache<string, Kept>({
    // What a few large lists take (the brand table of 1,000 brands is about 1 MB of JSON), bounded.
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (k) => k.json.length + 1,
  });
  // The answers being worked out: a call asking for the same at the same state meanwhile waits for it, so a change
  // followed by a hundred calls at once works the list out once, not a hundred times side by side.
  const workingOut = new Map<string, { version: string; answer: Promise<Kept | null> }>();
  // Prepared once: it runs on every call of a kept list.
  const catalogueState = db
    .select({ version: sql<string>`coalesce(max(${auditLog.id}), 0)::text` })
    .from(auditLog)
    .prepare('catalogue_state');
  // On the embedded database, where each statement waits for the one before, the state is read again only once
  // something may have written since it was last read (issue 19's item 4): a kept answer then costs no statement.
  let lastState: { mark: number; version: string } | undefined;
  const readState = async (): Promise<string> => {
    const mark = writeMark?.();
    if (mark !== undefined && lastState?.mark === mark) return lastState.version;
    const [{ version }] = await catalogueState.execute();
    if (mark !== undefined) lastState = { mark, version };
    return version;
  };
  // Read on a miss only (it walks the shared lock table): a transaction that has written to the audit log holds this
  // lock on it until it commits, and takes it before its row gets its id; nothing else takes it.
  const changeUnderway = db
    .select({
      underway: sql<boolean>`exists (select 1 from pg_locks where relation = ${getTableName(auditLog)}::regclass
        and mode = 'RowExclusiveLock' and pid <> pg_backend_pid())`,
    })
    .from(sql`(select 1) as once`)
    .prepare('catalogue_change_underway');
  // What calls read to work their answers out from (`keptRead`): per state, for inputs that have no kept answer yet.
  const keptReads = new LRUCache<string, { version: string; value: Promise<unknown> }>({ max: 64 });
  api.decorateRequest('keepAs', null);
  // Replaced in the preHandler of a kept call; any other call reads for itself.
  api.decorateRequest('keptRead', <T>(_name: string, read: () => Promise<T>) => read());
  api.addHook('preHandler', async (req, reply) => {
    const keeps = req.routeOptions.config.kept;
    if (!keeps) return;
    // Null: this input's answer is not kept (the route says so), though what it is cut from may be (`keptRead`).
    const key =
      keeps === true || keeps(req.body as never)
        ? `${req.routeOptions.url} ${JSON.stringify(req.body ?? null)} ${JSON.stringify(req.query ?? null)}`
        : null;
    const version = await readState();
    const found = key === null ? undefined : kept.get(key);
    if (found?.version === version) return sendKept(req, reply, found);
    const [{ underway }] = await changeUnderway.execute();
    if (underway) return;
    req.keptRead = <T>(name: string, read: () => Promise<T>): Promise<T> => {
      const had = keptReads.get(name);
      if (had?.version === version) return had.value as Promise<T>;
      const value = read();
      keptReads.set(name, { version, value });
      // A read that failed is not kept: the next call reads again.
      value.catch(() => {
        if (keptReads.get(name)?.value === value) keptReads.delete(name);
      });
      return value;
    };
    if (key === null) return;
    const pending = workingOut.get(key);
    if (pending?.version === version) {
      const answer = await pending.answer;
      // Else the one working it out was refused or failed: this call works it out for itself.
      if (answer) return sendKept(req, reply, answer);
      return;
    }
    let finish: (answer: Kept | null) => void = () => {};
    const answer = new Promise<Kept | null>((resolve) => {
      finish = resolve;
    });
    workingOut.set(key, { version, answer });
    req.keepAs = {
      key,
      version,
      finish: (done) => {
        if (workingOut.get(key)?.answer === answer) workingOut.delete(key);
        finish(done);
      },
    };
  });
  api.addHook('onSend', async (req, reply, payload) => {
    if (!req.keepAs) return payload;
    const { key, version, finish } = req.keepAs;
    const done =
      reply.statusCode === 200 && typeof payload === 'string' ? { version, json: payload, encoded: {} } : null;
    if (done) kept.set(key, done);
    finish(done);
    return payload;
  });
  // A call that ends without an answer sent (the client went away) must not leave the others waiting.
  api.addHook('onResponse', async (req) => req.keepAs?.finish(null));
  api.addHook('onRequestAbort', async (req) => req.keepAs?.finish(null));
}

interface Kept {
  version: string;
  json: string;
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
const compress: Record<Encoding, (json: string) => Promise<Buffer>> = {
  // The compression plugin's own settings, so a kept answer is the bytes a fresh one would be.
  br: (json) => brotli(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (json) => gzipped(json),
};

async function sendKept(req: FastifyRequest, reply: FastifyReply, found: Kept) {
  // Sent as it is: the compression plugin is told to leave it, as it would leave a small answer.
  req.headers['x-no-compression'] = '1';
  reply.header('content-type', 'application/json; charset=utf-8');
  reply.header('vary', 'accept-encoding');
  const encoding = found.json.length >= COMPRESSED_FROM ? acceptedEncoding(req.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(found.json);
  found.encoded[encoding] ??= compress[encoding](found.json);
  reply.header('content-encoding', encoding);
  return reply.send(await found.encoded[encoding]);
}

/** br before gzip, as the plugin prefers; an encoding the client refuses (`;q=0`) is not taken. */
function acceptedEncoding(header: string | undefined): Encoding | null {
  const taken = new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^\s*q\s*=\s*0(\.0*)?\s*$/.test(q))
      .map(([name]) => name.trim().toLowerCase()),
  );
  return taken.has('br') ? 'br' : taken.has('gzip') ? 'gzip' : null;
}
