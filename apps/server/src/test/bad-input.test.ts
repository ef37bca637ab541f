/**
 * Bad input, property-based (issue "Reliability and security", item 1).
 *
 * Every call of the contract (`api`, iterated, so a new call is covered without touching this file) is sent
 * many generated requests: bodies that are nearly valid (one field wrong, missing or extra), wrong types,
 * huge strings, unicode (lone surrogates, NUL, BOM, RTL), negative, huge and fractional numbers, deep nesting,
 * arrays for objects, broken JSON, wrong content types, junk query strings and path params, and junk headers
 * (authorization, cookie, origin, content-encoding, ...). For every answer it checks:
 *
 *  - never a 5xx;
 *  - every 4xx is JSON `{detail: string}` (with the optional `errors` and `request_id` of ApiError, nothing
 *    else), with no stack trace and no SQL in it;
 *  - a refused request (4xx) leaves the database as it was: a fingerprint of every table in the schema but
 *    sessions and login_failures (per table: its row count and the sum of a hash of each row's text) is taken
 *    before and after each request and compared when it got a 4xx. Requests that happen to be valid (2xx) may
 *    change it; they are counted (the status counts per call are printed at the end), not checked.
 *
 * Calls that need more than a JSON body are handled explicitly (SPECIAL below): login (public, no bearer),
 * logout (a fresh session per request, so the admin's token survives), view ingestion (X-Ingest-Key) and the
 * upload (multipart). A public call not listed there fails the run rather than being fuzzed as a plain call.
 *
 * The seed is random on each run; on a failure fast-check prints it with the shrunk counterexample.
 * Reproduce with `fc.assert(..., { seed, path })`, or run longer:
 *   FUZZ_RUNS=500 npx vitest run --project server-pglite apps/server/src/test/bad-input.test.ts
 * (FUZZ_RUNS is the number of generated requests per call; 40 by default, 20 on the PostgreSQL server.) FUZZ_DEBUG=<call key prefix>, e.g.
 * FUZZ_DEBUG=upload.upload, prints every request of those calls with the start of its answer.
 */
import {
  ApiError as ApiErrorSchema,
  type ApiError as ApiErrorType,
  api,
  type Call,
  INGEST_KEY_HEADER,
  MetadataImportRefusal,
} from '@kids-vod/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createSession } from '../modules/auth/sessions.ts';
import { createTestApp, type TestApp, testDatabaseKind } from './harness.ts';
import { audioOnly, testMaster } from './masters.ts';
import { multipartBody, tinyPng } from './multipart.ts';

// Half as many on the PostgreSQL server: the requests are the same, and what differs there (constraint errors, the
// server's own refusals) shows within 20 a call; PGlite, which runs every time, takes the 40.
const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS) || (testDatabaseKind === 'postgres' ? 20 : 40));
const INGEST_KEY = 'fuzz-ingest-key-0123456789abcdef';
/** Small, so that the fuzzer reaches the size limit of video uploads with small bodies. */
const MAX_VIDEO_BYTES = 128 * 1024;
/** Tables that change on requests that are refused, legitimately: sign-in bookkeeping. */
const UNFINGERPRINTED = new Set(['sessions', 'login_failures', 'totp_failures']);
/** Rows of fingerprinted tables that refused requests write, legitimately: the audit log's failed sign-ins. */
const UNFINGERPRINTED_ROWS: Record<string, string> = { audit_log: "where x.action <> 'sign_in_failed'" };

/** Calls that need more than a JSON body and the admin's bearer token. */
const SPECIAL: Record<string, 'login' | 'logout' | 'ingest' | 'multipart'> = {
  'auth.login': 'login',
  'auth.acceptInvite': 'login',
  'auth.logout': 'logout',
  'report.views': 'ingest',
  'upload.upload': 'multipart',
  'subtitles.upload': 'multipart',
  'metadata.import': 'multipart',
};

const calls = Object.entries(api).flatMap(([domain, group]) =>
  Object.entries(group as Record<string, Call>).map(([name, c]) => ({ key: `${domain}.${name}`, c })),
);

let t: TestApp;
let adminId: number;
let fingerprintQuery: ReturnType<typeof sql.raw>;
/** Existing values the generators draw from, so that nearly valid requests reach the handlers. */
const liveStrings: string[] = [];
/** Per call: how many answers of each status. */
const stats = new Map<string, Map<number, number>>();

// ---------------------------------------------------------------------------------------------------------------
// Values

/** A long string, shown short when fast-check prints a counterexample. */
class Huge {
  constructor(
    readonly length: number,
    readonly unit = 'x',
  ) {}
  toJSON() {
    return this.unit.repeat(Math.ceil(this.length / this.unit.length)).slice(0, this.length);
  }
  [fc.toStringMethod]() {
    return `Huge(${this.length}, ${JSON.stringify(this.unit)})`;
  }
}

const nested = (depth: number, leaf: unknown, asArray: boolean): unknown => {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = asArray ? [v] : { a: v };
  return v;
};

