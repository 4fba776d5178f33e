/** Projects: named groups of a user's datasets (an upload may name one), saved schemas and scenarios. */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.js';
import type { ProjectSummary } from '@rowloom/contract';

export interface Project {
  id: string;
  name: string;
  createdAt: string;
}

export async function findProject(db: Kysely<Tables>, userId: string, name: string): Promise<Project | undefined> {
  const row = await db
    .selectFrom('projects')
    .select(['id', 'name', 'created_at'])
    .where('user_id', '=', userId)
    .where('name', '=', name)
    .executeTakeFirst();
  return row && { id: row.id, name: row.name, createdAt: row.created_at };
}

/** Creates the project; undefined when the user already has one of that name (also under a race). */
export async function createProject(db: Kysely<Tables>, userId: string, name: string): Promise<Project | undefined> {
  const project: Project = { id: randomUUID(), name, createdAt: new Date().toISOString() };
  // ON CONFLICT DO NOTHING rather than catching the unique violation: portable, and two
  // concurrent creations cannot both succeed.
  const result = await db
    .insertInto('projects')
    .values({ id: project.id, user_id: userId, name, created_at: project.createdAt })
    .onConflict((oc) => oc.columns(['user_id', 'name']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0 ? project : undefined;
}

export type { ProjectSummary };

export async function listProjects(db: Kysely<Tables>, userId: string): Promise<ProjectSummary[]> {
  // One counting subquery per kind: joining all three would multiply the counts.
  const rows = await db
    .selectFrom('projects')
    .select((eb) => [
      'projects.name',
      'projects.created_at',
      eb
        .selectFrom('datasets')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('datasets.project_id', '=', 'projects.id')
        .as('datasets'),
      eb
        .selectFrom('schemas')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('schemas.project_id', '=', 'projects.id')
        .as('schemas'),
      eb
        .selectFrom('scenarios')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('scenarios.project_id', '=', 'projects.id')
        .as('scenarios'),
    ])
    .where('projects.user_id', '=', userId)
    .orderBy('projects.name')
    .execute();
  return rows.map((row) => ({
    name: row.name,
    datasets: Number(row.datasets),
    schemas: Number(row.schemas),
    scenarios: Number(row.scenarios),
    created_at: row.created_at,
  }));
}

/** Deletes the project; its datasets, schemas and scenarios stay, in no project. false when there is none. */
export async function deleteProject(db: Kysely<Tables>, userId: string, name: string): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const project = await tx
      .selectFrom('projects')
      .select('id')
      .where('user_id', '=', userId)
      .where('name', '=', name)
      .executeTakeFirst();
    if (!project) return false;
    // Explicit rather than left to ON DELETE SET NULL, which SQLite honours only with its pragma on.
    for (const table of ['datasets', 'schemas', 'scenarios'] as const) {
      await tx.updateTable(table).set({ project_id: null }).where('project_id', '=', project.id).execute();
    }
    await tx.deleteFrom('projects').where('id', '=', project.id).execute();
    return true;
  });
}
