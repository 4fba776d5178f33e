/**
 * `rowloom generate SCHEMA ... --distributed`: the same command as the in-process one (core's
 * parser, input reader, progress bar and exit statuses, through @rowloom/core/cli-kit), but the
 * rows are made by `rowloom worker` processes through the job queue on REDIS_URL. The command is
 * the submitter: it freezes the request into a FrozenJob exactly as the in-process command would
 * resolve it (seed, reference time, writer settings), submits it with the BullMQ runner, draws
 * progress, and writes the file to --out or stdout from the store (the workers' store: the same
 * ROWLOOM_DOWNLOADS_DIR / S3 settings) while the job runs, part by part as they are published
 * (job-file-follower.ts), then removes it from the store. No database: the job
 * id is made here, and nothing but Redis and the store hear of the job.
 *
 * Lives in the server package because core must not depend on BullMQ or the store; the server's
 * `rowloom` bin hands `generate ... --distributed` here, and core's own command refuses it.
 */
import { randomUUID } from 'node:crypto';
import { rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { resolveSeed } from '@rowloom/core';
import {
  IoError,
  parseGenerateArgs,
  ProgressBar,
  readGenerateInput,
  reportFailure,
  SEEDED_REFERENCE_TIME,
  UsageError,
  type GenerateCommand,
} from '@rowloom/core/cli-kit';
import type { FrozenJob, JobProgress, JobRunner } from '../jobs/job-contract.js';
import { BullMQRunner } from '../jobs/engine/bullmq-runner.js';
import { connectionOf, QUEUE_NAME, queueSettingsFromEnv, type QueueSettings } from '../jobs/engine/queue-keys.js';
import { DEFAULT_SHARD_ROWS, jobFrame, planShards, shardCount } from '../jobs/engine/shard.js';
import { describeStore, storeFromEnv } from '../jobs/store/store-from-env.js';
import { fileSink, streamSink, type DeliverySink } from './delivery-sinks.js';
import { JobFileFollower } from './job-file-follower.js';

/** Exit status after Ctrl+C (128 + SIGINT), as shells report it. */
export const EXIT_INTERRUPTED = 130;
const REDIS_PROBE_MILLISECONDS = 3000;

const seconds = (milliseconds: number) => (milliseconds / 1000).toFixed(2);
const masked = (url: string) => url.replace(/\/\/[^@/]*@/, '//***@');

/** ROWLOOM_SHARD_ROWS (rows per shard; tests make it small to see several shards), else the default. */
function shardRowsFrom(env: NodeJS.ProcessEnv): number {
  const text = env.ROWLOOM_SHARD_ROWS;
  if (text === undefined || text === '') return DEFAULT_SHARD_ROWS;
  const rows = Number(text);
  if (!Number.isSafeInteger(rows) || rows < 1)
    throw new UsageError(`ROWLOOM_SHARD_ROWS must be a whole number above 0, got "${text}"`);
  return rows;
}

/** The FrozenJob of the command: the seed and now() resolved the way core's generate resolves them, so the bytes match. */
export async function freezeCommand(
  command: GenerateCommand,
  shardRows: number,
  clock = new Date(),
): Promise<FrozenJob> {
  const input = await readGenerateInput(command);
  const job: FrozenJob = {
    id: `cli-${randomUUID()}`,
    userId: 'cli',
    fields: input.fields,
    datasets: input.datasets as Record<string, unknown>,
    scenarios: input.scenarios as Record<string, unknown>,
    count: input.count,
    seed: resolveSeed(command.seed).seed,
    now: command.now ?? (command.seed !== null ? SEEDED_REFERENCE_TIME : clock.toISOString()),
    format: input.writer.format,
    writer: input.writer,
    ...(command.publicUrl ? { publicUrl: command.publicUrl } : {}),
    shardRows,
  };
  // Compiles the schema (its problems are reported, exit 1, before anything is queued), and
  // makes a packed format (xlsx) one shard, as the API does.
  return planShards(job);
}

/** Fails with one clear line (exit 3) when Redis does not answer, instead of the queue's endless reconnecting. */
async function probeRedis(settings: QueueSettings): Promise<void> {
  const client = new Redis(settings.redisUrl, {
    lazyConnect: true,
    connectTimeout: REDIS_PROBE_MILLISECONDS,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  let cause = '';
  client.on('error', (error: Error) => (cause ||= error.message)); // ECONNREFUSED...: says more than "Connection is closed"
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    throw new IoError(
      `cannot reach Redis at ${masked(settings.redisUrl)} (REDIS_URL): ${cause || (error as Error).message}; start it or point REDIS_URL at it`,
    );
  } finally {
    client.disconnect();
  }
}

/**
 * How many `rowloom worker` processes listen on this queue prefix (0 deserves a word: the job
 * would wait), or null when Redis will not say (CLIENT LIST is disabled on some hosted Redis).
 */
async function workersListening(settings: QueueSettings): Promise<number | null> {
  const queue = new Queue(QUEUE_NAME, { connection: connectionOf(settings), prefix: settings.prefix });
  try {
    return await queue.getWorkersCount();
  } catch {
    return null;
  } finally {
    await queue.close();
  }
}

interface Waiting {
  outcome: Promise<JobProgress>;
  interrupted: Promise<'interrupted'>;
  stopListening(): void;
}

/** Resolves with the job's last state (done, failed, cancelled); draws progress on the way. */
function watchJob(runner: JobRunner, job: FrozenJob, bar: ProgressBar | null): Waiting {
  let rows = 0;
  let stop = () => {};
  const interrupted = new Promise<'interrupted'>((resolve) => {
    const onSignal = () => resolve('interrupted');
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    stop = () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    };
  });
  const outcome = new Promise<JobProgress>((resolve) => {
    runner.onProgress((progress) => {
      if (progress.jobId !== job.id) return;
      rows = Math.max(rows, progress.recordsGenerated); // shards report out of order
      if (bar) {
        bar.status(progress.status === 'running' ? '' : progress.status);
        bar.update(Math.min(rows, job.count));
      }
      if (progress.status === 'done' || progress.status === 'failed' || progress.status === 'cancelled')
        resolve(progress);
    });
  });
  return { outcome, interrupted, stopListening: () => stop() };
}

/** Ctrl+C: cancel the job (workers drop its shards within a second), then leave; a second Ctrl+C leaves at once. */
async function cancelJob(runner: JobRunner, job: FrozenJob): Promise<void> {
  process.stderr.write(`\nrowloom: interrupted; cancelling job ${job.id} (Ctrl+C again to leave without waiting)\n`);
  const again = new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
  await Promise.race([
    runner.cancel(job.id).catch((error) => process.stderr.write(`rowloom: cancelling: ${(error as Error).message}\n`)),
    again,
  ]);
}

/**
 * Writes the job's file to `sink` as it is made (head, parts as they are published, the rest
 * once the job is done). The promise settles when everything is written, or the job ended
 * otherwise, or `follower.stop()`; a write error (a full disk) rejects it.
 */
function deliver(follower: JobFileFollower, sink: DeliverySink): Promise<void> {
  const delivering = (async () => {
    for await (const chunk of follower.bytes()) await sink.write(chunk);
    await sink.finish();
  })();
  delivering.catch(() => {}); // awaited by the caller unless it leaves first (Ctrl+C), when its failure does not matter
  return delivering;
}

/**
 * --out is written under a temporary name beside it and renamed at the end, so an interrupted or
 * failed run (Ctrl+C, Redis unreachable, a failed job) leaves no file, not even an empty one.
 */
function partialPath(out: string): string {
  return join(dirname(out), `.${basename(out)}.rowloom-${randomUUID().slice(0, 8)}.part`);
}

async function run(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const command = parseGenerateArgs(args);
  if (command.workers !== null)
    throw new UsageError(
      "--workers sets this process's threads; with --distributed the rows are made by rowloom worker processes (start more of them instead)",
    );
  const settings = queueSettingsFromEnv(env);
  if (!settings)
    throw new UsageError(
      '--distributed needs REDIS_URL (e.g. REDIS_URL=redis://127.0.0.1:6379), the Redis that rowloom worker processes listen on; or leave out --distributed to generate here',
    );
  const job = await freezeCommand(command, shardRowsFrom(env));
  const partial = command.out ? partialPath(command.out) : null;
  const destination = partial ? fileSink(partial, command.out!) : streamSink(process.stdout);
  let delivered = false;
  try {
    await probeRedis(settings);
    const store = await storeFromEnv(env);
    const runner = new BullMQRunner({ ...settings, store, storeName: describeStore(env), who: 'this command' });
    const bar = !command.quiet && process.stderr.isTTY === true ? new ProgressBar(job.count, process.stderr) : null;
    const waiting = watchJob(runner, job, bar);
    const follower = new JobFileFollower({
      store,
      jobId: job.id,
      shards: shardCount(job),
      head: jobFrame(job).head,
      finished: waiting.outcome,
    });
    runner.onProgress((progress) => progress.jobId === job.id && follower.nudge());
    try {
      const status = await runJob({ command, settings, env, job, runner, waiting, follower, destination, bar });
      if (status === 0 && partial) await rename(partial, command.out!);
      delivered = status === 0;
      return status;
    } finally {
      waiting.stopListening();
      await store.remove(job.id).catch(() => {});
      await runner.forget(job.id).catch(() => {}); // no database keeps this job: its remains leave the queue now
      await runner.close();
      await store.close();
    }
  } finally {
    if (!delivered && partial) {
      destination.abandon();
      await unlink(partial).catch(() => {});
    }
  }
}

interface JobRun {
  command: ReturnType<typeof parseGenerateArgs>;
  settings: NonNullable<ReturnType<typeof queueSettingsFromEnv>>;
  env: NodeJS.ProcessEnv;
  job: FrozenJob;
  runner: BullMQRunner;
  waiting: ReturnType<typeof watchJob>;
  follower: JobFileFollower;
  destination: DeliverySink;
  bar: ProgressBar | null;
}

/** Submits the job and writes its file to the destination as its parts are published; the exit status. */
async function runJob({
  command,
  settings,
  env,
  job,
  runner,
  waiting,
  follower,
  destination,
  bar,
}: JobRun): Promise<number> {
  if (!command.quiet && (await workersListening(settings)) === 0) {
    process.stderr.write(
      `rowloom: no rowloom worker is listening on queue prefix "${settings.prefix}" yet; the job waits for one (start: REDIS_URL=... rowloom worker)\n`,
    );
  }
  const started = performance.now();
  await runner.submit(job);
  if (!command.quiet) {
    if (command.seed === null)
      process.stderr.write(`rowloom: seed ${job.seed} (pass --seed ${job.seed} to reproduce)\n`);
    process.stderr.write(
      `rowloom: job ${job.id}: ${job.count.toLocaleString('en-US')} rows in ${shardCount(job) === 1 ? '1 shard' : `${shardCount(job)} shards`} on queue prefix "${settings.prefix}", store ${describeStore(env)}\n`,
    );
  }
  bar?.status('queued');
  bar?.update(0);
  const delivering = deliver(follower, destination);
  let result: JobProgress | 'interrupted';
  try {
    result = await Promise.race([waiting.outcome, waiting.interrupted, delivering.then(() => waiting.outcome)]);
  } catch (error) {
    await runner.cancel(job.id).catch(() => {}); // the file cannot be written: nobody is left to take it
    throw error;
  }
  if (result === 'interrupted') {
    follower.stop();
    await cancelJob(runner, job);
    return EXIT_INTERRUPTED;
  }
  bar?.finish();
  if (result.status !== 'done') {
    follower.stop();
    throw new Error(`job ${job.id} ${result.status}: ${result.error ?? 'no reason given'}`);
  }
  const made = performance.now();
  await delivering;
  if (!command.quiet) {
    const rate = Math.round(job.count / Math.max((made - started) / 1000, 1e-3)).toLocaleString('en-US');
    const bytes = follower.delivered.toLocaleString('en-US');
    const early = follower.deliveredWhileRunning.toLocaleString('en-US');
    process.stderr.write(
      `rowloom: job ${job.id} done: made and assembled in ${seconds(made - started)} s (${rate} rows/s); ${bytes} bytes, ${early} of them written while it ran, the rest streamed out in ${seconds(performance.now() - made)} s\n`,
    );
  }
  return 0;
}

/** The command's exit status (core's EXIT: 0, 1 schema or job failure, 2 usage, 3 output or Redis; 130 interrupted). */
export async function distributedGenerate(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  try {
    return await run(args, env);
  } catch (error) {
    return reportFailure(error);
  }
}