const STRING_HINTS = [
  '',
  ' ',
  'a',
  'abc',
  'Fixture name',
  'abc-1',
  'fixture-a',
  'en',
  'fr',
  'pt-br',
  'xx',
  'zz-top',
  'US',
  'gb',
  'ZZ',
  'CODE-1',
  'SUMMER-2024',
  'home.title',
  'app_name-2',
  '#a1b2c3',
  '#FFFFFF',
  '2024-05-31',
  '2024-02-29',
  '2023-02-29',
  '0000-01-01',
  '0001-01-01',
  '9999-12-31',
  '1970-01-01',
  '2024-05-31T18:30:00Z',
  '2024-05-31T18:30:00+02:00',
  '2024-05-31T18:30:00.123456789-05:30',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '1999-12-31T23:59:59Z',
  'https://example.com/a.png',
  'http://x.y/',
  '/media/images/a.png',
  'javascript:alert(1)',
  'admin@example.com',
  'someone@example.org',
  'image',
  'video',
  'cloudflare',
  'other',
  'free_days',
  'percent_off',
  '0+',
  'x'.repeat(200),
  'x'.repeat(201),
];
/** Values the fixtures have: ids of their first rows, the default language, the locale key. */
const LIKELY_HINTS: unknown[] = [1, 2, 3, 'en', 'home.title', 'US'];
const NUMBER_HINTS = [
  0,
  1,
  2,
  3,
  4,
  5,
  7,
  10,
  50,
  100,
  101,
  200,
  201,
  1000,
  1001,
  3650,
  3651,
  86_400,
  86_401,
  1_000_000,
  1_000_001,
  100_000_000,
  2_147_483_647,
  2_147_483_648,
  -1,
  -1_000_000,
  -1_000_001,
  0.5,
  1.5,
  -0,
  1e-7,
  2 ** 53,
  Number.MAX_SAFE_INTEGER,
  1e21,
];

const JUNK_CONSTANTS: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  -0,
  1.5,
  2 ** 31,
  2 ** 53 + 2,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  '',
  ' ',
  'NaN',
  'Infinity',
  '-1',
  '1',
  '1e3',
  '0x1F',
  ' 1 ',
  '١٢',
  'true',
  'null',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  'x\ud83dy',
  '\ufeffabc',
  '\u202eabc',
  '💥👨‍👩‍👧',
  '\uffff',
  "' or 1=1 --",
  'x"); drop table brands; --',
  '%',
  '_',
  '\\',
  '$1',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '2024-13-45',
  '2024-05-31T25:61:00Z',
  '+275760-09-13T00:00:00Z',
  [],
  {},
  [1, 2],
  { id: 1 },
  [null],
  { $gt: '' },
  [{}],
];

/** A value of any kind, usually of the wrong one. */
const junk: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...JUNK_CONSTANTS) },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 1_000, max: 300_000 }), fc.constantFrom('x', 'é', '😀', '\u0000', 'a\ud800'))
      .map(([n, unit]) => new Huge(n, unit)),
  },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 20, max: 800 }), fc.boolean(), fc.constantFrom(1, 'x', null, {}))
      .map(([depth, asArray, leaf]) => nested(depth, leaf, asArray)),
  },
);

type Def = { type: string; [k: string]: unknown };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const shapeOf = (schema: z.ZodType | undefined): Record<string, z.ZodType> => {
  let s = schema;
  for (let i = 0; s && i < 10; i++) {
    const def = defOf(s);
    if (def.type === 'object') return def.shape as Record<string, z.ZodType>;
    s = (def.innerType ?? def.in) as z.ZodType | undefined;
  }
  return {};
};

/** Values the schema itself takes, from the hints; junk when none fits. `asText`: as a query or path sends them. */
function leafValues(schema: z.ZodType, asText: boolean): fc.Arbitrary<unknown> {
  const fitting = (values: unknown[]) => [
    ...new Set(values.map((v) => (asText ? String(v) : v)).filter((v) => schema.safeParse(v).success)),
  ];
  // The fixtures' ids and keys first: a request naming a row that exists goes furthest into the handler.
  const likely = fitting([...liveStrings, ...LIKELY_HINTS]);
  const others = fitting([...STRING_HINTS, ...NUMBER_HINTS, true, false]);
  const options = [
    ...(likely.length > 0 ? [{ weight: 2, arbitrary: fc.constantFrom(...likely) }] : []),
    ...(others.length > 0 ? [{ weight: 1, arbitrary: fc.constantFrom(...others) }] : []),
  ];
  return options.length > 0 ? fc.oneof(...options) : junk;
}

/** Values that usually pass the schema (or come close): the base that mutations start from. */
function plausible(schema: z.ZodType, asText = false, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (depth > 6) return junk;
  const inner = (s: unknown) => plausible(s as z.ZodType, asText, depth + 1);
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const fields = Object.fromEntries(
        // Required fields are always there (mutations take them away); optional ones now and then.
        Object.entries(shape).map(([k, s]) => [
          k,
          s.safeParse(undefined).success ? fc.option(inner(s), { nil: undefined, freq: 2 }) : inner(s),
        ]),
      );
      return fc.record(fields).map((o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)));
    }
    case 'array':
      return fc.array(inner(def.element), { maxLength: 3 });
    case 'optional':
      return fc.option(inner(def.innerType), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(inner(def.innerType), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner(def.innerType);
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map(inner));
    case 'boolean':
      return asText ? fc.constantFrom('true', 'false') : fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    default:
      return leafValues(schema, asText);
  }
}

