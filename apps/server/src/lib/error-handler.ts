import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError } from './errors.ts';

interface DbError {
  code: string;
  constraint?: string;
  detail?: string;
}

/** Drizzle wraps driver errors; the PostgreSQL error (with its SQLSTATE code) is somewhere in the cause chain. */
function findDbError(err: unknown): DbError | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e as DbError;
    e = e.cause as typeof e;
  }
  return undefined;
}

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']);
function isConnectionFailure(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; cause?: unknown; message?: unknown } | undefined, depth = 0;
    e && depth < 5;
    depth++
  ) {
    if (typeof e.code === 'string' && (CONNECTION_CODES.has(e.code) || /^(08|57P)/.test(e.code))) return true;
    if (
      typeof e.message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|is not queryable/.test(e.message)
    )
      return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** Unique constraints named in the schema, said in the product's words, under the field that must change. */
const UNIQUE_MESSAGES: Record<string, [field: string, message: string]> = {
  brands_slug_unique: ['slug', 'A brand with this slug already exists'],
  brand_langs_brand_lang_uq: ['lang_id', 'This brand already has a version in this language'],
  content_langs_content_lang_uq: ['lang_id', 'This content already has a version in this language'],
  content_links_brand_content_uq: ['content_id', 'This content is already linked into this brand'],
  promo_codes_code_unique: ['code', 'A promo code with this code already exists'],
  languages_code_unique: ['code', 'A language with this code already exists'],
  video_files_content_lang_id_unique: ['content_lang_id', 'This language version already has a video'],
};

/** Time windows out of order (schema.ts windowInOrder): 400 naming the two fields, under the later one. */
const WINDOW_ORDER: Record<string, [string, string]> = {
  brands_window_order: ['available_from', 'available_until'],
  content_window_order: ['available_from', 'available_until'],
  promos_window_order: ['available_from', 'available_until'],
  streams_window_order: ['available_from', 'available_until'],
  country_rules_window_order: ['starts_at', 'ends_at'],
};

function fromDbError(e: DbError): HttpError | undefined {
  switch (e.code) {
    case '23505': {
      const known = UNIQUE_MESSAGES[e.constraint ?? ''];
      if (!known) return new HttpError(409, 'This already exists');
      const [path, message] = known;
      return new HttpError(409, message, [{ path, message }]);
    }
    case '23503': {
      // "Key (brand_id)=(9) is not present in table ..." on insert/update; otherwise a delete of something still used.
      const missing = /^Key \((\w+)\)=\(([^)]*)\) is not present/.exec(e.detail ?? '');
      if (missing) return new HttpError(404, `Unknown ${missing[1]}: ${missing[2]}`);
      return new HttpError(409, 'It is still in use and cannot be deleted');
    }
    case '23514': {
      const pair = WINDOW_ORDER[e.constraint ?? ''];
      if (pair) {
        const message = `${pair[1]} must be later than ${pair[0]}`;
        return new HttpError(400, message, [{ path: pair[1], message }]);
      }
      return new HttpError(400, 'A value is out of range or of the wrong kind');
    }
    case '23502':
      return new HttpError(400, 'A value is out of range or of the wrong kind');
    default:
      // Class 22 is "data exception": a value the column or function cannot take (too long, out of range,
      // a timestamp in year 0, a NUL in text, ...): the client's value, so a 400 rather than a 500.
      return e.code.startsWith('22') ? new HttpError(400, 'A value is out of range or of the wrong kind') : undefined;
  }
}

/** A refused body's answer: the first problem in `detail`, all of them in `errors`. */
function validationAnswer(err: FastifyError & { validation: { instancePath: string; message?: string }[] }) {
  const where = err.validationContext === 'querystring' ? 'query' : (err.validationContext ?? 'body');
  const errors = err.validation.map((v) => ({
    path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
    message: v.message ?? 'Invalid value',
  }));
  const first = errors[0];
  const detail = first?.path
    ? `Invalid ${where}: ${first.path}: ${first.message}`
    : `Invalid ${where}: ${first?.message}`;
  return { detail, errors };
}

/** Fastify's own refusals of a body, in words a client can act on. */
const BODY_REFUSALS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The body is empty; send a JSON object',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type; send application/json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large',
};

function clientErrorDetail(err: FastifyError): string {
  if (err instanceof SyntaxError) return BODY_REFUSALS.FST_ERR_CTP_INVALID_JSON_BODY;
  return (Object.hasOwn(BODY_REFUSALS, err.code) && BODY_REFUSALS[err.code]) || err.message;
}

/** The one place errors become answers: `{detail, errors?}`, and never internals on a 500. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof HttpError) {
      return reply
        .code(err.status)
        .send({ detail: err.message, ...(err.errors ? { errors: err.errors } : {}), ...err.extra });
    }
    if (hasZodFastifySchemaValidationErrors(err)) return reply.code(400).send(validationAnswer(err));
    const dbError = findDbError(err);
    const mapped = dbError && fromDbError(dbError);
    // A database rule's refusal names its field like a validation failure (api.md, third wave).
    if (mapped) {
      return reply
        .code(mapped.status)
        .send({ detail: mapped.message, ...(mapped.errors ? { errors: mapped.errors } : {}) });
    }
    if (isConnectionFailure(err)) {
      req.log.warn({ err }, 'database unavailable');
      return reply.code(503).send({ detail: 'The database is unavailable. Try again in a moment.' });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500 && !isResponseSerializationError(err as never)) {
      return reply.code(status).send({ detail: clientErrorDetail(err) });
    }
    req.log.error({ err }, 'unexpected error');
    return reply.code(500).send({ detail: 'Internal server error', request_id: String(req.id) });
  });
}
