/** Saved schemas: a named field list with a default row count, owned by one user. */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Tables } from './db/tables.js';

export interface SavedSchema {
  name: string;
  fields: unknown[];
  count: number;
  updatedAt: string;
}

export async function findSchema(db: Kysely<Tables>, userId: string, name: string): Promise<SavedSchema | undefined> {
  const row = await db.selectFrom('schemas').selectAll().where('user_id', '=', userId).where('name', '=', name).executeTakeFirst();
  return row && { name: row.name, fields: JSON.parse(row.fields) as unknown[], count: Number(row.count), updatedAt: row.updated_at };
}

/** Creates or replaces; the fields must already be validated. */
export async function saveSchema(db: Kysely<Tables>, userId: string, name: string, fields: unknown[], count: number): Promise<SavedSchema> {
  const updatedAt = new Date().toISOString();
  await db
    .insertInto('schemas')
    .values({ id: randomUUID(), user_id: userId, name, fields: JSON.stringify(fields), count, updated_at: updatedAt })
    .onConflict((oc) => oc.columns(['user_id', 'name']).doUpdateSet({ fields: JSON.stringify(fields), count, updated_at: updatedAt }))
    .execute();
  return { name, fields, count, updatedAt };
}