/** Sets a property as an own one, even `__proto__`, so that JSON.stringify sends it. */
function setOwn(o: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(o, key, { value, enumerable: true, configurable: true, writable: true });
}

const ODD_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'id', '', 'a.b', '$where', 'updated_at'];

/** A nearly valid object: one to three fields set to junk or removed, or extra fields added. */
function mutated(schema: z.ZodType | undefined, asText = false): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(shapeOf(schema));
  const base = schema ? plausible(schema, asText) : fc.constant({});
  const key = fc.oneof(
    { weight: keys.length > 0 ? 6 : 0, arbitrary: keys.length > 0 ? fc.constantFrom(...keys) : fc.constant('x') },
    { weight: 1, arbitrary: fc.constantFrom(...ODD_KEYS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
  );
  const value = asText ? junkText : junk;
  const op = fc.record({ del: fc.nat({ max: 3 }).map((n) => n === 0), key, value });
  return fc.tuple(base, fc.array(op, { minLength: 1, maxLength: 3 })).map(([b, ops]) => {
    const o: Record<string, unknown> = typeof b === 'object' && b !== null && !Array.isArray(b) ? { ...b } : {};
    for (const { del, key: k, value: v } of ops) {
      if (del) delete o[k];
      else setOwn(o, k, v);
    }
    return o;
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Payloads

type Payload =
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; text: string | Uint8Array }
  | { kind: 'multipart'; parts: MultipartPartSpec[]; framing: Framing }
  | { kind: 'none' };

interface MultipartPartSpec {
  name: string;
  filename?: string;
  contentType?: string;
  data: Uint8Array | Huge;
}
type Framing = 'ok' | 'no-boundary' | 'wrong-boundary' | 'unterminated' | 'many-fields';

const BROKEN_JSON = [
  '',
  ' ',
  '{',
  '}',
  '[',
  'null',
  'true',
  '0',
  '-1',
  '"x"',
  '[]',
  '[{}]',
  '{"a":1,}',
  "{'a':1}",
  '{"id": NaN}',
  '{"id": Infinity}',
  '{"id": -Infinity}',
  '{"id": 1e400}',
  '{"id": -1e400}',
  '{"id": 1e-400}',
  '{"id": 01}',
  '{"id": 0x10}',
  '{"id": 1.0}',
  '{"id": 9007199254740993}',
  '{"id": 1, "id": "x"}',
  '{"__proto__": {"id": 1}}',
  '{"constructor": {"prototype": {"id": 1}}}',
  '{"a": {"__proto__": {"b": 1}}}',
  '\ufeff{}',
  '{} garbage',
  '{} {}',
  '{"a": "\\ud800"}',
  '{"a": "\\u0000"}',
  '{"a": "\\x00"}',
  '{"a": "\\',
  '{"a": "\u0000"}',
  '{"name": "a\nb"}',
  '{"a":1}\u0000',
];

const deepText = fc
  .tuple(
    fc.integer({ min: 100, max: 100_000 }),
    fc.constantFrom('[', '{"a":', '{"constructor":', '{"__proto__":', '{"events":[', '{"name":'),
  )
  .map(([n, open]) => {
    const depth = open.startsWith('[') ? n : Math.min(n, 40_000);
    const close = open === '[' ? ']' : open.endsWith('[') ? ']}' : '}';
    return `${open.repeat(depth)}${open === '[' ? '' : '1'}${close.repeat(depth)}`;
  });

/** Text that JSON.parse refuses or takes in an unexpected shape. */
function rawBodies(schema: z.ZodType | undefined): fc.Arbitrary<string | Uint8Array> {
  const valid = schema ? plausible(schema) : fc.constant({});
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...BROKEN_JSON) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(valid, fc.nat(), fc.constantFrom('cut', 'insert', 'drop'), fc.string({ minLength: 1, maxLength: 2 }))
        .map(([v, at, how, s]) => {
          const text = JSON.stringify(v) ?? '';
          const i = at % (text.length + 1);
          if (how === 'cut') return text.slice(0, i);
          if (how === 'insert') return text.slice(0, i) + s + text.slice(i);
          return text.slice(0, i) + text.slice(i + 1);
        }),
    },
    { weight: 1, arbitrary: deepText },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        `{"name":"${'x'.repeat(1_100_000)}"}`,
        `[${'1,'.repeat(300_000)}1]`,
        'x'.repeat(2_000_000),
      ),
    },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }) },
    { weight: 1, arbitrary: fc.constantFrom('a=1&b=2', 'name=x&slug[]=y', '<xml/>', '--x\r\n\r\n--x--') },
  );
}

function jsonPayloads(schema: z.ZodType | undefined): fc.Arbitrary<Payload> {
  const value = fc.oneof(
    { weight: schema ? 3 : 1, arbitrary: schema ? plausible(schema) : fc.constant({}) },
    { weight: 5, arbitrary: mutated(schema) },
    { weight: 2, arbitrary: junk },
    { weight: 1, arbitrary: mutated(schema).map((o) => [o]) },
  );
  return fc.oneof(
    { weight: 7, arbitrary: value.map((v): Payload => ({ kind: 'json', value: v })) },
    { weight: 3, arbitrary: rawBodies(schema).map((text): Payload => ({ kind: 'raw', text })) },
    { weight: 1, arbitrary: fc.constant<Payload>({ kind: 'none' }) },
  );
}

