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

function median(values: number[]): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
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

interface CliRun {
  kind: 'cli';
  workers: number;
  round: number;
  seconds: number;
  peakMb: number;
  cpuSeconds: number;
  hash: string;
  bytes: number;
}

interface DistributedRun {
  kind: 'distributed';
  workers: number;
  round: number;
  seconds: number;
  workerPeakMb: number[];
  /** CPU seconds of the workers (together) during the run, and of the submitting process. */
  workerCpuSeconds: number;
  submitterCpuSeconds: number;
  redisCommands: number;
  assembleSeconds: number;
  deliverSeconds: number;
  delivered: string;
  hash: string;
}

/** The same job through the API (jobs-bench-api.ts): POST /api/downloads until its status is done. */
interface ApiRun {
  kind: 'api';
  workers: number;
  round: number;
  seconds: number;
  workerCpuSeconds: number;
  serverCpuSeconds: number;
  hash: string;
}

type Run = CliRun | DistributedRun | ApiRun;

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

interface Summary {
  workers: number;
  cliSeconds: number;
  distributedSeconds: number;
  /** Ratio of the medians, as a percentage over the CLI. */
  overheadPercent: number;
  /** Each round's own distributed/CLI ratio: the spread. */
  roundOverheadsPercent: number[];
  cliPeakMb: number;
  workerPeakMb: number;
  /** CPU seconds per million rows: the CLI's, the workers' together, the submitter's. */
  cliCpuPerMillion: number;
  workerCpuPerMillion: number;
  submitterCpuPerMillion: number;
  redisCommandsPerMillionRows: number;
  assembleSeconds: number;
  deliverSeconds: number;
  delivered: string;
  /** Speed-up over the first worker count (ratio of medians, and each round's), CLI and distributed. */
  cliSpeedup: number;
  cliRoundSpeedups: number[];
  distributedSpeedup: number;
  distributedRoundSpeedups: number[];
  /** Through the API: median seconds from the POST to done, overhead over the CLI (and each round's), CPU per million rows. */
  apiSeconds: number;
  apiOverheadPercent: number;
  apiRoundOverheadsPercent: number[];
  apiWorkerCpuPerMillion: number;
  apiServerCpuPerMillion: number;
}

function summarize(o: Options, runs: Run[]): Summary[] {
  const of = <K extends Run['kind']>(kind: K, workers: number) =>
    runs.filter((r): r is Extract<Run, { kind: K }> => r.kind === kind && r.workers === workers);
  const base = o.workers[0]!;
  const roundRatios = (kind: Run['kind'], numerator: number, denominator: number, field: (run: Run) => number) =>
    Array.from({ length: o.repeat }, (_, i) => {
      const a = of(kind, numerator).find((r) => r.round === i + 1);
      const b = of(kind, denominator).find((r) => r.round === i + 1);
      return a && b ? field(a) / field(b) : NaN;
    });
  return o.workers.map((workers) => {
    const cli = of('cli', workers);
    const distributed = of('distributed', workers);
    const cliSeconds = median(cli.map((r) => r.seconds));
    const distributedSeconds = median(distributed.map((r) => r.seconds));
    const api = of('api', workers);
    const apiSeconds = median(api.map((r) => r.seconds));
    const overheads = (runsOf: Run[]) =>
      Array.from({ length: o.repeat }, (_, i) => {
        const c = cli.find((r) => r.round === i + 1);
        const d = runsOf.find((r) => r.round === i + 1);
        return c && d ? (d.seconds / c.seconds - 1) * 100 : NaN;
      });
    const perMillion = (seconds: number[]) => median(seconds) / (o.rows / 1e6);
    const last = distributed.at(-1);
    return {
      workers,
      cliSeconds,
      distributedSeconds,
      overheadPercent: (distributedSeconds / cliSeconds - 1) * 100,
      roundOverheadsPercent: overheads(distributed),
      cliPeakMb: median(cli.map((r) => r.peakMb)),
      workerPeakMb: median(distributed.flatMap((r) => r.workerPeakMb)),
      cliCpuPerMillion: median(cli.map((r) => r.cpuSeconds)) / (o.rows / 1e6),
      workerCpuPerMillion: median(distributed.map((r) => r.workerCpuSeconds)) / (o.rows / 1e6),
      submitterCpuPerMillion: median(distributed.map((r) => r.submitterCpuSeconds)) / (o.rows / 1e6),
      redisCommandsPerMillionRows: median(distributed.map((r) => r.redisCommands)) / (o.rows / 1e6),
      assembleSeconds: median(distributed.map((r) => r.assembleSeconds)),
      deliverSeconds: median(distributed.map((r) => r.deliverSeconds)),
      delivered: last?.delivered ?? '?',
      cliSpeedup: median(of('cli', base).map((r) => r.seconds)) / cliSeconds,
      cliRoundSpeedups: roundRatios('cli', base, workers, (r) => r.seconds),
      distributedSpeedup: median(of('distributed', base).map((r) => r.seconds)) / distributedSeconds,
      distributedRoundSpeedups: roundRatios('distributed', base, workers, (r) => r.seconds),
      apiSeconds,
      apiOverheadPercent: (apiSeconds / cliSeconds - 1) * 100,
      apiRoundOverheadsPercent: overheads(api),
      apiWorkerCpuPerMillion: perMillion(api.map((r) => r.workerCpuSeconds)),
      apiServerCpuPerMillion: perMillion(api.map((r) => r.serverCpuSeconds)),
    };
  });
}

