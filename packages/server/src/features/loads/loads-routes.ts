/**
 * Loading a project into an operator's database from the server, as a background load:
 *   GET /api/load-targets                      the targets this account may use (names only)
 *   POST /api/projects/:name/loads             {target, mode, create, verify}: 202, queued
 *   GET /api/projects/:name/loads[/:id]        its progress per table and the verify report
 *   DELETE /api/projects/:name/loads/:id       cancel: the load's transaction rolls back
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readProject } from '@rowloom/core';
import { LoadList, LoadRequest, LoadStatus, LoadTargetList } from '@rowloom/contract';
import { userOf } from '../../http/auth-hook.js';
import { badRequest, HttpError, notFound } from '../../http/http-error.js';
import { errorResponses, KEY_ONLY_QUERY, SECURITY } from '../../http/openapi.js';
import { jsonBodySchema } from '../../http/validation.js';
import type { Plans } from '../../users/plans.js';
import { checkJobSize } from '../downloads/job-quota.js';
import { readyProject, type ProjectStores, type ReadyProject } from '../relations/project-context.js';
import { findProject } from '../projects/projects-store.js';
import { PROJECT_PARAMS } from '../relations/project-params.js';
import type { LoadRunner } from './load-runner.js';
import { publicTarget, targetsFor, type LoadTarget } from './load-targets.js';
import { findLoad, insertLoad, listLoads, loadStatus, requestCancel } from './loads-store.js';

export interface LoadsOptions extends ProjectStores {
  targets: LoadTarget[];
  runner: LoadRunner;
  plans: Plans;
  maxJobRecords: number;
}

const TAGS = ['projects'];
const LOAD_PARAMS = {
  type: 'object',
  properties: { ...PROJECT_PARAMS.properties, id: { type: 'string', minLength: 1, maxLength: 64 } },
  required: ['name', 'id'],
};
const schema = (summary: string, extra: object) => ({
  summary,
  tags: TAGS,
  security: SECURITY,
  querystring: KEY_ONLY_QUERY,
  ...extra,
});

interface LoadRoute {
  Params: { name: string; id: string };
  Body: LoadRequest;
}

export function loadsRoutes(app: FastifyInstance, options: LoadsOptions): void {
  app.get(
    '/api/load-targets',
    { schema: schema('The databases this server may load your projects into', { response: { 200: LoadTargetList } }) },
    (request) => ({ targets: targetsFor(options.targets, userOf(request).email).map(publicTarget) }),
  );
  app.post<LoadRoute>(
    '/api/projects/:name/loads',
    {
      schema: schema('Load a project into a configured database, in the background', {
        params: PROJECT_PARAMS,
        body: jsonBodySchema(LoadRequest),
        response: { 202: LoadStatus, ...errorResponses(400, 401, 404, 429) },
      }),
    },
    async (request, reply) => reply.code(202).send(await startLoad(request, options)),
  );
  app.get<LoadRoute>(
    '/api/projects/:name/loads',
    {
      schema: schema("A project's latest loads, newest first", {
        params: PROJECT_PARAMS,
        response: { 200: LoadList, ...errorResponses(401, 404) },
      }),
    },
    async (request) => {
      const { user, projectId } = await ownProject(request, options);
      const rows = await listLoads(options.db, user.id, projectId);
      return { loads: rows.map((row) => loadStatus(row, request.params.name)) };
    },
  );
  app.get<LoadRoute>(
    '/api/projects/:name/loads/:id',
    {
      schema: schema("A load's progress", {
        params: LOAD_PARAMS,
        response: { 200: LoadStatus, ...errorResponses(401, 404) },
      }),
    },
    async (request) => loadStatus(await ownLoad(request, options), request.params.name),
  );
  app.delete<LoadRoute>(
    '/api/projects/:name/loads/:id',
    {
      schema: schema('Cancel a load (what it wrote is rolled back)', {
        params: LOAD_PARAMS,
        response: { 202: LoadStatus, ...errorResponses(401, 404, 409) },
      }),
    },
    async (request, reply) => {
      const load = await ownLoad(request, options);
      if (!(await requestCancel(options.db, load.id, new Date())))
        throw new HttpError(409, `load ${load.id} has already ended (${load.state}); there is nothing to cancel`);
      return reply.code(202).send(loadStatus((await ownLoad(request, options))!, request.params.name));
    },
  );
}

/**
 * The caller and their project's id: all a load's status needs (a page polls it every second,
 * so it reads neither the project's tables nor its datasets).
 */
async function ownProject(request: FastifyRequest<{ Params: { name: string } }>, options: LoadsOptions) {
  const user = userOf(request);
  const projectId = (await findProject(options.db, user.id, request.params.name))?.id;
  if (projectId === undefined)
    throw notFound(`no project named "${request.params.name}"; GET /api/projects lists yours`);
  return { user, projectId };
}

async function ownLoad(request: FastifyRequest<{ Params: LoadRoute['Params'] }>, options: LoadsOptions) {
  const { user, projectId } = await ownProject(request, options);
  const load = await findLoad(options.db, user.id, projectId, request.params.id);
  if (!load) throw notFound(`project ${request.params.name} has no load ${request.params.id}`);
  return load;
}

async function startLoad(
  request: Parameters<typeof readyProject>[0] & { params: LoadRoute['Params']; body: LoadRequest },
  options: LoadsOptions,
) {
  const body = request.body;
  const target = chosenTarget(options.targets, userOf(request).email, body.target);
  const project = await readyProject(request, request.params.name, options);
  const limits = options.plans[project.user.plan] ?? options.plans.free;
  for (const count of Object.values(project.counts))
    checkJobSize(count, project.user.plan, limits, options.maxJobRecords);
  const mode = body.mode ?? 'append';
  const tables = tableProgress(project);
  const row = await insertLoad(
    options.db,
    {
      userId: project.user.id,
      projectId: project.projectId,
      target: target.name,
      mode,
      tables,
      instanceId: options.runner.instanceId,
    },
    limits,
    new Date(),
  );
  options.runner.submit({ id: row.id, targetName: target.name, tables, input: loadInput(project, target, body) });
  return loadStatus(row, project.document.name);
}

function chosenTarget(targets: LoadTarget[], email: string, name: string): LoadTarget {
  const usable = targetsFor(targets, email);
  const target = usable.find((t) => t.name === name);
  if (target) return target;
  if (usable.length === 0)
    throw badRequest(
      `target: this server has no database you may load into (its operator lists them in ROWLOOM_LOAD_TARGETS); load from your machine with rowloom seed instead`,
    );
  throw badRequest(`target: no load target named "${name}"; yours are ${usable.map((t) => t.name).join(', ')}`);
}

/** Each table with the rows it will have, parents first (the order the load writes them). */
function tableProgress(project: ReadyProject) {
  return readProject(project.document).loadOrder.map((table) => ({
    table,
    rows: 0,
    count: project.counts[table] ?? 0,
  }));
}

function loadInput(project: ReadyProject, target: LoadTarget, body: LoadRequest) {
  return {
    document: project.document,
    seed: project.seed,
    now: project.document.now ?? null,
    datasets: project.sources.datasets,
    scenarios: project.sources.scenarios,
    url: target.url,
    mode: body.mode ?? 'append',
    create: body.create ?? false,
    verify: body.verify ?? true,
  };
}
