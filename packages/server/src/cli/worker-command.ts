/**
 * `rowloom worker [--concurrency N]`: makes shards of background downloads taken from the
 * BullMQ queue on REDIS_URL, writing them to the shared store (ROWLOOM_DOWNLOADS_DIR /
 * DATA_DIR/downloads, or ROWLOOM_S3_BUCKET...), and assembles finished jobs' files. Run as many
 * as you like, on any machine that reaches the same Redis and store. SIGTERM/SIGINT: stop taking
 * shards and finish the current ones; a second signal leaves at once (the shards it held are
 * retried by another worker once their lock expires).
 *
 * At start it checks that it shares the servers' store and Rowloom version (installation.ts) and
 * refuses to start otherwise (exit 2); with no server seen yet, it waits for one.
 *
 * Env: REDIS_URL (required), ROWLOOM_QUEUE_PREFIX (default rowloom; the server's must match),
 * ROWLOOM_WORKER_LOCK_MS (default 30000: how long a silent worker keeps its shard).
 */
import { parseArgs } from 'node:util';
import { queueSettingsFromEnv } from '../jobs/engine/queue-keys.js';
import { QueueWorker } from '../jobs/engine/queue-worker.js';
import { describeStore, storeFromEnv } from '../jobs/store/store-from-env.js';

const USAGE =
  'usage: rowloom worker [--concurrency N]   (needs REDIS_URL; the store from ROWLOOM_DOWNLOADS_DIR, DATA_DIR or ROWLOOM_S3_BUCKET)';

function positiveInteger(name: string, text: string | undefined, fallback: number, max: number): number {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > max)
    throw new Error(`${name} must be a whole number from 1 to ${max}, got "${text}"; ${USAGE}`);
  return value;
}

export async function workerCommand(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { values } = parseArgs({ args, options: { concurrency: { type: 'string' }, help: { type: 'boolean' } } });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const concurrency = positiveInteger('--concurrency', values.concurrency, 1, 256);
  const lockDurationMs = positiveInteger('ROWLOOM_WORKER_LOCK_MS', env.ROWLOOM_WORKER_LOCK_MS, 30_000, 3_600_000);
  const settings = queueSettingsFromEnv(env);
  if (!settings) throw new Error(`REDIS_URL is not set; ${USAGE}`);
  const store = await storeFromEnv(env);
  const log = (line: string) => process.stdout.write(`${new Date().toISOString()} worker ${process.pid}: ${line}\n`);
  const worker = new QueueWorker({
    ...settings,
    store,
    storeName: describeStore(env),
    concurrency,
    lockDurationMs,
    log,
  });
  const leave = new AbortController();
  const leaveEarly = () => leave.abort();
  process.once('SIGTERM', leaveEarly).once('SIGINT', leaveEarly);
  try {
    // Refuses (InstallationMismatchError, exit 2) a store or version other than the servers'.
    await worker.start(leave.signal);
  } catch (error) {
    await worker.close(true);
    await store.close();
    if (leave.signal.aborted) return 0;
    throw error;
  } finally {
    process.off('SIGTERM', leaveEarly).off('SIGINT', leaveEarly);
  }
  log(
    `ready: queue prefix ${settings.prefix} on ${settings.redisUrl.replace(/\/\/[^@/]*@/, '//***@')}, store ${describeStore(env)}, concurrency ${concurrency}`,
  );
  await new Promise<void>((resolve) => {
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) {
        log(`${signal} again: leaving now; unfinished shards go back to the queue when their lock expires`);
        void worker.close(true).finally(resolve);
        return;
      }
      stopping = true;
      log(`${signal}: finishing the current shards, taking no more`);
      void worker.close(false).finally(resolve);
    };
    process.on('SIGTERM', () => stop('SIGTERM'));
    process.on('SIGINT', () => stop('SIGINT'));
  });
  await store.close();
  log('stopped');
  return 0;
}