/** Real masters made by ffmpeg, small enough for MAX_VIDEO_BYTES: probed like any upload. */
const master = new Uint8Array(await testMaster({ seconds: 1, width: 64, height: 36 }));
const silentMkv = new Uint8Array(
  await testMaster({ seconds: 1, width: 64, height: 36, container: 'mkv', audio: false }),
);
const sound = new Uint8Array(audioOnly());
const png = new Uint8Array(tinyPng());

const fileData: fc.Arbitrary<Uint8Array | Huge> = fc.oneof(
  fc.constant(png),
  fc.nat({ max: png.length - 1 }).map((n) => png.slice(0, n)),
  fc.constant(master),
  fc.constant(silentMkv),
  fc.constant(sound),
  fc.nat({ max: master.length - 1 }).map((n) => master.slice(0, n)),
  fc
    .tuple(fc.constantFrom(master, silentMkv, png), fc.nat(), fc.uint8Array({ maxLength: 64 }))
    .map(([file, at, bytes]) => {
      const copy = file.slice();
      copy.set(bytes.slice(0, Math.max(0, copy.length - (at % copy.length))), at % copy.length);
      return copy;
    }),
  fc.uint8Array({ maxLength: 4096 }),
  fc.constant(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')),
  fc.constant(new Uint8Array(0)),
  fc.constant(new Huge(MAX_VIDEO_BYTES + 10)),
);

const filePart: fc.Arbitrary<MultipartPartSpec> = fc.record(
  {
    name: fc.oneof(
      { weight: 8, arbitrary: fc.constant('file') },
      { weight: 1, arbitrary: fc.constantFrom('files', 'FILE', 'image', '', 'fïle', 'file"; x="') },
    ),
    filename: fc.option(
      fc.oneof(
        fc.constantFrom('a.png', 'a.mp4', 'clip.MOV', '../../etc/passwd', 'a\u0000b.png', 'файл.png', '', 'a"b.png'),
        fc.string({ maxLength: 300 }),
      ),
      { nil: undefined, freq: 8 },
    ),
    contentType: fc.constantFrom('image/png', 'video/mp4', 'application/octet-stream', 'text/html', 'image/svg+xml'),
    data: fileData,
  },
  { requiredKeys: ['name', 'filename', 'data'] },
);

const multipartPayloads: fc.Arbitrary<Payload> = fc
  .record({
    parts: fc.oneof(
      { weight: 1, arbitrary: fc.array(filePart, { maxLength: 3 }) },
      { weight: 5, arbitrary: filePart.map((p) => [p]) },
    ),
    framing: fc.constantFrom<Framing>(
      'ok',
      'ok',
      'ok',
      'ok',
      'no-boundary',
      'wrong-boundary',
      'unterminated',
      'many-fields',
    ),
  })
  .map(({ parts, framing }): Payload => ({ kind: 'multipart', parts, framing }));

// ---------------------------------------------------------------------------------------------------------------
// Query strings, paths and headers

/** Percent-encoding that also takes lone surrogates (as the invalid UTF-8 a client could send). */
function pct(s: string): string {
  const hex = (byte: number) => `%${byte.toString(16).toUpperCase()}`;
  let out = '';
  for (const ch of s) {
    const code = ch.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += hex(0xe0 | (code >> 12)) + hex(0x80 | ((code >> 6) & 0x3f)) + hex(0x80 | (code & 0x3f));
    } else out += encodeURIComponent(ch);
  }
  return out;
}

const junkText: fc.Arbitrary<unknown> = junk.map((v) =>
  v instanceof Huge ? new Huge(Math.min(v.length, 5_000), v.unit) : typeof v === 'string' ? v : JSON.stringify(v),
);
const asText = (v: unknown) => (v instanceof Huge ? v.toJSON() : String(v));

const RAW_QUERIES = [
  '%',
  '%ZZ',
  'a=%E0%A4%A',
  '=&&=',
  'lang[]=en&lang[]=fr',
  'lang=en&lang=fr',
  'type=image&type=video',
  'content_lang_id=1&content_lang_id=2',
  'lang=%00',
  'lang=%ED%A0%80',
  '__proto__[x]=1',
  'constructor.prototype.x=1',
  `x=${'y'.repeat(10_000)}`,
];

function queryStrings(schema: z.ZodType | undefined): fc.Arbitrary<string> {
  const encode = (o: Record<string, unknown>) =>
    Object.entries(o)
      .map(([k, v]) => `${pct(k)}=${pct(asText(v))}`)
      .join('&');
  return fc.oneof(
    {
      weight: schema ? 6 : 2,
      arbitrary: schema ? plausible(schema, true).map((o) => encode(o as never)) : fc.constant(''),
    },
    { weight: 3, arbitrary: mutated(schema, true).map(encode) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERIES) },
  );
}

const RAW_PARAMS = [
  '%ZZ',
  '%',
  '%00',
  '..',
  '.',
  '%2F',
  'a%2Fb',
  '1;2',
  '1%20',
  '+1',
  '1e0',
  '0x1',
  '0b1',
  'Infinity',
  '-0',
  '1.',
  '.5',
  '00001',
  '%201',
  'x'.repeat(200),
  '%ED%A0%80',
];

