/**
 * `npm run bench:mocks`: the same 10 rows served by the shared server's mock routes, by
 * `rowloom mock serve` of a mock file, by json-server and by mockoon-cli, on loopback, in one
 * run (mock-bench-servers.ts). Each server's start-up is timed (spawn until its port answers,
 * median of 3 starts); then each route gets a fresh instance, a 1 s warm-up and autocannon with
 * 10 connections for BENCH_SECONDS (default 5). Prints one table with requests/s, p50, p99,
 * failed requests and the ratio to json-server's static rate.
 * The peers are installed on first use outside the repository (mock-peers.ts); one that cannot be
 * installed or started is skipped with the reason. BENCH_CPU_PROF=<dir> runs Rowloom's servers
 * under `node --cpu-prof` during the load (one profile per route); BENCH_SCHEMA=<file> replaces
 * the standard schema.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkAnswer, fileMock, jsonServer, mockoonCli, sharedServer, type Subject } from './mock-bench-servers.js';
import { ensurePeer, JSON_SERVER, MOCKOON_CLI, peersDir, type Peer } from './mock-peers.js';
import { processCpuMs } from './process-cpu.js';

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
const WARM_UP_SECONDS = 1;
const CONNECTIONS = 10;
const STARTS = 3;
const PROFILE_DIR = process.env.BENCH_CPU_PROF;
// The standard 10-field schema that `npm run bench` uses, shipped with core.
const STANDARD = fileURLToPath(new URL('../bench/standard-schema.json', import.meta.resolve('@rowloom/core')));

interface Row {
  server: string;
  route: string;
  startupMs: number | null;
  /** Absent when the server was skipped; `note` then says why. */
  measured?: Measured;
  note?: string;
}

interface Measured {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failed: number;
  /** The server process's CPU milliseconds (all threads) per successful request; null without /proc. */
  cpuMsPerRequest: number | null;
}

async function load(url: string, pid: number): Promise<Measured> {
  await autocannon({ url, connections: CONNECTIONS, duration: WARM_UP_SECONDS, timeout: 30 });
  const cpuBefore = processCpuMs(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, timeout: 30 });
  const cpuAfter = processCpuMs(pid);
  return {
    requestsPerSecond: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
    cpuMsPerRequest: cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / result['2xx'],
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function startupMs(subject: Subject): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < STARTS; i++) {
    const started = await subject.start();
    times.push(started.startupMs);
    await started.stop();
  }
  return median(times);
}

/** Start-up, then each route on a fresh instance (so a CPU profile is one route's). */
async function measure(subject: Subject, rows: () => unknown[]): Promise<Row[]> {
  const startup = await startupMs(subject);
  const measured: Row[] = [];
  for (const route of subject.routes) {
    // Only Rowloom's servers take Node options; the peers' start ignores them.
    const started = await subject.start(PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : []);
    try {
      await subject.prepare?.(started);
      await checkAnswer(`${started.url}${route.path}`, route, rows());
      measured.push({
        server: subject.server,
        route: route.route,
        startupMs: startup,
        measured: await load(`${started.url}${route.path}`, started.pid),
      });
    } finally {
      await started.stop();
    }
  }
  return measured;
}

/** A peer's rows, or one row saying loudly why it is not measured. */
async function measurePeer(
  peer: Peer,
  make: (script: string, version: string) => Subject,
  rows: unknown[],
): Promise<Row[]> {
  const command = await ensurePeer(peer, peersDir());
  const skip = (why: string): Row[] => {
    process.stderr.write(`\nbench:mocks: SKIPPED ${peer.package}@${peer.version}: ${why}\n\n`);
    return [
      {
        server: `${peer.command} ${peer.version}`,
        route: 'skipped (below)',
        startupMs: null,
        note: why.split('\n')[0],
      },
    ];
  };
  if ('skipped' in command) return skip(command.skipped);
  try {
    return await measure(make(command.script, peer.version), () => rows);
  } catch (error) {
    return skip((error as Error).message);
  }
}

/**
 * One line per route. `÷ json-server` is the ratio of requests/s; `by CPU` the ratio of CPU per
 * request, json-server's ÷ this one's: the rate each would reach with the same CPU, which a
 * shared machine's other work moves much less.
 */
function table(rows: Row[]): string {
  const base = rows.find((row) => row.server.startsWith('json-server') && row.measured)?.measured;
  const ratio = (value: number | null | undefined) => (value ? value.toFixed(2) : '-');
  const cells = rows.map((row, i) => {
    const firstOfServer = i === 0 || rows[i - 1].server !== row.server;
    const startup = firstOfServer && row.startupMs !== null ? row.startupMs.toFixed(0) : '';
    const m = row.measured;
    if (!m) return [row.server, row.route, '-', '-', '-', '-', '-', '-', '-', '-'];
    const byCpu = base?.cpuMsPerRequest && m.cpuMsPerRequest ? base.cpuMsPerRequest / m.cpuMsPerRequest : null;
    return [
      row.server,
      row.route,
      m.requestsPerSecond.toFixed(0),
      String(m.p50),
      String(m.p99),
      String(m.failed),
      ratio(base && m.requestsPerSecond / base.requestsPerSecond),
      m.cpuMsPerRequest === null ? '-' : m.cpuMsPerRequest.toFixed(3),
      ratio(byCpu),
      startup,
    ];
  });
  const header = [
    'server',
    'route',
    'requests/s',
    'p50 ms',
    'p99 ms',
    'failed',
    '÷ json-server',
    'CPU ms/req',
    'by CPU',
    'start-up ms',
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((row) => row[i].length)));
  const line = (row: string[]) =>
    row.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  const notes = rows.filter((row) => row.note).map((row) => `${row.server} skipped: ${row.note}`);
  const ratioNote = base ? [] : ['÷ json-server: no ratios, json-server was not measured'];
  return [line(header), ...cells.map(line), ...notes, ...ratioNote].join('\n');
}

const schemaText = readFileSync(process.env.BENCH_SCHEMA ?? STANDARD, 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'rowloom-mock-bench-'));
try {
  const shared = sharedServer(JSON.parse(schemaText));
  const rows: Row[] = await measure(shared, () => shared.rows());
  const served = shared.rows();
  rows.push(...(await measure(fileMock(join(dir, 'file-mock'), served, schemaText), () => served)));
  rows.push(...(await measurePeer(JSON_SERVER, (script, v) => jsonServer(script, v, dir, served), served)));
  rows.push(...(await measurePeer(MOCKOON_CLI, (script, v) => mockoonCli(script, v, dir, served), served)));
  process.stdout.write(
    `Mock servers, the same 10 rows, loopback, ${CONNECTIONS} connections, ${WARM_UP_SECONDS} s warm-up + ${SECONDS} s per route on a fresh instance; ` +
      `start-up: spawn until its port answers, median of ${STARTS}. Rowloom's on SQLite, public, the request log and quota writes included.\n`,
  );
  process.stdout.write(`${table(rows)}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
