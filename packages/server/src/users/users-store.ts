/**
 * Users and their API keys. A key is found by its SHA-256; a sealed copy (AES-256-GCM with the
 * server secret) lets its owner see it again on the account page. One key per user.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { seal, sealingKey, unseal } from './server-secret.js';
import { QueryTemplate } from '../db/query-template.js';
import type { Tables } from '../db/tables.js';

export interface User {
  id: string;
  email: string;
  plan: string;
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** 32 hex characters from 16 random bytes. */
function newKey(): string {
  return randomBytes(16).toString('hex');
}

export interface NewUserOptions {
  /** ROWLOOM_SECRET, when configured; otherwise the secret stored in the database seals the key. */
  secret?: string | null;
  /** An Argon2id hash (accounts/passwords.ts); none: the user signs in with the key only. */
  passwordHash?: string | null;
  /** May list and cancel every user's background jobs (the first user, `rowloom users add --admin`). */
  admin?: boolean;
}

export async function createUser(
  db: Kysely<Tables>,
  email: string,
  plan: string,
  options: NewUserOptions = {},
): Promise<{ user: User; key: string }> {
  const user: User = { id: randomUUID(), email, plan };
  const key = newKey();
  const sealed = seal(await sealingKey(db, options.secret), key);
  const now = new Date().toISOString();
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('users')
      .values({
        ...user,
        created_at: now,
        password_hash: options.passwordHash ?? null,
        is_admin: options.admin ? 1 : 0,
      })
      .execute();
    await tx
      .insertInto('api_keys')
      .values({ key_hash: hashKey(key), user_id: user.id, created_at: now, sealed })
      .execute();
  });
  return { user, key };
}

/** Replaces the user's key(s) with a new one, in one transaction: the old key stops working at once. */
export async function regenerateKey(db: Kysely<Tables>, userId: string, secret?: string | null): Promise<string> {
  const key = newKey();
  const sealed = seal(await sealingKey(db, secret), key);
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('api_keys').where('user_id', '=', userId).execute();
    await tx
      .insertInto('api_keys')
      .values({ key_hash: hashKey(key), user_id: userId, created_at: new Date().toISOString(), sealed })
      .execute();
  });
  return key;
}

/**
 * The user's key in clear, or null when it cannot be shown: made before keys were sealed, or
 * sealed under another secret (ROWLOOM_SECRET changed). Regenerating gives a showable one.
 */
export async function showKey(db: Kysely<Tables>, userId: string, secret?: string | null): Promise<string | null> {
  const row = await db
    .selectFrom('api_keys')
    .select(['key_hash', 'sealed'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!row?.sealed) return null;
  const key = unseal(await sealingKey(db, secret), row.sealed);
  return key !== null && hashKey(key) === row.key_hash ? key : null;
}

/** Emails compare without regard to case: Ann@Example.com and ann@example.com are one account. */
export async function findUserByEmail(
  db: Kysely<Tables>,
  email: string,
): Promise<(User & { passwordHash: string | null }) | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'email', 'plan', 'password_hash'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return row && { id: row.id, email: row.email, plan: row.plan, passwordHash: row.password_hash ?? null };
}

/** Built once per database: every request to a public mock API looks its owner up. */
const USER_BY_ID = new QueryTemplate<{ id: string }, Tables>(
  (db, { id }) => db.selectFrom('users').select(['id', 'email', 'plan', 'password_hash']).where('id', '=', id),
  { id: '\u0000id' },
);

export async function findUserById(
  db: Kysely<Tables>,
  id: string,
): Promise<(User & { passwordHash: string | null }) | undefined> {
  const [row] = await USER_BY_ID.rows<Pick<Tables['users'], 'id' | 'email' | 'plan' | 'password_hash'>>(db, { id });
  return row && { id: row.id, email: row.email, plan: row.plan, passwordHash: row.password_hash ?? null };
}

/** Whether the user may see and cancel every user's background jobs. */
export async function isAdmin(db: Kysely<Tables>, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('is_admin').where('id', '=', userId).executeTakeFirst();
  return Number(row?.is_admin ?? 0) === 1;
}

export async function setPasswordHash(db: Kysely<Tables>, userId: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

/** Deletes the user; the database's cascades delete their keys, sessions, schemas, datasets, projects, usage. */
export async function removeUser(db: Kysely<Tables>, userId: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', userId).execute();
}

/** The lookup every API request starts with, built once per database (see db/query-template.ts). */
const USER_BY_KEY = new QueryTemplate<{ keyHash: string }, Tables>(
  (db, { keyHash }) =>
    db
      .selectFrom('api_keys')
      .innerJoin('users', 'users.id', 'api_keys.user_id')
      .select(['users.id', 'users.email', 'users.plan'])
      .where('api_keys.key_hash', '=', keyHash),
  { keyHash: '\u0000key' },
);

/**
 * The key's user, asked of the database on every request (never remembered): a key regenerated
 * or a user removed on one instance, or by the command line, is refused by every other at once.
 */
export async function findUserByKey(db: Kysely<Tables>, key: string): Promise<User | undefined> {
  const [user] = await USER_BY_KEY.rows<User>(db, { keyHash: hashKey(key) });
  return user;
}

export async function listUsers(db: Kysely<Tables>): Promise<(User & { created_at: string })[]> {
  return db.selectFrom('users').select(['id', 'email', 'plan', 'created_at']).orderBy('created_at').execute();
}

export async function countUsers(db: Kysely<Tables>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
