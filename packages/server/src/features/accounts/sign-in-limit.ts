/**
 * Which counters a sign-in attempt uses, so that brute force stays bounded but a stranger cannot
 * lock an owner out (after OWASP's "device cookies"):
 * - A browser holding the account's known-device cookie counts only in its own bucket
 *   (perEmailPerClient): failures from elsewhere never refuse it.
 * - Any other attempt counts first for its client address (perIp) and for the pair email +
 *   address (perEmailPerClient). Over either, it is refused there and counts no further: an
 *   address that used up its own allowance no longer counts against any email.
 * - Only then does it count for the email across all addresses (perEmail, higher): that bounds
 *   guessing spread over many addresses, and it takes at least perEmail / perEmailPerClient
 *   addresses to fill it and keep the owner's new browsers out.
 * The buckets counted are returned, so a successful sign-in takes its attempt back from each.
 */
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.js';
import type { SignInLimit } from './accounts-config.js';
import { deviceBucket, emailBucket, emailClientBucket, ipBucket, limitAttempts, type Bucket } from './rate-limit.js';

export interface SignInAttempt {
  email: string;
  ip: string;
  /** The id of the known-device cookie the browser holds for this account, or null. */
  device: string | null;
}

const ACCOUNT_LOCKED =
  ' for this account from browsers it does not know; a browser you signed in with before can still sign in';

/** Counts the attempt, or throws 429 with Retry-After; the buckets it was counted in. */
export async function admitSignIn(db: Kysely<Tables>, limit: SignInLimit, attempt: SignInAttempt): Promise<Bucket[]> {
  const perClient = { attempts: limit.perEmailPerClient, windowMs: limit.windowMs };
  if (attempt.device !== null) {
    const own = [deviceBucket(attempt.device, perClient)];
    await limitAttempts(db, own, 'sign-in');
    return own;
  }
  const client = [
    ipBucket(attempt.ip, { attempts: limit.perIp, windowMs: limit.windowMs }),
    emailClientBucket(attempt.email, attempt.ip, perClient),
  ];
  await limitAttempts(db, client, 'sign-in');
  const account = emailBucket(attempt.email, { attempts: limit.perEmail, windowMs: limit.windowMs });
  await limitAttempts(db, [account], 'sign-in', ACCOUNT_LOCKED);
  return [...client, account];
}
