/**
 * Scenarios: named curves (points, interpolation, noise) stored per user, validated by core's
 * readScenario, and handed to the engine as plain data when a schema's fields name them.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { referencedScenarioNames, type Interpolation, type ScenarioCurve, type ScenarioPoint } from '@rowloom/core';
import type { Tables } from '../../db/tables.js';
import type { ScenarioSummary } from '@rowloom/contract';

export interface SavedScenario extends ScenarioCurve {
  name: string;
  project: string | null;
  updatedAt: string;
}

export type { ScenarioSummary };

function curveOf(row: { points: string; interpolation: string; noise: number }): ScenarioCurve {
  return {
    points: JSON.parse(row.points) as ScenarioPoint[],
    interpolation: row.interpolation as Interpolation,
    noise: Number(row.noise),
  };
}

function withProject(db: Kysely<Tables>, userId: string) {
  return db
    .selectFrom('scenarios')
    .leftJoin('projects', 'projects.id', 'scenarios.project_id')
    .select([
      'scenarios.name',
      'scenarios.points',
      'scenarios.interpolation',
      'scenarios.noise',
      'scenarios.updated_at',
      'projects.name as project',
    ])
    .where('scenarios.user_id', '=', userId);
}

export async function listScenarios(db: Kysely<Tables>, userId: string): Promise<ScenarioSummary[]> {
  const rows = await withProject(db, userId).orderBy('scenarios.name').execute();
  return rows.map((row) => ({
    name: row.name,
    points: (JSON.parse(row.points) as unknown[]).length,
    interpolation: row.interpolation,
    project: row.project,
    updated_at: row.updated_at,
  }));
}

export async function findScenario(
  db: Kysely<Tables>,
  userId: string,
  name: string,
): Promise<SavedScenario | undefined> {
  const row = await withProject(db, userId).where('scenarios.name', '=', name).executeTakeFirst();
  return row && { name: row.name, ...curveOf(row), project: row.project, updatedAt: row.updated_at };
}

/**
 * Creates or replaces the scenario (already validated). `projectId`: a project's id to put it
 * in, null to take it out of its project, undefined to keep its project.
 */
export async function saveScenario(
  db: Kysely<Tables>,
  userId: string,
  name: string,
  curve: ScenarioCurve,
  projectId: string | null | undefined,
): Promise<string> {
  const updatedAt = new Date().toISOString();
  const content = {
    points: JSON.stringify(curve.points),
    interpolation: curve.interpolation,
    noise: curve.noise,
    updated_at: updatedAt,
  };
  await db
    .insertInto('scenarios')
    .values({ id: randomUUID(), user_id: userId, name, project_id: projectId ?? null, ...content })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'name'])
        .doUpdateSet(projectId === undefined ? content : { ...content, project_id: projectId }),
    )
    .execute();
  return updatedAt;
}

export async function deleteScenario(db: Kysely<Tables>, userId: string, name: string): Promise<boolean> {
  const result = await db
    .deleteFrom('scenarios')
    .where('user_id', '=', userId)
    .where('name', '=', name)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** What compileSchema and generate take as `scenarios` and `scenarioNames`. */
export interface ScenariosForFields {
  scenarios: Record<string, ScenarioCurve>;
  /** All the user's scenario names, for the engine's message; only read when a name was missing. */
  scenarioNames?: string[];
}

/** The user's scenarios that the fields name, as the engine takes them (as datasetsForFields does). */
export async function scenariosForFields(
  db: Kysely<Tables>,
  userId: string,
  fields: unknown[],
): Promise<ScenariosForFields> {
  // A name with NUL cannot be stored (PostgreSQL text refuses it): the engine reports it missing.
  const names = referencedScenarioNames(fields).filter((name) => !name.includes('\u0000'));
  if (names.length === 0) return { scenarios: {} };
  const rows = await db
    .selectFrom('scenarios')
    .select(['name', 'points', 'interpolation', 'noise'])
    .where('user_id', '=', userId)
    .where('name', 'in', names)
    .execute();
  // fromEntries defines own properties: a scenario named "__proto__" stays a scenario.
  const scenarios = Object.fromEntries(rows.map((row) => [row.name, curveOf(row)]));
  if (rows.length === names.length) return { scenarios };
  const all = await db.selectFrom('scenarios').select('name').where('user_id', '=', userId).orderBy('name').execute();
  return { scenarios, scenarioNames: all.map((row) => row.name) };
}