function paramValue(schema: z.ZodType | undefined): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: schema ? plausible(schema, true).map((v) => pct(asText(v))) : fc.constant('1') },
    { weight: 2, arbitrary: junkText.map((v) => pct(asText(v)).slice(0, 3000)) },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_PARAMS) },
  );
}

type Auth = 'admin' | 'none' | string;
const latin1 = fc.string({
  unit: fc
    .integer({ min: 0x20, max: 0xff })
    .filter((c) => c !== 0x7f)
    .map((c) => String.fromCharCode(c)),
  maxLength: 60,
});

const authHeader: fc.Arbitrary<Auth> = fc.oneof(
  { weight: 14, arbitrary: fc.constant('admin') },
  {
    weight: 1,
    arbitrary: fc.oneof(
      fc.constantFrom(
        'none',
        'Bearer ',
        'Bearer x',
        'bearer ADMIN',
        'Basic YWRtaW46eA==',
        'Bearer \u00ff\u00fe',
        'Bearer a b',
      ),
      fc.constant(`Bearer ${'a'.repeat(8_000)}`),
      latin1,
    ),
  },
);

const CONTENT_TYPES = [
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/json;;',
  'application/json; boundary=x',
  'application/vnd.api+json',
  'application/jsonx',
  'text/plain',
  'text/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'application/xml',
  '*/*',
  '',
  'none',
];
const contentType: fc.Arbitrary<string> = fc.oneof(
  { weight: 12, arbitrary: fc.constant('application/json') },
  { weight: 3, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
  { weight: 1, arbitrary: latin1 },
);

const EXTRA_HEADERS = [
  'cookie',
  'origin',
  'sec-fetch-site',
  'x-request-id',
  'accept',
  'accept-encoding',
  'content-encoding',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-ingest-key',
  'if-none-match',
  'range',
  'host',
];
const extraHeaders: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({}) },
  {
    weight: 1,
    arbitrary: fc.dictionary(
      fc.constantFrom(...EXTRA_HEADERS),
      fc.oneof(
        fc.constantFrom(
          'session=junk',
          'session=%E0%A4%A',
          'session=',
          'https://evil.example',
          'null',
          'cross-site',
          'gzip',
          'br, deflate',
          'bytes=0-10',
          'evil.example',
          'x'.repeat(4_000),
        ),
        latin1,
      ),
      { maxKeys: 3 },
    ),
  },
);

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const;

// ---------------------------------------------------------------------------------------------------------------
// Requests

interface RequestSpec {
  method: string;
  path: string;
  query: string;
  auth: Auth;
  contentType: string;
  headers: Record<string, string>;
  payload: Payload;
  /** Ingestion: the key sent in X-Ingest-Key ('valid' is the configured one, 'none' none). */
  ingestKey: string;
}

const short = (v: unknown) => {
  const s = typeof v === 'string' ? v : v instanceof Uint8Array ? `<${v.length} bytes>` : (fc.stringify(v) ?? '');
  return s.length > 300 ? `${s.slice(0, 300)}…(${s.length} chars)` : s;
};

/** Shown by fast-check in a counterexample: short, whatever the size of the request. */
class Req implements RequestSpec {
  method = '';
  path = '';
  query = '';
  auth: Auth = 'admin';
  contentType = '';
  headers: Record<string, string> = {};
  payload: Payload = { kind: 'none' };
  ingestKey = 'valid';
  [fc.toStringMethod]() {
    const payload =
      this.payload.kind === 'json'
        ? short(this.payload.value)
        : this.payload.kind === 'raw'
          ? short(this.payload.text)
          : this.payload.kind === 'multipart'
            ? short({ framing: this.payload.framing, parts: this.payload.parts })
            : 'none';
    return (
      short(
        `${this.method} ${this.path}${this.query ? `?${this.query}` : ''} auth=${short(this.auth)} ct=${JSON.stringify(this.contentType)} ` +
          `headers=${short(this.headers)} ingestKey=${short(this.ingestKey)} ${this.payload.kind}: `,
      ) + payload
    );
  }
}

