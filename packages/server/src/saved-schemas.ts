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

export interface SchemaSummary {
  name: string;
  count: number;
  fields: number;
  updated_at: string;
}

export async function listSchemas(db: Kysely<Tables>, userId: string): Promise<SchemaSummary[]> {
  const rows = await db.selectFrom('schemas').select(['name', 'count', 'fields', 'updated_at']).where('user_id', '=', userId).orderBy('name').execute();
  return rows.map((row) => ({ name: row.name, count: Number(row.count), fields: (JSON.parse(row.fields) as unknown[]).length, updated_at: row.updated_at }));
}

export async function deleteSchema(db: Kysely<Tables>, userId: string, name: string): Promise<boolean> {
  const result = await db.deleteFrom('schemas').where('user_id', '=', userId).where('name', '=', name).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
