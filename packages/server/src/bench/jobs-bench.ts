/**
 * `npm run bench:jobs`: background generation against the single-process CLI, in one run.
 * N rows of the standard schema to CSV (seed "bench"):
 *   - `rowloom generate -w W` (one process, W threads), for each W in --workers;
 *   - `rowloom generate --distributed` with W fresh `rowloom worker` processes on a unique queue
 *     prefix and a directory store, timed from start to exit (submit, shards, assemble, copy out).
 * Reports rows/s, the overhead against the CLI with as many threads as there are workers, peak
 * RSS (VmHWM from /proc) of the CLI and of each worker, Redis commands per million rows
 * (total_commands_processed before and after: the whole Redis, so other clients inflate it),
 * and the assembler's MB/s (from the worker's "file assembled ... in S s (B bytes)" line).
 * Checks that the two files are identical. Needs Redis (REDIS_URL, default redis://127.0.0.1:6379).
 *
 *   npm run bench:jobs -- [--rows N] [--workers 1,2] [--shard-rows R] [--schema FILE] [--json]
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { removeKeys, uniquePrefix } from '../jobs/testing/redis.js';
import { startWorker, stopWorker } from '../jobs/testing/worker-processes.js';

const BIN = fileURLToPath(new URL('../../bin/rowloom.js', import.meta.url));
const STANDARD_SCHEMA = fileURLToPath(new URL('../../../core/bench/standard-schema.json', import.meta.url));

const USAGE = `Usage: npm run bench:jobs -- [--rows N] [--workers 1,2] [--shard-rows R] [--schema FILE] [--json]
  --rows N        rows per run (default 50000000)
  --workers LIST  worker counts to try, each against the CLI with that many threads (default 1,2)
  --shard-rows R  rows per shard (default 250000, the server's)
  --schema FILE   schema (default core's bench/standard-schema.json)`;

function options() {
  const { values } = parseArgs({ options: { rows: { type: 'string' }, workers: { type: 'string' }, 'shard-rows': { type: 'string' }, schema: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean' } } });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const whole = (name: string, text: string | undefined, fallback: number) => {
    const n = text === undefined ? fallback : Number(text);
    if (!Number.isSafeInteger(n) || n < 1) throw new Error(`--${name} must be a whole number above 0, got "${text}"\n${USAGE}`);
    return n;
  };
  return {
    rows: whole('rows', values.rows, 50_000_000),
    workers: (values.workers ?? '1,2').split(',').map((w) => whole('workers', w, 1)),
    shardRows: whole('shard-rows', values['shard-rows'], 250_000),
    schema: values.schema ?? STANDARD_SCHEMA,
    json: values.json ?? false,
  };
}

async function peakRssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = /VmHWM:\s+(\d+)/.exec(status);
  return kb ? Number(kb[1]) / 1024 : 0;
}

async function sha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Runs `rowloom ...` to completion; its peak RSS is sampled from /proc while it runs (it is gone after). */
async function timedRun(args: string[], env: Record<string, string>): Promise<{ seconds: number; peakMb: number; stderr: string }> {
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  let peakMb = 0;
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const sampler = setInterval(() => void peakRssMb(child.pid!).then((mb) => (peakMb = Math.max(peakMb, mb))), 200);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearInterval(sampler);
  if (code !== 0) throw new Error(`rowloom ${args.join(' ')} exited ${code}: ${stderr}`);
  return { seconds: (performance.now() - started) / 1000, peakMb, stderr };
}

async function commandsProcessed(redis: Redis): Promise<number> {
  return Number(/total_commands_processed:(\d+)/.exec(await redis.info('stats'))![1]);
}

interface Result {
  workers: number;
  cliSeconds: number;
  cliRowsPerSecond: number;
  cliPeakMb: number;
  seconds: number;
  rowsPerSecond: number;
  overheadPercent: number;
  workerPeakMb: number[];
  redisCommands: number;
  redisCommandsPerMillionRows: number;
  assembleSeconds: number;
  assembleMBps: number;
  copySeconds: number;
  delivered: string;
  bytes: number;
  identical: boolean;
}

