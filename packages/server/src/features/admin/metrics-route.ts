/**
 * GET /metrics: the background jobs' figures in Prometheus's text format, for operators
 * (docs/jobs.md, "Health and metrics"): the queue's jobs by BullMQ state, the workers listening, BullMQ's own
 * completed and failed counters, whether Redis answers, and the downloads table's jobs by status.
 *
 * Not public (queue depth and job counts say how busy the service is): an admin's API key or
 * session, or `Authorization: Bearer <ROWLOOM_METRICS_TOKEN>` for a scraper that should hold no
 * user's key. Anyone else: 401/403 like the rest of the API.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { Counter, Gauge, Registry } from 'prom-client';
import type { Tables } from '../../db/tables.js';
import { authenticate } from '../../http/authenticate.js';
import { HttpError } from '../../http/http-error.js';
import { errorResponses } from '../../http/openapi.js';
import type { JobRunner, QueueMetrics } from '../../jobs/job-contract.js';
import { isAdmin } from '../../users/users-store.js';

export interface MetricsOptions {
  db: Kysely<Tables>;
  runner: JobRunner;
  /** ROWLOOM_METRICS_TOKEN, or null: admins only. */
  token: string | null;
}

const SCHEMA = {
  summary: 'Background job figures for Prometheus (admins, or the metrics token)',
  description:
    'Prometheus text format. Authenticate as an admin (API key or session), or send `Authorization: Bearer <ROWLOOM_METRICS_TOKEN>`.',
  tags: ['health'],
  response: {
    200: {
      description: 'Prometheus text exposition format',
      content: { 'text/plain': { schema: { type: 'string' } } },
    },
    ...errorResponses(401, 403),
  },
};

const STATUSES = ['queued', 'running', 'assembling', 'done', 'failed', 'cancelled', 'expired'];

function bearerMatches(request: FastifyRequest, token: string | null): boolean {
  const header = request.headers.authorization;
  if (!token || !header?.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice(7).trim());
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

// Authenticated here, not by the hook: a scraper's bearer token (no user at all) is accepted first.
async function authorize(options: MetricsOptions, request: FastifyRequest): Promise<void> {
  if (bearerMatches(request, options.token)) return;
  const user = await authenticate(options.db, request);
  if (!(await isAdmin(options.db, user.id)))
    throw new HttpError(
      403,
      'only an admin (or a scraper with ROWLOOM_METRICS_TOKEN as its bearer token) may read /metrics',
    );
}

/** The figures' registry: gauges set from each scrape's readings, so two servers never add up each other's. */
function makeRegistry() {
  const registry = new Registry();
  const queueJobs = new Gauge({
    name: 'rowloom_queue_jobs',
    help: 'Jobs in the BullMQ queue (shards and assemblers) by state',
    labelNames: ['state'],
    registers: [registry],
  });
  const workers = new Gauge({
    name: 'rowloom_queue_workers',
    help: 'rowloom worker processes listening on the queue',
    registers: [registry],
  });
  const reachable = new Gauge({
    name: 'rowloom_queue_up',
    help: '1 when the job queue (Redis) answers, else 0',
    registers: [registry],
  });
  const completed = new Counter({
    name: 'rowloom_queue_completed_total',
    help: "Queue jobs (shards and assemblers) completed, BullMQ's counter kept by the workers",
    registers: [registry],
  });
  const failed = new Counter({
    name: 'rowloom_queue_failed_total',
    help: "Queue jobs (shards and assemblers) failed for good, BullMQ's counter kept by the workers",
    registers: [registry],
  });
  const downloads = new Gauge({
    name: 'rowloom_downloads',
    help: 'Background jobs in the downloads table by status',
    labelNames: ['status'],
    registers: [registry],
  });
  return { registry, queueJobs, workers, reachable, completed, failed, downloads };
}

/** The admin's job figures (/metrics) as a Fastify plugin. */
export async function metricsFeature(app: FastifyInstance, options: MetricsOptions): Promise<void> {
  app.get('/metrics', { schema: SCHEMA }, async (request, reply) => {
    await authorize(options, request);
    const figures = makeRegistry();
    const rows = await options.db
      .selectFrom('downloads')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute();
    for (const status of STATUSES)
      figures.downloads.set({ status }, Number(rows.find((row) => row.status === status)?.n ?? 0));
    const queue: QueueMetrics | null = options.runner.metrics ? await options.runner.metrics().catch(() => null) : null;
    const health = queue ? null : await options.runner.health();
    figures.reachable.set(queue || health?.reachable ? 1 : 0);
    if (queue) {
      for (const [state, n] of Object.entries(queue.jobs)) figures.queueJobs.set({ state }, n);
      figures.workers.set(queue.workers);
      figures.completed.inc(queue.completedTotal);
      figures.failed.inc(queue.failedTotal);
    } else if (health?.workers !== null && health?.workers !== undefined) {
      figures.workers.set(health.workers);
    }
    return reply.type(figures.registry.contentType).send(await figures.registry.metrics());
  });
}
