/** Projects: named groups of a user's datasets (spec 2.6: an upload may name one). */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Tables } from './db/tables.js';

export interface Project {
  id: string;
  name: string;
  createdAt: string;
}

export async function findProject(db: Kysely<Tables>, userId: string, name: string): Promise<Project | undefined> {
  const row = await db.selectFrom('projects').select(['id', 'name', 'created_at']).where('user_id', '=', userId).where('name', '=', name).executeTakeFirst();
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

export interface ProjectSummary {
  name: string;
  datasets: number;
  created_at: string;
}

export async function listProjects(db: Kysely<Tables>, userId: string): Promise<ProjectSummary[]> {
  const rows = await db
    .selectFrom('projects')
    .leftJoin('datasets', 'datasets.project_id', 'projects.id')
    .select((eb) => ['projects.name', 'projects.created_at', eb.fn.count<number>('datasets.id').as('datasets')])
    .where('projects.user_id', '=', userId)
    .groupBy(['projects.id', 'projects.name', 'projects.created_at'])
    .orderBy('projects.name')
    .execute();
  return rows.map((row) => ({ name: row.name, datasets: Number(row.datasets), created_at: row.created_at }));
}
