/**
 * Browser sessions, stored in the database so every server instance sharing it knows them.
 * The cookie carries a random 256-bit token; the table holds only its SHA-256, so a copy of the
 * database cannot be replayed as cookies. Each session has its own CSRF token. Expiry slides:
 * a session used within SESSION_TTL_MS stays alive (the row is refreshed at most once a minute),
 * up to SESSION_MAX_AGE_MS after sign-in.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Tables } from '../db/tables.js';
import type { User } from './users-store.js';

export const SESSION_COOKIE = 'rowloom_session';
/** 14 days since last use. */
export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;
/** However much it is used, a session ends 90 days after sign-in: a stolen cookie does not live for ever. */
export const SESSION_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;
/** Sessions kept per user (the most recently used); signing in past that ends the oldest. */
export const MAX_SESSIONS_PER_USER = 50;
/** How stale last_seen may get before a request refreshes the row (one write a minute, not one per request). */
const REFRESH_AFTER_MS = 60 * 1000;

export interface Session {
  id: string;
  user: User;
  csrfToken: string;
  expiresAt: Date;
}

function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new session for the user; the token goes in the cookie and is never stored. */
export async function createSession(
  db: Kysely<Tables>,
  userId: string,
  now = new Date(),
): Promise<{ id: string; token: string; csrfToken: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db
    .insertInto('sessions')
    .values({
      id: tokenHash(token),
      user_id: userId,
      csrf_token: csrfToken,
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      last_seen: now.toISOString(),
    })
    .execute();
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id', 'not in', (eb) =>
      eb
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('last_seen', 'desc')
        .orderBy('created_at', 'desc')
        .limit(MAX_SESSIONS_PER_USER),
    )
    .execute();
  return { id: tokenHash(token), token, csrfToken, expiresAt };
}

/** Tokens we make are 43 base64url characters; anything else is not worth a query. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The live session the cookie token names, sliding its expiry forward; undefined when none. */
export async function findSession(db: Kysely<Tables>, token: string, now = new Date()): Promise<Session | undefined> {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  const id = tokenHash(token);
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id',
      'sessions.csrf_token',
      'sessions.created_at',
      'sessions.expires_at',
      'sessions.last_seen',
      'users.id as user_id',
      'users.email',
      'users.plan',
    ])
    .where('sessions.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  if (Date.parse(row.expires_at) <= now.getTime() || Date.parse(row.created_at) + SESSION_MAX_AGE_MS <= now.getTime()) {
    await deleteSession(db, token);
    return undefined;
  }
  let expiresAt = new Date(row.expires_at);
  if (now.getTime() - Date.parse(row.last_seen) > REFRESH_AFTER_MS) {
    expiresAt = new Date(Math.min(now.getTime() + SESSION_TTL_MS, Date.parse(row.created_at) + SESSION_MAX_AGE_MS));
    await db
      .updateTable('sessions')
      .set({ last_seen: now.toISOString(), expires_at: expiresAt.toISOString() })
      .where('id', '=', id)
      .execute();
  }
  return { id, user: { id: row.user_id, email: row.email, plan: row.plan }, csrfToken: row.csrf_token, expiresAt };
}

export async function deleteSession(db: Kysely<Tables>, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', tokenHash(token)).execute();
}

/** Ends every session of the user except, optionally, the one with id `except` (the one a password change starts). */
export async function deleteUserSessions(db: Kysely<Tables>, userId: string, except?: string): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (except) query = query.where('id', '!=', except);
  await query.execute();
}

/** Sessions past their expiry, removed now and then so the table does not grow forever. */
export async function deleteExpiredSessions(db: Kysely<Tables>, now = new Date()): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', now.toISOString()).execute();
}

/** Compares secrets in constant time (for the CSRF header). */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