function requests(key: string, c: Call): fc.Arbitrary<Req> {
  const special = SPECIAL[key];
  const paramShape = shapeOf(c.params);
  const paramNames = [...c.path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
  const params = fc.record(Object.fromEntries(paramNames.map((n) => [n, paramValue(paramShape[n])])));
  const payload =
    special === 'multipart'
      ? fc.oneof({ weight: 5, arbitrary: multipartPayloads }, { weight: 1, arbitrary: jsonPayloads(undefined) })
      : jsonPayloads(c.body);
  const method = fc.oneof(
    { weight: 12, arbitrary: fc.constant(c.method as string) },
    { weight: 1, arbitrary: fc.constantFrom(...METHODS) },
  );
  return fc
    .record({
      method,
      params,
      slash: fc.boolean(),
      query: fc.oneof(
        { weight: c.query ? 1 : 8, arbitrary: fc.constant('') },
        { weight: 3, arbitrary: queryStrings(c.query) },
      ),
      auth: authHeader,
      contentType: special === 'multipart' ? fc.constant('') : contentType,
      headers: extraHeaders,
      payload,
      ingestKey: fc.oneof(
        { weight: 10, arbitrary: fc.constant('valid') },
        {
          weight: 1,
          arbitrary: fc.constantFrom('none', '', INGEST_KEY.slice(0, -1), `${INGEST_KEY} `, INGEST_KEY.toUpperCase()),
        },
        { weight: 1, arbitrary: latin1 },
      ),
    })
    .map((r) => {
      let path = c.path.replace(/:(\w+)/g, (_, n: string) => r.params[n] ?? '');
      path = r.slash ? (path.endsWith('/') ? path.slice(0, -1) : `${path}/`) : path;
      return Object.assign(new Req(), { ...r, path });
    });
}

const BOUNDARY = '----fuzzboundary7MA4YWxkTrZu0gW';

function multipartBytes(p: Extract<Payload, { kind: 'multipart' }>): { body: Buffer; contentType: string } {
  const parts = p.parts.map((part) => ({
    name: part.name,
    filename: part.filename,
    contentType: part.contentType,
    data: part.data instanceof Huge ? Buffer.alloc(part.data.length, 0x5a) : Buffer.from(part.data),
  }));
  if (p.framing === 'many-fields') {
    for (let i = 0; i < 25; i++)
      parts.push({ name: `f${i}`, filename: undefined, contentType: undefined, data: Buffer.from('v') });
  }
  const { payload } = multipartBody(parts, BOUNDARY);
  const type = `multipart/form-data; boundary=${BOUNDARY}`;
  switch (p.framing) {
    case 'no-boundary':
      return { body: payload, contentType: 'multipart/form-data' };
    case 'wrong-boundary':
      return { body: payload, contentType: 'multipart/form-data; boundary=other' };
    case 'unterminated':
      return { body: payload.subarray(0, Math.max(0, payload.length - BOUNDARY.length - 6)), contentType: type };
    default:
      return { body: payload, contentType: type };
  }
}

async function toInject(key: string, r: RequestSpec): Promise<InjectOptions> {
  const special = SPECIAL[key];
  const headers: Record<string, string> = {};
  let token = t.token;
  if (special === 'logout') token = (await createSession(t.database.db, adminId)).token;
  if (r.auth === 'admin') {
    if (special !== 'login') headers.authorization = `Bearer ${token}`;
  } else if (r.auth !== 'none') headers.authorization = r.auth;
  if (special === 'ingest' && r.ingestKey !== 'none') {
    headers[INGEST_KEY_HEADER] = r.ingestKey === 'valid' ? INGEST_KEY : r.ingestKey;
  }
  let payload: string | Buffer | undefined;
  let type = r.contentType;
  switch (r.payload.kind) {
    case 'json':
      payload = JSON.stringify(r.payload.value) ?? '';
      break;
    case 'raw':
      payload = typeof r.payload.text === 'string' ? r.payload.text : Buffer.from(r.payload.text);
      break;
    case 'multipart': {
      const m = multipartBytes(r.payload);
      payload = m.body;
      type = m.contentType;
      break;
    }
    case 'none':
      payload = undefined;
  }
  if (type && type !== 'none') headers['content-type'] = type;
  Object.assign(headers, r.headers);
  return {
    method: r.method as InjectOptions['method'],
    url: `${r.path}${r.query ? `?${r.query}` : ''}`,
    headers,
    payload,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Checks

async function fingerprint(): Promise<Record<string, string>> {
  const result = (await t.database.db.execute(fingerprintQuery)) as unknown as { rows: { fp: unknown }[] };
  const fp = result.rows[0]?.fp;
  return (typeof fp === 'string' ? JSON.parse(fp) : fp) as Record<string, string>;
}

const LEAKS = [
  /\bselect\b/i,
  /\binsert\b/i,
  /\bviolates\b/i,
  /\brelation\b/i,
  /\bsyntax error\b/i,
  /\bpostgres|pglite|drizzle\b/i,
  /\n\s+at /,
  /node_modules/,
  /\.(ts|js|mjs):\d+/,
  /\b(TypeError|RangeError|ReferenceError)\b/,
];

function checkAnswer(res: LightMyRequestResponse, label: string): void {
  if (res.statusCode >= 500) throw new Error(`${label}: ${res.statusCode} ${res.body.slice(0, 500)}`);
  if (res.statusCode < 400) return;
  {
    const type = String(res.headers['content-type'] ?? '');
    if (!type.startsWith('application/json'))
      throw new Error(`${label}: ${res.statusCode} answered as ${type}: ${res.body.slice(0, 300)}`);
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      throw new Error(`${label}: ${res.statusCode} answer is not JSON: ${res.body.slice(0, 300)}`);
    }
    // A sheet refused for its rows answers the import's whole answer beside its `detail` (api.md, "Studio
    // delivery"): its errors name a row and column, not a field path. Its words are held to the same rule.
    const refusal = label.endsWith(api.metadata.import.path) ? MetadataImportRefusal.safeParse(body) : null;
    if (refusal?.success) {
      const texts = [refusal.data.detail, ...refusal.data.errors.map((e) => e.detail)];
      const leak = LEAKS.find((re) => texts.some((text) => re.test(text)));
      if (leak)
        throw new Error(`${label}: ${res.statusCode} answer leaks internals (${leak}): ${res.body.slice(0, 500)}`);
      return;
    }
    const parsed = ApiErrorSchema.safeParse(body);
    if (!parsed.success)
      throw new Error(`${label}: ${res.statusCode} answer is not {detail}: ${res.body.slice(0, 300)}`);
    const extra = Object.keys(body as object).filter(
      (k) => !['detail', 'errors', 'request_id', 'totp_required'].includes(k),
    );
    if (extra.length > 0)
      throw new Error(`${label}: ${res.statusCode} answer has ${extra.join(', ')}: ${res.body.slice(0, 300)}`);
    const error = parsed.data as ApiErrorType;
    const texts = [error.detail, ...(error.errors ?? []).map((e) => e.message)];
    for (const text of texts) {
      const leak = LEAKS.find((re) => re.test(text));
      if (leak)
        throw new Error(`${label}: ${res.statusCode} answer leaks internals (${leak}): ${res.body.slice(0, 500)}`);
    }
  }
}

function fingerprintDiff(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((k) => before[k] !== after[k]);
}

// ---------------------------------------------------------------------------------------------------------------
// Fixtures: something of every kind, so that nearly valid requests find rows to change.

async function ok(res: LightMyRequestResponse, what: string) {
  if (res.statusCode !== 200) throw new Error(`fixture ${what}: ${res.statusCode} ${res.body}`);
  return res.json();
}

async function createFixtures() {
  const brandA = await ok(await t.post(api.brand.add.path, { name: 'Fixture A', slug: 'fixture-a' }), 'brand');
  const brandB = await ok(await t.post(api.brand.add.path, { name: 'Fixture B' }), 'brand');
  await ok(await t.post(api.brand.langAdd.path, { brand_id: brandA.id, lang_id: 1, title: 'A' }), 'brand lang');
  const itemA = await ok(await t.post(api.content.add.path, { brand_id: brandA.id }), 'content');
  await ok(await t.post(api.content.add.path, { brand_id: brandA.id }), 'content');
  await ok(await t.post(api.content.add.path, { brand_id: brandB.id, season: 2 }), 'content');
  await ok(await t.post(api.content.langAdd.path, { content_id: itemA.id, lang_id: 1, title: 'One' }), 'content lang');
  for (const seconds of [3, 4]) {
    const { payload, headers } = multipartBody([
      { name: 'file', filename: 'a.mp4', data: await testMaster({ seconds, width: 64, height: 36 }) },
    ]);
    const video = await ok(
      await t.request({ method: 'POST', url: `${api.upload.upload.path}?type=video`, payload, headers }),
      'video',
    );
    liveStrings.push(video.ext_id);
  }
  await ok(
    await t.post(api.content.attachVideo.path, { ext_id: liveStrings[0], content_id: itemA.id, lang_id: 1 }),
    'attach',
  );
  await ok(
    await t.post(api.promo.add.path, {
      button_text: 'Watch',
      button_color: '#1f2937',
      title: 'Promo',
      brand_id: brandA.id,
    }),
    'promo',
  );
  await ok(
    await t.post(api.stream.add.path, { lang_id: 1, title: 'Live', url: 'https://example.com/live.m3u8' }),
    'stream',
  );
  await ok(await t.post(api.locale.upsert.path, { key: 'home.title', lang_id: 1, value: 'Home' }), 'locale');
  await ok(await t.post(`${api.catalog.publish.path}?lang=en`), 'catalogue');
  await ok(
    await t.request({
      method: 'POST',
      url: api.report.views.path,
      headers: { [INGEST_KEY_HEADER]: INGEST_KEY },
      payload: {
        events: [
          { content_id: itemA.id, lang_id: 1, country: 'US', seconds: 90, ts: '2024-05-31T18:30:00Z', event_id: 'e1' },
        ],
      },
    }),
    'views',
  );
  await restoreDeletable();
}

/**
 * A valid staff call may lock the fuzzing admin out (require two-factor, reset its password, demote or deactivate
 * it once another admin was invited, revoke its session): put it back as it was, so the next calls are the admin's.
 */
async function keepAdminSignedIn() {
  await t.database.db.execute(sql`update security_settings set require_totp = false where require_totp`);
  await t.database.db.execute(
    sql`update users set role = 'admin', is_active = true where id = ${adminId} and (role <> 'admin' or not is_active)`,
  );
  await t.database.db.execute(sql`update sessions set revoked_at = null where user_id = ${adminId}`);
}

/** Rows that the calls under test may delete, put back before each call's run. */
async function restoreDeletable() {
  const count = async (table: string) => {
    const r = (await t.database.db.execute(sql.raw(`select count(*)::int as n from "${table}"`))) as unknown as {
      rows: { n: number }[];
    };
    return Number(r.rows[0]?.n ?? 0);
  };
  // What the delete calls moved to the bin comes back (a brand only while its slug is free).
  await t.database.db.execute(
    sql`update brands set deleted_at = null, deleted_by = null where deleted_at is not null
          and not exists (select from brands b where b.slug = brands.slug and b.deleted_at is null)`,
  );
  await t.database.db.execute(
    sql`update content set deleted_at = null, deleted_by = null where deleted_at is not null`,
  );
  const [brandA, brandB] = (await ok(await t.post(api.brand.list.path, {}), 'brands')) as { id: number }[];
  if (!brandA || !brandB) return;
  if ((await count('country_rules')) === 0) {
    await ok(await t.post(api.brand.addCountryRule.path, { brand_id: brandA.id, code2: ['US', 'FR'] }), 'rule');
  }
  if ((await count('content_links')) === 0) {
    const [item] = (await ok(await t.post(api.content.list.path, { brand_id: brandA.id }), 'content')) as {
      id: number;
    }[];
    if (item) await ok(await t.post(api.link.add.path, { brand_id: brandB.id, content_id: item.id }), 'link');
  }
  for (let n = await count('promo_codes'); n < 2; n++) {
    await ok(
      await t.post(api.promoCode.add.path, { code: `FIX-${Date.now()}-${n}`, kind: 'free_days', value: 7 }),
      'promo code',
    );
  }
  if ((await count('locale_strings')) === 0) {
    await ok(await t.post(api.locale.upsert.path, { key: 'home.title', lang_id: 1, value: 'Home' }), 'locale');
  }
}

// ---------------------------------------------------------------------------------------------------------------

beforeAll(async () => {
  t = await createTestApp({ INGEST_KEY, MAX_VIDEO_BYTES: String(MAX_VIDEO_BYTES) });
  const users = (await t.database.db.execute(sql`select id from users order by id limit 1`)) as unknown as {
    rows: { id: number }[];
  };
  adminId = Number(users.rows[0]?.id);
  const tables = (await t.database.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  const names = tables.rows.map((r) => r.table_name).filter((n) => !UNFINGERPRINTED.has(n));
  expect(names.length).toBeGreaterThan(10);
  fingerprintQuery = sql.raw(
    `select json_build_object(${names
      .map(
        (n) =>
          `'${n}', (select count(*) || ':' || coalesce(sum(hashtext(x::text)::bigint), 0) from "${n}" x ${UNFINGERPRINTED_ROWS[n] ?? ''})`,
      )
      .join(', ')})::text as fp`,
  );
  await createFixtures();
  // Fixtures include real masters probed by ffprobe: minutes, not seconds, on a loaded 2-core machine.
}, 180_000);

afterAll(async () => {
  const lines = [...stats].map(
    ([key, byStatus]) =>
      `${key.padEnd(24)} ${[...byStatus]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}:${n}`)
        .join(' ')}`,
  );
  const total = [...stats.values()].reduce((sum, m) => sum + [...m.values()].reduce((a, b) => a + b, 0), 0);
  console.log(`bad-input: ${total} requests over ${stats.size} calls (${RUNS} per call)\n${lines.join('\n')}`);
  await t?.close();
});

describe('every call of the contract refuses bad input cleanly', () => {
  it('knows every special call, and every public call is one', () => {
    const keys = new Set(calls.map((x) => x.key));
    for (const key of Object.keys(SPECIAL)) expect(keys, `SPECIAL names ${key}, which is no call`).toContain(key);
    for (const { key, c } of calls) if (c.public) expect(SPECIAL, `public call ${key}`).toHaveProperty(key);
    expect(calls.length).toBeGreaterThan(40);
  });

  it('answers a too long or undecodable path param with {detail} too (Fastify refuses them before any hook)', async () => {
    for (const url of [`/api/promo-codes/${'1'.repeat(101)}/`, '/api/promo-codes/%ZZ/']) {
      const res = await t.get(url);
      expect(res.statusCode).toBeLessThan(500);
      expect(ApiErrorSchema.strict().safeParse(res.json()).success, res.body).toBe(true);
    }
  });

  for (const { key, c } of calls) {
    it(`${key}: ${c.method} ${c.path}`, { timeout: Math.max(60_000, RUNS * 1_500) }, async () => {
      await restoreDeletable();
      const byStatus = new Map<number, number>();
      stats.set(key, byStatus);
      let routed = 0;
      let last: Record<string, string> | undefined;
      await fc.assert(
        fc.asyncProperty(requests(key, c), async (r) => {
          const options = await toInject(key, r);
          // A logout's fresh session (toInject) marks the admin's last sign-in: that is no part of the request.
          const before = (SPECIAL[key] !== 'logout' && last) || (await fingerprint());
          last = undefined;
          const res = await t.app.inject(options);
          byStatus.set(res.statusCode, (byStatus.get(res.statusCode) ?? 0) + 1);
          if (process.env.FUZZ_DEBUG && key.startsWith(process.env.FUZZ_DEBUG)) {
            console.log(res.statusCode, res.body.slice(0, 150), '<=', r[fc.toStringMethod]().slice(0, 300));
          }
          if (!/^\{"detail":"No such call/.test(res.body)) routed++;
          checkAnswer(res, `${r.method} ${r.path}`);
          if (res.statusCode < 400) await keepAdminSignedIn();
          if (res.statusCode >= 400) {
            // What a refused request leaves is the next request's starting point.
            last = await fingerprint();
            const changed = fingerprintDiff(before, last);
            if (changed.length > 0) {
              throw new Error(`${res.statusCode} ${res.body.slice(0, 300)} but changed ${changed.join(', ')}`);
            }
          }
        }),
        { numRuns: RUNS },
      );
      // A call the server does not register would answer "No such call" to everything.
      expect(routed, `${key} never reached its route`).toBeGreaterThan(0);
    });
  }
});
