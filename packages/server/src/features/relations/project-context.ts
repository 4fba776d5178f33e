/**
 * What every project route starts from: the caller's project as a document (404 when there is
 * none), the datasets and scenarios its tables read, and, for the routes that make rows, its
 * plan (the seed and each table's count), checked on a thread: 400 with every problem when the
 * project cannot generate.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { BoundedCache } from '../../cache/bounded-cache.js';
import type { Kysely } from 'kysely';
import type { ProjectDocument } from '@rowloom/core';
import type { Tables } from '../../db/tables.js';
import { userOf } from '../../http/auth-hook.js';
import { badRequest, notFound } from '../../http/http-error.js';
import type { User } from '../../users/users-store.js';
import type { DatasetTexts } from '../datasets/dataset-texts.js';
import { sourcesForFields, type FieldSources } from '../generation/field-sources.js';
import { loadProjectDocument } from './project-tables-store.js';
import { planOffThread } from './project-plan-thread.js';
import type { PlanReply } from './project-plan-worker.js';

export interface ProjectContext {
  user: User;
  /** The projects row's id (what loads and the REST mock's writes are stored under). */
  projectId: string;
  document: ProjectDocument;
  /** Table name -> the saved schema holding its fields. */
  schemas: Record<string, string>;
  sources: FieldSources;
}

export interface ReadyProject extends ProjectContext {
  seed: string | number;
  counts: Record<string, number>;
}

export interface ProjectStores {
  db: Kysely<Tables>;
  datasetTexts: DatasetTexts;
}

export async function projectContext(
  request: FastifyRequest,
  name: string,
  stores: ProjectStores,
): Promise<ProjectContext> {
  const user = userOf(request);
  const found = await loadProjectDocument(stores.db, user.id, name);
  if (!found) throw notFound(`no project named "${name}"; GET /api/projects lists yours`);
  const fields = found.document.tables.flatMap((table) => table.fields);
  const sources = await sourcesForFields(stores.db, user.id, fields, stores.datasetTexts);
  return { user, ...found, sources };
}

/** The project's check and counts (problems are answers, not errors: the page shows them). */
export function planOf(context: ProjectContext): Promise<PlanReply> {
  const { document, sources } = context;
  if (document.tables.length === 0)
    return Promise.resolve({
      ok: false,
      problems: ['the project has no tables yet: import a schema or save one into it'],
      ours: false,
    });
  const key = planKey(context);
  let reply = plans.get(key);
  if (!reply) {
    reply = planOffThread({ document, datasets: sources.datasets, scenarios: sources.scenarios });
    plans.set(key, reply);
    // A check that failed (a busy server's 503) is asked again next time.
    reply.catch(() => plans.delete(key));
  }
  return reply;
}

/**
 * A project's check and counts, remembered by what they are computed from (the document, the
 * datasets' revisions and the scenarios): every page of the REST mock, preview and keystroke of
 * the builder asked a thread again for the same answer (about 200 ms each). A project without a
 * seed keeps the one drawn for as long as it is remembered, so its pages agree with each other.
 */
const plans = new BoundedCache<string, Promise<PlanReply>>({ max: 64, ttlMs: 60_000 });

function planKey({ user, document, sources }: ProjectContext): string {
  const datasets = Object.entries(sources.datasets).map(([name, d]) => [name, 'revision' in d ? d.revision : d]);
  const text = JSON.stringify([user.id, document, datasets, sources.scenarios]);
  return createHash('sha256').update(text).digest('base64');
}

/** The project ready to make rows, or a 400 listing why it cannot. */
export async function readyProject(
  request: FastifyRequest,
  name: string,
  stores: ProjectStores,
): Promise<ReadyProject> {
  const context = await projectContext(request, name, stores);
  const plan = await planOf(context);
  if (!plan.ok)
    throw badRequest(`the project cannot generate yet: ${plan.problems.join('; ')}`, { problems: plan.problems });
  return { ...context, seed: plan.seed, counts: plan.counts };
}
