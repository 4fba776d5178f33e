/**
 * The JobRunner the environment asks for: BullMQ when REDIS_URL is set (shards are made by
 * `rowloom worker` processes, on any machine that reaches the same Redis and store), else the
 * in-process runner on the server's generation pool, so `npm start` alone keeps working.
 */
import type { GenerationPool } from '@rowloom/core';
import type { ArtifactStore, JobRunner } from '../job-contract.js';
import { InProcessRunner } from './in-process-runner.js';
import { queueSettingsFromEnv } from './queue-keys.js';
import { describeStore } from '../store/store-from-env.js';

export async function runnerFromEnv(
  store: ArtifactStore,
  pool: GenerationPool,
  env: NodeJS.ProcessEnv = process.env,
): Promise<JobRunner> {
  const settings = queueSettingsFromEnv(env);
  if (!settings) return new InProcessRunner({ store, pool, concurrency: Number(env.ROWLOOM_JOB_CONCURRENCY) || 1 });
  const { BullMQRunner } = await import('./bullmq-runner.js');
  return new BullMQRunner({ ...settings, store, storeName: describeStore(env), who: 'this server' });
}
