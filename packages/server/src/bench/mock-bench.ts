/**
 * `npm run bench:mocks`: mock endpoints under load on loopback. The server runs as a child
 * process (server-child.ts); a mock API is made through POST /api/mocks with a route answering
 * 10 rows of the standard schema and, for comparison, a route answering literal JSON; autocannon
 * then drives each with 10 connections for a few seconds. Prints requests/s, p50 and p99.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { startServerChild, stopServerChild } from './server-process.js';

interface Result {
  duration: number;
  latency: { p50: number; p99: number };
  '2xx': number;
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (options: { url: string; connections: number; duration: number; timeout: number }) => Promise<Result>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;
// The standard 10-field schema that `npm run bench` uses, shipped with core.
const STANDARD = fileURLToPath(new URL('../bench/standard-schema.json', import.meta.resolve('@rowloom/core')));

async function send(url: string, method: string, body: unknown): Promise<void> {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
}

// A public mock answers 20 requests a second per instance by default (public-budget.ts): the
// bench measures serving, not that limit, which would refuse nearly every request with a 429.
const { child, ready } = await startServerChild({ ROWLOOM_PUBLIC_MOCK_RATE: '0' });
try {
  const schemaFile = process.env.BENCH_SCHEMA ?? STANDARD;
  await send(`${ready.url}/api/schemas/standard?key=${ready.key}`, 'PUT', JSON.parse(readFileSync(schemaFile, 'utf8')));
  await send(`${ready.url}/api/mocks?key=${ready.key}`, 'POST', {
    name: 'Bench',
    public: true,
    routes: [
      {
        method: 'GET',
        path: '/people',
        responses: [{ status: 200, body: { type: 'schema', schema: 'standard', count: 10 } }],
      },
      {
        method: 'GET',
        path: '/literal',
        responses: [{ status: 200, body: { type: 'json', value: { ok: true, items: [1, 2, 3] } } }],
      },
    ],
  });
  const rows: string[][] = [];
  for (const [label, path] of [
    ['10 rows of the standard schema', '/people'],
    ['literal JSON', '/literal'],
  ]) {
    const result = await autocannon({
      url: `${ready.url}/mock/bench${path}`,
      connections: CONNECTIONS,
      duration: SECONDS,
      timeout: 30,
    });
    const failed = result.non2xx + result.errors + result.timeouts;
    rows.push([
      label,
      (result['2xx'] / result.duration).toFixed(0),
      String(result.latency.p50),
      String(result.latency.p99),
      String(failed),
    ]);
  }
  const header = ['route', 'requests/s', 'p50 ms', 'p99 ms', 'failed'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  process.stdout.write(
    `Mock endpoints, loopback, ${CONNECTIONS} connections, ${SECONDS} s each (SQLite, public API: the request log and quota writes included)\n`,
  );
  process.stdout.write(`${line(header)}\n${rows.map(line).join('\n')}\n`);
} finally {
  await stopServerChild(child);
}