async function runCase(o: ReturnType<typeof options>, workerCount: number, dir: string, redis: Redis, redisUrl: string): Promise<Result> {
  const single = join(dir, 'single.csv');
  const distributed = join(dir, 'distributed.csv');
  const common = ['generate', o.schema, '-n', String(o.rows), '-f', 'csv', '-s', 'bench'];
  const cli = await timedRun([...common, '-w', String(workerCount), '-o', single, '--quiet'], {});
  const singleHash = await sha256(single);
  const bytes = (await stat(single)).size;
  await rm(single);

  const prefix = uniquePrefix();
  const store = join(dir, `store-${workerCount}`);
  const env = { REDIS_URL: redisUrl, ROWLOOM_QUEUE_PREFIX: prefix, ROWLOOM_DOWNLOADS_DIR: store, ROWLOOM_SHARD_ROWS: String(o.shardRows) };
  const workers = await Promise.all(Array.from({ length: workerCount }, () => startWorker(env, [], true)));
  try {
    const before = await commandsProcessed(redis);
    const run = await timedRun([...common, '--distributed', '--out', distributed], env);
    const redisCommands = (await commandsProcessed(redis)) - before;
    const workerPeakMb = await Promise.all(workers.map((w) => peakRssMb(w.pid)));
    const assembled = /file assembled from \d+ shards in ([\d.]+) s \((\d+) bytes\)/.exec(workers.map((w) => w.output()).join('\n'));
    const copied = /(copied|moved) out in ([\d.]+) s/.exec(run.stderr);
    const identical = (await sha256(distributed)) === singleHash;
    const assembleSeconds = assembled ? Number(assembled[1]) : NaN;
    return {
      workers: workerCount,
      cliSeconds: cli.seconds,
      cliRowsPerSecond: o.rows / cli.seconds,
      cliPeakMb: cli.peakMb,
      seconds: run.seconds,
      rowsPerSecond: o.rows / run.seconds,
      overheadPercent: (run.seconds / cli.seconds - 1) * 100,
      workerPeakMb,
      redisCommands,
      redisCommandsPerMillionRows: redisCommands / (o.rows / 1e6),
      assembleSeconds,
      assembleMBps: bytes / 1e6 / assembleSeconds,
      copySeconds: copied ? Number(copied[2]) : NaN,
      delivered: copied ? copied[1] : '?',
      bytes,
      identical,
    };
  } finally {
    await Promise.all(workers.map(stopWorker));
    await removeKeys(prefix);
    await rm(distributed, { force: true });
    await rm(store, { recursive: true, force: true });
  }
}

function report(o: ReturnType<typeof options>, results: Result[], load: number[]): string {
  const n = (x: number, digits = 0) => x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
  const lines = [
    `${n(o.rows)} rows of ${o.schema} to CSV, shards of ${n(o.shardRows)}; load average before: ${load.map((l) => l.toFixed(2)).join(' ')}`,
    'workers | CLI -w W rows/s (s, peak MB) | distributed rows/s (s) | overhead | worker peak MB | Redis cmds / M rows | assemble MB/s (s) | deliver s (how) | identical',
  ];
  for (const r of results) {
    lines.push(
      `${r.workers} | ${n(r.cliRowsPerSecond)} (${n(r.cliSeconds, 1)} s, ${n(r.cliPeakMb)} MB) | ${n(r.rowsPerSecond)} (${n(r.seconds, 1)} s) | ${r.overheadPercent >= 0 ? '+' : ''}${n(r.overheadPercent, 1)}% | ` +
        `${r.workerPeakMb.map((mb) => n(mb)).join(', ')} | ${n(r.redisCommandsPerMillionRows)} | ${n(r.assembleMBps)} (${n(r.assembleSeconds, 2)} s) | ${n(r.copySeconds, 2)} (${r.delivered}) | ${r.identical ? 'yes' : 'NO'}`,
    );
  }
  lines.push(`file: ${n(results[0]?.bytes ?? 0)} bytes (${n((results[0]?.bytes ?? 0) / o.rows, 1)} bytes/row)`);
  return lines.join('\n') + '\n';
}

const o = options();
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
const dir = await mkdtemp(join(tmpdir(), 'rowloom-jobs-bench-'));
const load = loadavg();
const results: Result[] = [];
try {
  for (const workers of o.workers) {
    results.push(await runCase(o, workers, dir, redis, redisUrl));
    if (!o.json) process.stderr.write(`done: ${workers} worker(s)\n`);
  }
} finally {
  redis.disconnect();
  await rm(dir, { recursive: true, force: true });
}
process.stdout.write(o.json ? JSON.stringify({ rows: o.rows, shardRows: o.shardRows, load, results }, null, 2) + '\n' : report(o, results, load));
if (results.some((r) => !r.identical)) process.exitCode = 1;
