import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** When it arrived, by the wall clock (ms since the epoch). */
  at: number;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** How the receiver answers from now on: its status, after how long, and where a redirect points. */
  answer: { status: number; delayMs: number; location?: string };
  /** Resolves once `n` requests arrived (no fixed sleep: tests wait for the condition). */
  waitFor(n: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

/** A real HTTP receiver on 127.0.0.1 (tests and the bench run with WEBHOOK_ALLOW_PRIVATE=true). */
export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const waiters = new Set<() => void>();
  const answer: Receiver['answer'] = { status: 200, delayMs: 0 };
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ path: req.url ?? '/', headers: req.headers, body, at: Date.now() });
      for (const w of waiters) w();
      const { status, delayMs, location } = answer;
      const reply = () => {
        if (res.destroyed) return;
        res.writeHead(status, location ? { location } : { 'content-type': 'text/plain' });
        res.end(status < 300 ? 'thanks' : `answered ${status}`);
      };
      if (delayMs > 0) setTimeout(reply, delayMs);
      else reply();
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answer,
    waitFor(n, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < n) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(received);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`the receiver got ${received.length} of ${n} requests`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
