/**
 * Child process: how long a generation worker thread takes to be useful. It starts the
 * engine's own worker (its bundle, dist/bundles/generate-worker.cjs, with the resource limits
 * worker-pool.ts gives it) on the standard schema, hands it a one-row range and times, from
 * `new Worker()`:
 *   online_ms  the thread is running JavaScript (Node's own thread and isolate start-up);
 *   ready_ms   the first row's bytes are back (+ module import, schema compilation, samplers
 *              and data tables, one row, one message).
 * `ready_ms - online_ms` is the start-up Rowloom's code is responsible for, which is what the
 * target (import + compile + samplers < 50 ms) names. Threads are started one after another
 * (`--n` of them, each terminated before the next), on an otherwise idle process, and the
 * medians are reported. Then as many threads of worker-startup-split.ts take the same steps
 * with a clock between them, to say where the time goes (import, compile, first row).
 */
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { RangeResult, RangeTask, WorkerSetup } from '../engine/generate-worker.js';
import { workerScript } from '../engine/worker-scripts.js';
import { referenceTime } from '../engine/reference-time.js';
import { generationUuid, resolveSeed } from '../engine/seed.js';
import { parseChildArgs } from './child-args.js';
import { STANDARD_SCHEMA_PATH } from './paths.js';
import type { StartupResult, StartupSplit } from './run-result.js';
import { median } from './summary.js';

const WORKER_SCRIPT = workerScript('generate-worker');

/** What generate() would hand its workers for a seeded run of `count` rows (see engine/generate.ts). */
function workerSetup(fields: unknown[], format: 'csv' | 'json', count: number): WorkerSetup {
  const { key } = resolveSeed(42);
  return {
    fields,
    seedKey: key,
    writer: { format, count },
    rowCount: count,
    startedAtMs: referenceTime(null, 42),
    generationUuid: generationUuid(key),
  };
}

function msSince(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e6;
}

async function timeOneThread(setup: WorkerSetup): Promise<[number, number]> {
  const start = process.hrtime.bigint();
  const worker = new Worker(WORKER_SCRIPT, { workerData: setup, resourceLimits: { maxYoungGenerationSizeMb: 8 } });
  try {
    let online = NaN;
    worker.once('online', () => (online = msSince(start)));
    const ready = await new Promise<number>((resolve, reject) => {
      worker.once('message', (reply: RangeResult) =>
        reply.length > 0 ? resolve(msSince(start)) : reject(new Error('the worker sent no bytes')),
      );
      worker.once('error', reject);
      const task: RangeTask = { id: 0, start: 0, end: 1 };
      worker.postMessage(task);
    });
    return [online, ready];
  } finally {
    await worker.terminate();
  }
}

const SPLIT_SCRIPT = workerScript('worker-startup-split');

/** The same start-up step by step, in a thread of our own (see worker-startup-split.ts). */
async function splitOneThread(format: 'csv' | 'json'): Promise<StartupSplit> {
  const workerData = { spawnedAt: String(process.hrtime.bigint()), schemaPath: STANDARD_SCHEMA_PATH, format };
  const worker = new Worker(SPLIT_SCRIPT, { workerData, resourceLimits: { maxYoungGenerationSizeMb: 8 } });
  try {
    const split = await new Promise<StartupSplit>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    if (!(split.row_bytes > 0)) throw new Error('the split thread made no row');
    return split;
  } finally {
    await worker.terminate();
  }
}

function medianSplit(splits: StartupSplit[]): StartupSplit {
  const of = (key: keyof StartupSplit) => round1(median(splits.map((s) => s[key])));
  return {
    running_ms: of('running_ms'),
    import_ms: of('import_ms'),
    compile_ms: of('compile_ms'),
    first_row_ms: of('first_row_ms'),
    row_bytes: of('row_bytes'),
  };
}

const round1 = (x: number) => Math.round(x * 10) / 10;

async function main(): Promise<void> {
  const args = parseChildArgs();
  const setup = workerSetup(JSON.parse(readFileSync(STANDARD_SCHEMA_PATH, 'utf8')), args.format, 1);
  const samples: [number, number][] = [];
  for (let i = 0; i < args.n; i++) samples.push(await timeOneThread(setup));
  const splits: StartupSplit[] = [];
  for (let i = 0; i < args.n; i++) splits.push(await splitOneThread(args.format));
  const result: StartupResult = {
    impl: 'worker-startup',
    format: args.format,
    n: args.n,
    online_ms: round1(median(samples.map(([online]) => online))),
    ready_ms: round1(median(samples.map(([, ready]) => ready))),
    own_ms: round1(median(samples.map(([online, ready]) => ready - online))),
    samples: samples.map(([online, ready]) => [round1(online), round1(ready)]),
    split: medianSplit(splits),
  };
  process.stdout.write(JSON.stringify(result) + '\n');
}

await main();
