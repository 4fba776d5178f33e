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

/** BullMQ job ids: the assembler (the flow's parent) has the download's id, each shard a suffix. */
export const shardJobId = (jobId: string, shard: number) => `${jobId}-shard-${shard}`;
export const isShardJobId = (id: string) => /-shard-\d+$/.test(id);

/** What shard and assembler jobs carry: only the download id and the shard (the frozen job is in its key). */
export interface ShardData {
  jobId: string;
  shard: number;
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
