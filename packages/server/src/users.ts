/** Users and their API keys. Keys are shown once, when made; only their SHA-256 is stored. */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Tables } from './db/tables.js';

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

export async function createUser(db: Kysely<Tables>, email: string, plan: string): Promise<{ user: User; key: string }> {
  const user: User = { id: randomUUID(), email, plan };
  const key = newKey();
  const now = new Date().toISOString();
  await db.transaction().execute(async (tx) => {
    await tx.insertInto('users').values({ ...user, created_at: now }).execute();
    await tx.insertInto('api_keys').values({ key_hash: hashKey(key), user_id: user.id, created_at: now }).execute();
  });
  return { user, key };
}

export async function findUserByKey(db: Kysely<Tables>, key: string): Promise<User | undefined> {
  return db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .select(['users.id', 'users.email', 'users.plan'])
    .where('api_keys.key_hash', '=', hashKey(key))
    .executeTakeFirst();
}

export async function listUsers(db: Kysely<Tables>): Promise<(User & { created_at: string })[]> {
  return db.selectFrom('users').select(['id', 'email', 'plan', 'created_at']).orderBy('created_at').execute();
}

export async function countUsers(db: Kysely<Tables>): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
