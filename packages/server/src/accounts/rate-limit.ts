/**
 * The sign-in rate limit: attempts counted per bucket (a client IP, an email) in fixed windows,
 * in the database, so every instance sharing it counts together. One atomic upsert per bucket
 * counts an attempt before its password is checked (parallel guesses cannot slip past); a
 * successful sign-in takes its attempt back, so only failures use up the allowance.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Tables } from '../db/tables.js';

export interface RateLimit {
  /** Attempts allowed per bucket and window. */
  attempts: number;
  windowMs: number;
}

export interface Bucket {
  name: string;
  limit: RateLimit;
}

export const ipBucket = (ip: string, limit: RateLimit): Bucket => ({ name: `ip:${ip}`, limit });
/** Hashed, so the table does not list who tried to sign in. */
export const emailBucket = (email: string, limit: RateLimit): Bucket => ({ name: `email:${createHash('sha256').update(email.toLowerCase(), 'utf8').digest('hex')}`, limit });

function windowStart(limit: RateLimit, now: Date): Date {
  return new Date(Math.floor(now.getTime() / limit.windowMs) * limit.windowMs);
}

/**
 * Counts one attempt in every bucket. Returns null when all are within their limit, or the
 * seconds until the first refusing bucket's window ends (for Retry-After).
 */
export async function countAttempt(db: Kysely<Tables>, buckets: Bucket[], now = new Date()): Promise<number | null> {
  let retryAfter: number | null = null;
  for (const bucket of buckets) {
    const start = windowStart(bucket.limit, now);
    const row = await db
      .insertInto('sign_in_attempts')
      .values({ bucket: bucket.name, window_start: start.toISOString(), attempts: 1 })
      .onConflict((oc) => oc.columns(['bucket', 'window_start']).doUpdateSet((eb) => ({ attempts: eb('sign_in_attempts.attempts', '+', 1) })))
      .returning('attempts')
      .executeTakeFirstOrThrow();
    if (Number(row.attempts) > bucket.limit.attempts) {
      const seconds = Math.max(1, Math.ceil((start.getTime() + bucket.limit.windowMs - now.getTime()) / 1000));
      retryAfter = Math.max(retryAfter ?? 0, seconds);
    }
  }
  if (Math.random() < 0.01) await forgetOldWindows(db, now);
  return retryAfter;
}

/** A successful sign-in: its attempt does not count against the allowance. */
export async function forgiveAttempt(db: Kysely<Tables>, buckets: Bucket[], now = new Date()): Promise<void> {
  for (const bucket of buckets) {
    await db
      .updateTable('sign_in_attempts')
      .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
      .where('bucket', '=', bucket.name)
      .where('window_start', '=', windowStart(bucket.limit, now).toISOString())
      .where('attempts', '>', 0)
      .execute();
  }
}

/** Windows older than a day are of no use. */
async function forgetOldWindows(db: Kysely<Tables>, now: Date): Promise<void> {
  await db.deleteFrom('sign_in_attempts').where('window_start', '<', new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString()).execute();
}
