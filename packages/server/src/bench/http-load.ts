/**
 * One load case through autocannon (a devDependency, CommonJS without type declarations: loaded
 * through require and described here by the part of its result this benchmark reads).
 */
import { createRequire } from 'node:module';

interface AutocannonResult {
  /** Seconds the load actually ran. */
  duration: number;
  latency: { p50: number; p99: number; average: number };
  throughput: { average: number };
  '2xx': number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

type Autocannon = (options: {
  url: string;
  method: 'POST';
  headers: Record<string, string>;
  body: string;
  connections: number;
  duration: number;
  timeout: number;
}) => Promise<AutocannonResult>;

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export interface LoadCase {
  url: string;
  body: string;
  connections: number;
  duration: number;
}

export interface LoadResult {
  seconds: number;
  /** Successful (2xx) responses per second. */
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  bytesPerSecond: number;
  ok: number;
  /** Non-2xx responses, connection errors and timeouts: any of them spoils the case. */
  failed: number;
}

export async function runLoad({ url, body, connections, duration }: LoadCase): Promise<LoadResult> {
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    connections,
    duration,
    // Seconds; a 5000-row response under 50 connections queues for a while, it is not stuck.
    timeout: 60,
  });
  return {
    seconds: result.duration,
    requestsPerSecond: result['2xx'] / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    bytesPerSecond: result.throughput.average,
    ok: result['2xx'],
    failed: result.non2xx + result.errors + result.timeouts,
  };
}
