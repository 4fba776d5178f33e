/**
 * `npm run bench:jobs`: background generation against the single-process CLI, side by side.
 * N rows of the standard schema to CSV (seed "bench"), for each W in --workers:
 *   - `rowloom generate -w W -o FILE` (one process, W threads);
 *   - `rowloom generate --distributed --out FILE` with W fresh `rowloom worker` processes on a
 *     unique queue prefix and a directory store, timed from start to exit (submit, shards,
 *     assemble, delivery to --out);
 *   - the same job through the API: a real server and W fresh workers, from `POST /api/downloads`
 *     until the status says done (jobs-bench-api.ts), the path where nothing copies the file.
 * The machine is shared, so a single pair of runs says little: the cases run --repeat times,
 * alternated (round 1: W=1 CLI, W=1 distributed, W=1 API, W=2 CLI, ...; round 2 in the
 * opposite order, and so on), and the report gives medians, the overhead of the distributed run
 * against the CLI with as many threads as workers (the ratio of the medians, and the range of the
 * rounds' own ratios), the speed-up from the first worker count to each other one for both, peak
 * RSS (VmHWM from /proc) of the CLI and each worker, Redis commands per million rows (INFO
 * total_commands_processed before and after: the whole Redis, so other clients inflate it), the
 * assembler's time (from the worker's "file assembled ... in S s (B bytes)" line), the delivery
 * time, the CPU seconds per million rows of the CLI, of the workers together and of the
 * submitting command (from /proc/<pid>/stat: where the time goes, which the machine's load moves
 * far less than the wall clock), and the load average seen during the runs. Every output is
 * checked byte-identical.
 * Needs Redis (REDIS_URL, default redis://127.0.0.1:6379).
 *
 *   npm run bench:jobs -- [--rows N] [--workers 1,2] [--repeat K] [--shard-rows R] [--schema FILE] [--json]
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
import { apiJobRun } from './jobs-bench-api.js';
import { report, summarize, type ApiRun, type CliRun, type DistributedRun, type Run } from './jobs-bench-report.js';

const BIN = fileURLToPath(new URL('../../bin/rowloom.js', import.meta.url));
const STANDARD_SCHEMA = fileURLToPath(new URL('../../../core/bench/standard-schema.json', import.meta.url));

const USAGE = `Usage: npm run bench:jobs -- [--rows N] [--workers 1,2] [--repeat K] [--shard-rows R] [--schema FILE] [--json]
  --rows N        rows per run (default 20000000)
  --workers LIST  worker counts to try, each against the CLI with that many threads (default 1,2)
  --repeat K      rounds of every case, alternated; medians are reported (default 3)
  --shard-rows R  rows per shard (default 250000, the server's)
  --schema FILE   schema (default core's bench/standard-schema.json)`;

type Options = ReturnType<typeof options>;

function options() {
  const { values } = parseArgs({
    options: {
      rows: { type: 'string' },
      workers: { type: 'string' },
      repeat: { type: 'string' },
      'shard-rows': { type: 'string' },
      schema: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const whole = (name: string, text: string | undefined, fallback: number) => {
    const n = text === undefined ? fallback : Number(text);
    if (!Number.isSafeInteger(n) || n < 1)
      throw new Error(`--${name} must be a whole number above 0, got "${text}"\n${USAGE}`);
    return n;
  };
  return {
    rows: whole('rows', values.rows, 20_000_000),
    workers: (values.workers ?? '1,2').split(',').map((w) => whole('workers', w, 1)),
    repeat: whole('repeat', values.repeat, 3),
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

/**
 * CPU seconds (user + system, every thread) a process has used so far, from /proc/<pid>/stat
 * (fields 14 and 15, in clock ticks of 1/100 s). A figure the machine's load moves far less than
 * the wall clock: where the time goes, not how long it took.
 */
async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields.length > 13 ? (Number(fields[11]) + Number(fields[12])) / 100 : NaN;
}

async function sha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Runs `rowloom ...` to completion; its peak RSS and CPU time are sampled from /proc while it runs
 * (it is gone after), so the CPU time misses at most its last SAMPLE_MILLISECONDS.
 */
async function timedRun(
  args: string[],
  env: Record<string, string>,
): Promise<{ seconds: number; peakMb: number; cpuSeconds: number; stderr: string }> {
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  let peakMb = 0;
  let cpu = 0;
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const sampler = setInterval(() => {
    void peakRssMb(child.pid!).then((mb) => (peakMb = Math.max(peakMb, mb)));
    void cpuSeconds(child.pid!).then((seconds) => (cpu = Number.isFinite(seconds) ? Math.max(cpu, seconds) : cpu));
  }, SAMPLE_MILLISECONDS);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearInterval(sampler);
  if (code !== 0) throw new Error(`rowloom ${args.join(' ')} exited ${code}: ${stderr}`);
  return { seconds: (performance.now() - started) / 1000, peakMb, cpuSeconds: cpu, stderr };
}

const SAMPLE_MILLISECONDS = 100;

async function commandsProcessed(redis: Redis): Promise<number> {
  return Number(/total_commands_processed:(\d+)/.exec(await redis.info('stats'))![1]);
}

interface Bench {
  o: Options;
  dir: string;
  redis: Redis;
  redisUrl: string;
}

