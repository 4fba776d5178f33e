/** The "project" a saved schema or scenario is put in: a project's id, null to ungroup, undefined to keep. */
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.js';
import { badRequest, notFound } from '../../http/http-error.js';
import { storableText } from '../../http/query.js';
import { findProject } from './projects-store.js';

/** `value` from the body's "project" (or ?project=): absent keeps, null or "" ungroups, a name must exist. */
export async function projectIdFor(
  db: Kysely<Tables>,
  userId: string,
  value: unknown,
  where: string,
): Promise<string | null | undefined> {
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  if (typeof value !== 'string')
    throw badRequest(
      `${where} must be the name of one of your projects (or null for none), got ${JSON.stringify(value).slice(0, 40)}`,
    );
  storableText(value, where);
  const project = await findProject(db, userId, value);
  if (!project)
    throw notFound(
      `${where}: no project named "${value.slice(0, 200)}"; create it first with POST /api/projects, or leave out "project"`,
    );
  return project.id;
}
