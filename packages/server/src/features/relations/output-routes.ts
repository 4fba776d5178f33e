/**
 * The rows of a project: GET /api/projects/:name/download (a ZIP of a file per table, charged
 * like a generate request of all the rows), GET .../tables/:table/rows (a page of one table for
 * the preview) and the REST mock of the same rows (rest-routes.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readProject, type ProjectPlan } from '@rowloom/core';
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.js';
import { TableRows } from '@rowloom/contract';
import { badRequest } from '../../http/http-error.js';
import { errorResponses, KEY_QUERY, SECURITY } from '../../http/openapi.js';
import type { Plans } from '../../users/plans.js';
import { outputFormat, writerOptions } from '../generation/generate-request.js';
import { admitAndCharge, guardResponse, type GenerationSharing } from '../generation/generation-admission.js';
import { publicUrlOf } from '../generation/public-url.js';
import { slugName } from '../downloads/file-name.js';
import { readyProject, type ReadyProject } from './project-context.js';
import { PROJECT_PARAMS, TABLE_PARAMS } from './project-params.js';
import { projectZip } from './project-zip.js';
import { rowsOffThread } from './project-rows-thread.js';

export interface OutputOptions {
  db: Kysely<Tables>;
  sharing: GenerationSharing;
  plans: Plans;
  timeLimitMs: number | null;
  publicUrl: string | null;
}

/** Rows a preview page may ask for at once. */
export const MAX_PAGE_ROWS = 100;

const DOWNLOAD_SCHEMA = {
  summary: 'A project as a ZIP: one file per table, parents first',
  description:
    "Takes the file options of GET /api/generate (format=csv|json|tsv|sql|xml|..., include_header...). Charged as one request of every table's rows.",
  tags: ['projects'],
  security: SECURITY,
  params: PROJECT_PARAMS,
  querystring: {
    type: 'object',
    properties: { ...KEY_QUERY, format: { type: 'string', maxLength: 20, description: 'Default csv' } },
    additionalProperties: true,
  },
  response: {
    200: { type: 'string', format: 'binary', description: 'application/zip' },
    ...errorResponses(400, 401, 404, 429, 503),
  },
};

const ROWS_SCHEMA = {
  summary: "A page of one table's rows, as objects",
  tags: ['projects'],
  security: SECURITY,
  params: TABLE_PARAMS,
  querystring: {
    type: 'object',
    properties: {
      ...KEY_QUERY,
      offset: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description: 'Default 0' },
      limit: { type: 'integer', minimum: 1, maximum: MAX_PAGE_ROWS, description: 'Default 20' },
    },
  },
  response: { 200: TableRows, ...errorResponses(400, 401, 404, 503) },
};

/** The plan a generation needs, from a ready project (its model read here: cheap, no rows). */
export function planOfReady(project: ReadyProject): ProjectPlan {
  const { document, seed, counts, sources } = project;
  return {
    model: readProject(document),
    seed,
    counts,
    now: document.now ?? null,
    datasets: sources.datasets,
    scenarios: sources.scenarios,
    warnings: [],
  };
}

/** The caller's plan limits, when one request may make all the project's rows (else a 400 saying so). */
export function checkProjectSize(project: ReadyProject, plans: Plans): Plans[string] {
  const total = Object.values(project.counts).reduce((sum, n) => sum + n, 0);
  const limits = plans[project.user.plan] ?? plans.free;
  if (limits.recordsPerRequest !== null && total > limits.recordsPerRequest)
    throw badRequest(
      `the project has ${total} rows in all, more than the ${limits.recordsPerRequest} one request may make on the ${project.user.plan} plan; lower its tables' counts, or make it as background jobs (POST /api/projects/NAME/jobs)`,
      { limit: 'recordsPerRequest', allowed: limits.recordsPerRequest },
    );
  return limits;
}

/** The table must be one of the project's. */
export function checkTable(project: ReadyProject, table: string): void {
  if (!Object.hasOwn(project.counts, table))
    throw badRequest(`the project has no table ${table} (tables: ${Object.keys(project.counts).join(', ')})`);
}

export function outputRoutes(app: FastifyInstance, options: OutputOptions): void {
  const stores = { db: options.db, datasetTexts: options.sharing.datasetTexts };
  app.get<{ Params: { name: string }; Querystring: Record<string, string> }>(
    '/api/projects/:name/download',
    { schema: DOWNLOAD_SCHEMA },
    async (request, reply) =>
      sendZip(request, reply, await readyProject(request, request.params.name, stores), options),
  );
  app.get<{ Params: { name: string; table: string }; Querystring: { offset?: number; limit?: number } }>(
    '/api/projects/:name/tables/:table/rows',
    { schema: ROWS_SCHEMA },
    async (request) => {
      const project = await readyProject(request, request.params.name, stores);
      const { table } = request.params;
      checkTable(project, table);
      const { offset = 0, limit = 20 } = request.query;
      const answer = await rowsOffThread(rowsInput(project, { kind: 'list', table, offset, limit }));
      return { table, total: answer.total, offset: answer.offset, rows: answer.rows };
    },
  );
}

/** What a rows thread needs of a ready project. */
export function rowsInput<Q>(project: ReadyProject, query: Q) {
  const { document, seed, counts, sources } = project;
  return {
    document,
    seed,
    counts,
    now: document.now ?? null,
    datasets: sources.datasets,
    scenarios: sources.scenarios,
    query,
  };
}

async function sendZip(
  request: FastifyRequest<{ Querystring: Record<string, string> }>,
  reply: FastifyReply,
  project: ReadyProject,
  options: OutputOptions,
) {
  const { sharing, plans, timeLimitMs } = options;
  const format = outputFormat(request.query.format ?? 'csv');
  const writer = writerOptions(format, request.query);
  const limits = checkProjectSize(project, plans);
  const total = Object.values(project.counts).reduce((sum, n) => sum + n, 0);
  const zip = projectZip(planOfReady(project), writer, sharing.pool, publicUrlOf(request, options.publicUrl));
  const release = await admitAndCharge(options.db, sharing.limiter, project.user.id, limits, total, zip.stream);
  guardResponse(request, reply, {
    generation: zip.stream,
    body: zip.stream,
    timeLimitMs,
    stallMs: sharing.stallMs,
    release,
  });
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) zip.destroy();
  });
  return reply
    .code(200)
    .headers({
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="${slugName(project.document.name)}-${format}.zip"`,
      'x-rowloom-seed': String(project.seed),
    })
    .send(zip.stream);
}
