/**
 * Attempt counting for sign-in, sign-up and password change: attempts counted per bucket (a
 * client address, an email, ...) in fixed windows, in the database, so every instance sharing it
 * counts together. One atomic upsert per bucket counts an attempt before its password is checked
 * (parallel guesses cannot slip past); a successful attempt is taken back, so only failures use
 * up the allowance. Which buckets a sign-in counts in is sign-in-limit.ts's business.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.js';
import { HttpError } from '../../http/http-error.js';

export interface RateLimit {
  /** Attempts allowed per bucket and window. */
  attempts: number;
  windowMs: number;
}

export interface Bucket {
  name: string;
  limit: RateLimit;
}

/** Emails (and email + address pairs) are hashed, so the table does not list who tried to sign in. */
const hashed = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000'), 'utf8').digest('hex');

export const ipBucket = (ip: string, limit: RateLimit): Bucket => ({ name: `ip:${ip}`, limit });
export const emailBucket = (email: string, limit: RateLimit): Bucket => ({
  name: `email:${hashed(email.toLowerCase())}`,
  limit,
});
export const emailClientBucket = (email: string, ip: string, limit: RateLimit): Bucket => ({
  name: `email-ip:${hashed(email.toLowerCase(), ip)}`,
  limit,
});
export const deviceBucket = (deviceId: string, limit: RateLimit): Bucket => ({ name: `device:${deviceId}`, limit });

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
      .onConflict((oc) =>
        oc
          .columns(['bucket', 'window_start'])
          .doUpdateSet((eb) => ({ attempts: eb('sign_in_attempts.attempts', '+', 1) })),
      )
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

/** 429 with Retry-After when any bucket is over its limit (the attempt is counted either way); `why` ends the message. */
export async function limitAttempts(db: Kysely<Tables>, buckets: Bucket[], what: string, why = ''): Promise<void> {
  const retryAfter = await countAttempt(db, buckets);
  if (retryAfter !== null)
    throw new HttpError(
      429,
      `too many ${what} attempts${why}; try again in ${retryAfter} seconds`,
      {},
      { 'retry-after': String(retryAfter) },
    );
}

/** A successful attempt: it does not count against the allowance. */
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
  await db
    .deleteFrom('sign_in_attempts')
    .where('window_start', '<', new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString())
    .execute();
}
