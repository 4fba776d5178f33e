/**
 * Names the BullMQ runner (API side) and `rowloom worker` share on Redis. Every key starts with
 * the queue prefix (ROWLOOM_QUEUE_PREFIX, default "rowloom"), so a test run or a second
 * installation on the same Redis gets its own set and can remove it whole.
 *
 * The FrozenJob is kept once, in its own key, rather than in every shard's job data: a job with
 * a large dataset and hundreds of shards would otherwise store the dataset hundreds of times.
 */
export const QUEUE_NAME = 'downloads';
/** How long a job's frozen input and done-shard tally live (a job not finished by then has failed anyway). */
export const JOB_KEY_TTL_SECONDS = 7 * 24 * 3600;
/**
 * How long a finished assembler job stays in the queue when nobody takes it: it is how a job that
 * finished while every API server was down reaches the database (the reconciler reads its state
 * and return value, records it, then removes it). Jobs of `rowloom generate --distributed` are
 * removed by the command itself.
 */
export const FINISHED_JOB_TTL_SECONDS = 7 * 24 * 3600;
/**
 * Shards queued at once per job: the rest are added as shards finish (each finishing shard adds
 * the one `SHARD_WINDOW` further on). Queuing 40,000 shards of a 10-billion-row job in one
 * transaction held Redis for 0.8 s, and removing them on cancel for 0.9 s; a window keeps both
 * to milliseconds whatever the job's size, while giving up to 256 worker slots work.
 */
export const SHARD_WINDOW = 256;
/** How often a worker reports rows made within its shard (the status moves at least once a second). */
export const PROGRESS_MILLISECONDS = 500;
/** How long a cancel flag lives: longer than any retry of a shard of that job could come. */
export const CANCEL_TTL_SECONDS = 24 * 3600;
/** How often a worker looks at the cancel flag while it makes a shard. */
export const CANCEL_POLL_MILLISECONDS = 300;

export interface QueueSettings {
  redisUrl: string;
  /** Prefix of every key (BullMQ's and ours). */
  prefix: string;
}

export function queueSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): QueueSettings | null {
  if (!env.REDIS_URL) return null;
  return { redisUrl: env.REDIS_URL, prefix: env.ROWLOOM_QUEUE_PREFIX || 'rowloom' };
}

export const jobKeys = (prefix: string, jobId: string) => ({
  frozen: `${prefix}:rowloom-job:${jobId}`,
  done: `${prefix}:rowloom-done:${jobId}`,
  cancel: `${prefix}:rowloom-cancel:${jobId}`,
});

/** Which store and Rowloom version the servers and workers on this prefix share (installation.ts). */
export const installationKey = (prefix: string) => `${prefix}:rowloom-installation`;

/** BullMQ job ids: the assembler (the flow's parent) has the download's id, each shard a suffix. */
export const shardJobId = (jobId: string, shard: number) => `${jobId}-shard-${shard}`;
export const isShardJobId = (id: string) => /-shard-\d+$/.test(id);

/** What shard and assembler jobs carry: only the download id and the shard (the frozen job is in its key). */
export interface ShardData {
  jobId: string;
  shard: number;
  /** Shards queued at once: when this one is done, shard + window is queued (absent: all were queued up front). */
  window?: number;
}
export interface AssembleData {
  jobId: string;
}
export interface AssembleResult {
  jobId: string;
  bytes: number;
  recordsGenerated: number;
}

/** BullMQ's connection for a Redis URL: commands wait for a reconnect rather than fail (BullMQ requires it for workers). */
export function connectionOf(settings: QueueSettings) {
  return { url: settings.redisUrl, maxRetriesPerRequest: null };
}

/**
 * A connection for questions that must be answered now or not at all (is Redis there? health,
 * metrics): commands fail at once while disconnected instead of waiting for a reconnect.
 */
export function failFastOptions() {
  return {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    retryStrategy: (times: number) => Math.min(times * 200, 2000),
  };
}

/** Rejects with `what` when `work` takes longer than `ms` (a Redis that accepts connections but never answers). */
export function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** A shard job's options: the submitter's for the first window, the worker's for the shards it queues after. */
export function shardOptions(shard: number, retry: { attempts: number; backoff: { type: string; delay: number } }) {
  return {
    ...retry,
    removeOnComplete: true,
    removeOnFail: { age: 24 * 3600 },
    failParentOnFailure: true,
    // Lower shards first, so the file's beginning is ready first and progress is even.
    priority: Math.min(shard + 1, 2_097_152),
  };
}
