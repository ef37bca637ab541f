import { createHash } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

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
export async function registerAnswers(api: FastifyInstance) {
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
    threshold: 1024,
    encodings: ['br', 'gzip'],
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
