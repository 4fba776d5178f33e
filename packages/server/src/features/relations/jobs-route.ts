/**
 * POST /api/projects/:name/jobs: a large project as background jobs, one per table (parents
 * first), each a download like any other (its status, file and cancel under /api/downloads),
 * made in shards by the server's threads or any number of `rowloom worker` processes. Every
 * shard reads the same parent rows: the job carries the project, its seed and its counts.
 */
import type { FastifyInstance } from 'fastify';
import { tableOf, tableSeed, type ProjectPlan } from '@rowloom/core';
import { DownloadStatus } from '@rowloom/contract';
import { errorResponses, KEY_QUERY, SECURITY } from '../../http/openapi.js';
import { publicUrlOf } from '../generation/public-url.js';
import { outputFormat, writerOptions } from '../generation/generate-request.js';
import type { DownloadsRouteOptions } from '../downloads/downloads-route.js';
import { freezeJob } from '../downloads/freeze-job.js';
import { checkJobSize } from '../downloads/job-quota.js';
import { readyProject, type ReadyProject } from './project-context.js';
import { planOfReady } from './output-routes.js';
import { PROJECT_PARAMS } from './project-params.js';

export type JobsOptions = Pick<
  DownloadsRouteOptions,
  'db' | 'pool' | 'datasetTexts' | 'plans' | 'downloads' | 'publicUrl' | 'maxJobRecords' | 'shardRows'
>;

const SCHEMA = {
  summary: 'A project as background jobs, one per table',
  description:
    "Takes generate's file options (format=csv...). Answers 202 with each table's job status, parents first; GET /api/downloads/{id} follows each.",
  tags: ['projects'],
  security: SECURITY,
  params: PROJECT_PARAMS,
  querystring: {
    type: 'object',
    properties: { ...KEY_QUERY, format: { type: 'string', maxLength: 20 } },
    additionalProperties: true,
  },
  response: {
    202: { type: 'object', properties: { jobs: { type: 'array', items: DownloadStatus } } },
    ...errorResponses(400, 401, 404, 429),
  },
};

export function jobsRoute(app: FastifyInstance, options: JobsOptions): void {
  const stores = { db: options.db, datasetTexts: options.datasetTexts };
  app.post<{ Params: { name: string }; Querystring: Record<string, string> }>(
    '/api/projects/:name/jobs',
    { schema: SCHEMA },
    async (request, reply) => {
      const format = outputFormat(request.query.format ?? 'csv');
      const writer = writerOptions(format, request.query);
      const project = await readyProject(request, request.params.name, stores);
      const limits = options.plans[project.user.plan] ?? options.plans.free;
      for (const count of Object.values(project.counts))
        checkJobSize(count, project.user.plan, limits, options.maxJobRecords);
      const plan = planOfReady(project);
      const base = publicUrlOf(request, options.publicUrl) ?? '';
      const jobs = [];
      for (const table of plan.model.loadOrder) {
        const { job, file } = await freezeJob(
          options,
          tableJob(project, plan, table, format, writer, base),
          `${project.document.name}-${table}`,
          options.shardRows,
        );
        await options.downloads.submit(job, file, limits);
        jobs.push(await options.downloads.status((await options.downloads.find(job.id, project.user.id))!, base));
      }
      return reply.code(202).send({ jobs });
    },
  );
}

/** One table's download request: its fields and count, its own seed, the project's clock, and the project to read parents from. */
function tableJob(
  project: ReadyProject,
  plan: ProjectPlan,
  table: string,
  format: ReturnType<typeof outputFormat>,
  writer: ReturnType<typeof writerOptions>,
  publicUrl: string,
) {
  return {
    userId: project.user.id,
    fields: tableOf(plan.model, table)!.source.fields,
    sourceFields: project.document.tables.flatMap((t) => t.fields),
    count: plan.counts[table],
    format,
    writer: { ...writer, table },
    seed: tableSeed(plan.seed, table),
    now: project.document.now ?? null,
    publicUrl: publicUrl || undefined,
    relations: { model: plan.model, seed: plan.seed, table, counts: plan.counts },
  };
}
