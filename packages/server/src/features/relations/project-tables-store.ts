/**
 * A project of related tables as stored: each table is one of the project's saved schemas
 * (named "<project>/<table>", so two projects may both have a customers table, and edited in
 * the builder like any schema), and the project's row holds what is not fields: the seed, the
 * tables' order and each table's keys and column facts (the `model` column, JSON).
 */
import type { Kysely, Transaction } from 'kysely';
import type { ProjectDocument, ProjectTable } from '@rowloom/core';
import type { Tables } from '../../db/tables.js';
import { createProject, findProject } from '../projects/projects-store.js';
import { saveSchema } from '../schemas/schemas-store.js';

/** What the projects row keeps of a document (the `model` column). */
interface StoredModel {
  seed: string | number | null;
  now: string | null;
  order: string[];
  tables: Record<string, Omit<ProjectTable, 'name' | 'fields' | 'count'>>;
}

/** The saved schema that holds table `table` of project `project`. */
export function tableSchemaName(project: string, table: string): string {
  return `${project}/${table}`;
}

/** The table a saved schema of the project stands for: its name without the "<project>/" prefix. */
function tableName(project: string, schema: string): string {
  return schema.startsWith(`${project}/`) ? schema.slice(project.length + 1) : schema;
}

/** The project as a document, or undefined when the user has no project of that name. */
export async function loadProjectDocument(
  db: Kysely<Tables>,
  userId: string,
  name: string,
): Promise<{ projectId: string; document: ProjectDocument; schemas: Record<string, string> } | undefined> {
  const project = await db
    .selectFrom('projects')
    .select(['id', 'model'])
    .where('user_id', '=', userId)
    .where('name', '=', name)
    .executeTakeFirst();
  if (!project) return undefined;
  const stored: StoredModel = project.model
    ? (JSON.parse(project.model) as StoredModel)
    : { seed: null, now: null, order: [], tables: {} };
  const rows = await db
    .selectFrom('schemas')
    .select(['name', 'fields', 'count'])
    .where('user_id', '=', userId)
    .where('project_id', '=', project.id)
    .orderBy('name')
    .execute();
  const schemas: Record<string, string> = {};
  const tables = rows.map((row): ProjectTable => {
    const table = tableName(name, row.name);
    schemas[table] = row.name;
    return {
      name: table,
      fields: JSON.parse(row.fields) as unknown[],
      count: Number(row.count),
      ...stored.tables[table],
    };
  });
  const position = (table: ProjectTable) => {
    const at = stored.order.indexOf(table.name);
    return at < 0 ? stored.order.length : at;
  };
  tables.sort((a, b) => position(a) - position(b));
  const document: ProjectDocument = { rowloom_project: 1, name, seed: stored.seed, now: stored.now, tables };
  return { projectId: project.id, document, schemas };
}

/**
 * Makes the project hold exactly the document's tables (creating the project when needed): each
 * table's saved schema is created or replaced, the project's other schemas are deleted, and the
 * seed, order and keys are kept. One transaction: a failure changes nothing.
 */
export async function saveProjectDocument(
  db: Kysely<Tables>,
  userId: string,
  document: ProjectDocument,
): Promise<void> {
  const name = document.name;
  if (!(await findProject(db, userId, name))) await createProject(db, userId, name);
  await db.transaction().execute(async (tx) => {
    const project = (await findProject(tx, userId, name))!;
    await removeOtherTables(
      tx,
      userId,
      project.id,
      document.tables.map((t) => tableSchemaName(name, t.name)),
    );
    for (const table of document.tables)
      await saveSchema(tx, userId, tableSchemaName(name, table.name), table.fields, table.count ?? 1000, {
        projectId: project.id,
      });
    await tx
      .updateTable('projects')
      .set({ model: JSON.stringify(storedModel(document)) })
      .where('id', '=', project.id)
      .execute();
  });
}

async function removeOtherTables(
  tx: Transaction<Tables>,
  userId: string,
  projectId: string,
  keep: string[],
): Promise<void> {
  let query = tx.deleteFrom('schemas').where('user_id', '=', userId).where('project_id', '=', projectId);
  if (keep.length > 0) query = query.where('name', 'not in', keep);
  await query.execute();
}

function storedModel(document: ProjectDocument): StoredModel {
  const tables: StoredModel['tables'] = {};
  for (const { name: table, fields: _fields, count: _count, ...rest } of document.tables) tables[table] = rest;
  return { seed: document.seed ?? null, now: document.now ?? null, order: document.tables.map((t) => t.name), tables };
}