function commonArgs(o: Options): string[] {
  return ['generate', o.schema, '-n', String(o.rows), '-f', 'csv', '-s', 'bench'];
}

async function cliRun(bench: Bench, workers: number, round: number): Promise<CliRun> {
  const out = join(bench.dir, 'single.csv');
  try {
    const run = await timedRun([...commonArgs(bench.o), '-w', String(workers), '-o', out, '--quiet'], {});
    return {
      kind: 'cli',
      workers,
      round,
      seconds: run.seconds,
      peakMb: run.peakMb,
      cpuSeconds: run.cpuSeconds,
      hash: await sha256(out),
      bytes: (await stat(out)).size,
    };
  } finally {
    await rm(out, { force: true });
  }
}

async function distributedRun(bench: Bench, workerCount: number, round: number): Promise<DistributedRun> {
  const out = join(bench.dir, 'distributed.csv');
  const prefix = uniquePrefix();
  const store = join(bench.dir, `store-${workerCount}`);
  const env = {
    REDIS_URL: bench.redisUrl,
    ROWLOOM_QUEUE_PREFIX: prefix,
    ROWLOOM_DOWNLOADS_DIR: store,
    ROWLOOM_SHARD_ROWS: String(bench.o.shardRows),
  };
  const workers = await Promise.all(Array.from({ length: workerCount }, () => startWorker(env, [], true)));
  try {
    const before = await commandsProcessed(bench.redis);
    const workerCpu = async () => (await Promise.all(workers.map((w) => cpuSeconds(w.pid)))).reduce((a, b) => a + b, 0);
    const cpuBefore = await workerCpu();
    const run = await timedRun([...commonArgs(bench.o), '--distributed', '--out', out], env);
    const redisCommands = (await commandsProcessed(bench.redis)) - before;
    const workerCpuSeconds = (await workerCpu()) - cpuBefore;
    const workerPeakMb = await Promise.all(workers.map((w) => peakRssMb(w.pid)));
    const assembled = /file assembled from \d+ shards in ([\d.]+) s/.exec(workers.map((w) => w.output()).join('\n'));
    const delivered = /(copied|moved|streamed) out in ([\d.]+) s/.exec(run.stderr);
    return {
      kind: 'distributed',
      workers: workerCount,
      round,
      seconds: run.seconds,
      workerPeakMb,
      workerCpuSeconds,
      submitterCpuSeconds: run.cpuSeconds,
      redisCommands,
      assembleSeconds: assembled ? Number(assembled[1]) : NaN,
      deliverSeconds: delivered ? Number(delivered[2]) : NaN,
      delivered: delivered ? delivered[1]! : '?',
      hash: await sha256(out),
    };
  } finally {
    await Promise.all(workers.map(stopWorker));
    await removeKeys(prefix);
    await rm(out, { force: true });
    await rm(store, { recursive: true, force: true });
  }
}

async function apiRun(bench: Bench, workers: number, round: number): Promise<ApiRun> {
  const result = await apiJobRun({
    dir: join(bench.dir, `api-${workers}-${round}`),
    redisUrl: bench.redisUrl,
    schemaFile: bench.o.schema,
    rows: bench.o.rows,
    shardRows: bench.o.shardRows,
    workers,
    cpuSeconds,
  });
  await rm(join(bench.dir, `api-${workers}-${round}`), { recursive: true, force: true });
  return { kind: 'api', workers, round, ...result };
}

/** Round r's order: odd rounds go W ascending, CLI first; even rounds the reverse, so neither side always runs on a cooler or warmer machine. */
function schedule(o: Options): Array<{ kind: Run['kind']; workers: number; round: number }> {
  const steps: Array<{ kind: Run['kind']; workers: number; round: number }> = [];
  for (let round = 1; round <= o.repeat; round++) {
    const forward = o.workers.flatMap((workers) => [
      { kind: 'cli' as const, workers, round },
      { kind: 'distributed' as const, workers, round },
      { kind: 'api' as const, workers, round },
    ]);
    steps.push(...(round % 2 === 1 ? forward : forward.reverse()));
  }
  return steps;
}

const o = options();
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
const bench: Bench = { o, dir: await mkdtemp(join(tmpdir(), 'rowloom-jobs-bench-')), redis, redisUrl };
const load = { before: loadavg(), during: [] as number[] };
const loadSampler = setInterval(() => load.during.push(loadavg()[0]!), 5000);
const runs: Run[] = [];
try {
  for (const step of schedule(o)) {
    const run =
      step.kind === 'cli'
        ? await cliRun(bench, step.workers, step.round)
        : step.kind === 'api'
          ? await apiRun(bench, step.workers, step.round)
          : await distributedRun(bench, step.workers, step.round);
    runs.push(run);
    if (!o.json)
      process.stderr.write(`round ${step.round}: ${step.kind} W=${step.workers} ${run.seconds.toFixed(2)} s\n`);
  }
} finally {
  clearInterval(loadSampler);
  redis.disconnect();
  await rm(bench.dir, { recursive: true, force: true });
}
const summaries = summarize(o, runs);
process.stdout.write(
  o.json
    ? JSON.stringify({ rows: o.rows, shardRows: o.shardRows, repeat: o.repeat, load, runs, summaries }, null, 2) + '\n'
    : report(o, runs, summaries, load),
);
if (runs.some((r) => r.hash !== runs[0]!.hash)) process.exitCode = 1;
