/**
 * Redis for the job tests: at ROWLOOM_TEST_REDIS_URL (default redis://127.0.0.1:6379). When it
 * does not answer, the suites are skipped with a message saying so, unless CI=true or
 * ROWLOOM_REQUIRE_REDIS=1, which make its absence a failure (as PostgreSQL's is, see
 * testing/databases.ts). Each run uses its own key prefix and removes its keys after.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

export const REDIS_URL = process.env.ROWLOOM_TEST_REDIS_URL || 'redis://127.0.0.1:6379';
export const REDIS_REQUIRED = process.env.ROWLOOM_REQUIRE_REDIS === '1' || process.env.CI === 'true';

async function redisProblem(): Promise<string | null> {
  const client = new Redis(REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 10_000, // generous: a loaded CI machine once took over 3 s to a first connection
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    return null;
  } catch (error) {
    return `${REDIS_URL}: ${(error as Error).message}`;
  } finally {
    client.disconnect();
  }
}

/** For describe(..., { skip }): false to run, or why not; throws when Redis is required but missing. */
export async function skipUnlessRedis(): Promise<false | string> {
  const problem = await redisProblem();
  if (problem === null) return false;
  if (REDIS_REQUIRED)
    throw new Error(`Redis is required (CI=true or ROWLOOM_REQUIRE_REDIS=1) but unavailable: ${problem}`);
  process.stderr.write(`NOTE: the Redis job suite is SKIPPED: ${problem}\n`);
  return `Redis unavailable (${problem})`;
}

export function uniquePrefix(): string {
  return `rowloom-test-${randomBytes(5).toString('hex')}`;
}

/** Deletes every key under the prefix. */
export async function removeKeys(prefix: string): Promise<number> {
  const client = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  let removed = 0;
  try {
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) removed += await client.del(...keys);
    } while (cursor !== '0');
  } finally {
    client.disconnect();
  }
  return removed;
}

export async function countKeys(prefix: string): Promise<number> {
  const client = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    let count = 0;
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      count += keys.length;
    } while (cursor !== '0');
    return count;
  } finally {
    client.disconnect();
  }
}
