import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

/** Node's refusals of a request it could not read, in the words and `{detail}` shape of every other refusal. */
const REFUSALS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive'],
};

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before any route or hook runs (headers over
 * 16 KB, headers that trickle past REQUEST_TIMEOUT, bytes that are not HTTP) is answered `{detail}` here, where
 * Fastify's own answer is `{error, message, statusCode}` (issue 28, I3). The connection is closed after it.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  // A client that went away has nothing to read an answer.
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, detail] = REFUSALS[err.code ?? ''] ?? [400, 'The request is not valid HTTP'];
  const body = JSON.stringify({ detail });
  socket.end(
    [
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      'Connection: close',
      'Content-Type: application/json; charset=utf-8',
      'Cache-Control: no-store',
      `Content-Length: ${Buffer.byteLength(body)}`,
      '',
      body,
    ].join('\r\n'),
  );
}
