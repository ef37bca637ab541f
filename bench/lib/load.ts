import { createRequire } from 'node:module';

/** What bench scripts read of an autocannon result (the package ships no types). */
export interface LoadResult {
  /** Mean requests per second over the run. */
  rps: number;
  p50: number;
  p99: number;
  /** Answers that were not 2xx, plus connection errors and timeouts. */
  failures: number;
  bytesPerRequest: number;
}

interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number; totalCount: number };
  throughput: { total: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
}

const autocannon = createRequire(import.meta.url)('autocannon') as (options: object) => Promise<AutocannonResult>;

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  headers?: Record<string, string>;
  connections?: number;
  /** Seconds. */
  duration?: number;
}

/** autocannon against one URL: `connections` keep-alive connections sending for `duration` seconds. */
export async function load({
  url,
  method = 'GET',
  body,
  headers = {},
  connections = 100,
  duration = 20,
}: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url,
    method,
    connections,
    duration,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    bytesPerRequest: result.latency.totalCount ? result.throughput.total / result.latency.totalCount : 0,
  };
}
