/**
 * Saved schemas: a named field list with a default row count, file settings (format and
 * options, see schema-settings.ts) and an optional project, owned by one user.
 */
import { randomUUID } from 'node:crypto';
import type { OutputFormat } from '@rowloom/core';
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.js';
import { QueryTemplate } from '../../db/query-template.js';
import { storedOptions, type SchemaSettings } from './schema-settings.js';
import type { SchemaSummary } from '@rowloom/contract';

export interface SavedSchema extends SchemaSettings {
  seed: string | null;
  name: string;
  fields: unknown[];
  count: number;
  project: string | null;
  updatedAt: string;
}

function withProject(db: Kysely<Tables>, userId: string) {
  return db
    .selectFrom('schemas')
    .leftJoin('projects', 'projects.id', 'schemas.project_id')
    .select([
      'schemas.name',
      'schemas.fields',
      'schemas.count',
      'schemas.format',
      'schemas.options',
      'schemas.seed',
      'schemas.updated_at',
      'projects.name as project',
    ])
    .where('schemas.user_id', '=', userId);
}

/** Built once per database: a mock route's schema body looks its schema up on every request. */
const SCHEMA_BY_NAME = new QueryTemplate<{ userId: string; name: string }, Tables>(
  (db, { userId, name }) => withProject(db, userId).where('schemas.name', '=', name),
  { userId: '\u0000user', name: '\u0000name' },
);

type SchemaRow = Awaited<ReturnType<ReturnType<typeof withProject>['executeTakeFirstOrThrow']>>;

export async function findSchema(db: Kysely<Tables>, userId: string, name: string): Promise<SavedSchema | undefined> {
  const [row] = await SCHEMA_BY_NAME.rows<SchemaRow>(db, { userId, name });
  return (
    row && {
      name: row.name,
      fields: JSON.parse(row.fields) as unknown[],
      count: Number(row.count),
      format: (row.format as OutputFormat | null) ?? null,
      options: storedOptions(row.options),
      seed: row.seed ?? null,
      project: row.project,
      updatedAt: row.updated_at,
    }
  );
}

export interface SchemaExtras extends Partial<SchemaSettings> {
  /** A project's id; null takes the schema out of its project; undefined keeps its project. */
  projectId?: string | null;
}

/** Creates or replaces; the fields and settings must already be validated. Returns when. */
export async function saveSchema(
  db: Kysely<Tables>,
  userId: string,
  name: string,
  fields: unknown[],
  count: number,
  extras: SchemaExtras = {},
): Promise<string> {
  const updatedAt = new Date().toISOString();
  const options = extras.options ?? {};
  const content = {
    fields: JSON.stringify(fields),
    count,
    format: extras.format ?? null,
    options: Object.keys(options).length > 0 ? JSON.stringify(options) : null,
    seed: extras.seed ?? null,
    updated_at: updatedAt,
  };
  await db
    .insertInto('schemas')
    .values({ id: randomUUID(), user_id: userId, name, project_id: extras.projectId ?? null, ...content })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'name'])
        .doUpdateSet(extras.projectId === undefined ? content : { ...content, project_id: extras.projectId }),
    )
    .execute();
  return updatedAt;
}

export type { SchemaSummary };

export async function listSchemas(db: Kysely<Tables>, userId: string): Promise<SchemaSummary[]> {
  const rows = await withProject(db, userId).orderBy('schemas.name').execute();
  return rows.map((row) => ({
    name: row.name,
    count: Number(row.count),
    fields: (JSON.parse(row.fields) as unknown[]).length,
    format: row.format ?? null,
    project: row.project,
    updated_at: row.updated_at,
  }));
}

export async function deleteSchema(db: Kysely<Tables>, userId: string, name: string): Promise<boolean> {
  const result = await db
    .deleteFrom('schemas')
    .where('user_id', '=', userId)
    .where('name', '=', name)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