function runName(run: Run): string {
  if (run.kind === 'cli') return `CLI -w ${run.workers}`;
  return `${run.kind === 'api' ? 'through the API' : 'distributed'}, ${run.workers} worker(s)`;
}

function report(o: Options, runs: Run[], summaries: Summary[], load: { before: number[]; during: number[] }): string {
  const n = (x: number, digits = 0) =>
    Number.isFinite(x)
      ? x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
      : '-';
  const signed = (x: number) => `${x >= 0 ? '+' : ''}${n(x, 1)}%`;
  const span = (xs: number[], format: (x: number) => string) => {
    const finite = xs.filter(Number.isFinite);
    return finite.length ? `${format(Math.min(...finite))} to ${format(Math.max(...finite))}` : '-';
  };
  const bytes = runs.find((r): r is CliRun => r.kind === 'cli')?.bytes ?? 0;
  const during = [...load.during].sort((a, b) => a - b);
  const lines = [
    `${n(o.rows)} rows of ${o.schema} to CSV (${n(bytes)} bytes, ${n(bytes / o.rows, 1)} bytes/row), shards of ${n(o.shardRows)}, ${o.repeat} alternated round(s)`,
    `load average (1 min): ${load.before.map((l) => l.toFixed(2)).join(' ')} before; during the runs median ${n(median(during), 2)}, ${n(during[0] ?? NaN, 2)} to ${n(during.at(-1) ?? NaN, 2)}`,
    '',
    'every run (s):',
    ...runs.map(
      (r) =>
        `  round ${r.round} ${runName(r)}: ${n(r.seconds, 2)}${r.kind === 'distributed' ? ` (assemble ${n(r.assembleSeconds, 2)}, deliver ${n(r.deliverSeconds, 2)} ${r.delivered})` : ''}`,
    ),
    '',
    'medians:',
    'W | CLI -w W s (rows/s, peak MB) | distributed s (rows/s) | overhead (rounds) | worker peak MB | Redis cmds / M rows | assemble s | deliver s (how)',
  ];
  for (const s of summaries) {
    lines.push(
      `${s.workers} | ${n(s.cliSeconds, 2)} (${n(o.rows / s.cliSeconds)}, ${n(s.cliPeakMb)}) | ${n(s.distributedSeconds, 2)} (${n(o.rows / s.distributedSeconds)}) | ` +
        `${signed(s.overheadPercent)} (${span(s.roundOverheadsPercent, signed)}) | ${n(s.workerPeakMb)} | ${n(s.redisCommandsPerMillionRows)} | ${n(s.assembleSeconds, 2)} | ${n(s.deliverSeconds, 2)} (${s.delivered})`,
    );
  }
  lines.push(
    '',
    'CPU seconds per million rows (user + system, all threads; medians): W | CLI | workers together | submitter | distributed / CLI',
  );
  for (const s of summaries) {
    const total = s.workerCpuPerMillion + s.submitterCpuPerMillion;
    lines.push(
      `${s.workers} | ${n(s.cliCpuPerMillion, 2)} | ${n(s.workerCpuPerMillion, 2)} | ${n(s.submitterCpuPerMillion, 2)} | ${signed((total / s.cliCpuPerMillion - 1) * 100)}`,
    );
  }
  lines.push(
    '',
    'through the API (POST /api/downloads until its status is done; the file is then served from its parts, never copied):',
    'W | s (rows/s) | overhead over the CLI (rounds) | CPU-s/M: workers / server | CPU, workers + server / CLI',
  );
  for (const s of summaries) {
    const total = s.apiWorkerCpuPerMillion + s.apiServerCpuPerMillion;
    lines.push(
      `${s.workers} | ${n(s.apiSeconds, 2)} (${n(o.rows / s.apiSeconds)}) | ${signed(s.apiOverheadPercent)} (${span(s.apiRoundOverheadsPercent, signed)}) | ` +
        `${n(s.apiWorkerCpuPerMillion, 2)} / ${n(s.apiServerCpuPerMillion, 2)} | ${signed((total / s.cliCpuPerMillion - 1) * 100)}`,
    );
  }
  for (const s of summaries.slice(1)) {
    const x = (v: number) => `x${n(v, 2)}`;
    lines.push(
      `${o.workers[0]} -> ${s.workers}: CLI ${x(s.cliSpeedup)} (rounds ${span(s.cliRoundSpeedups, x)}), distributed ${x(s.distributedSpeedup)} (rounds ${span(s.distributedRoundSpeedups, x)})`,
    );
  }
  const identical = runs.every((r) => r.hash === runs[0]!.hash);
  lines.push(`all ${runs.length} outputs byte-identical: ${identical ? 'yes' : 'NO'}`);
  return lines.join('\n') + '\n';
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
