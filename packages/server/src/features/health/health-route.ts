/**
 * GET /health for load balancers and orchestrators: no key. 200 only when the database answers,
 * so an instance that lost its database is taken out of rotation. It also says whether the job
 * queue (Redis) answers and how many workers listen: "degraded" (still 200) when Redis does not,
 * since every instance shares that Redis, taking this one out would not help, and everything but
 * background jobs still works. Nothing here waits longer than HEALTH_TIMEOUT_MS.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Tables } from '../../db/tables.js';
import type { QueueHealth } from '../../jobs/job-contract.js';

const QUEUE = {
  type: 'object',
  description: 'The background job queue',
  properties: {
    kind: { type: 'string', enum: ['redis', 'in-process'] },
    reachable: { type: 'boolean' },
    workers: { type: ['integer', 'null'], description: 'rowloom worker processes listening (null: unknown)' },
    error: { type: 'string' },
  },
};

const SCHEMA = {
  summary: 'Health check (no key needed)',
  description:
    '200 {"status": "ok"} when the server, its database and its job queue answer; 200 {"status": "degraded"} when the database answers but the job queue (Redis) does not ' +
    '(background jobs are refused with 503 meanwhile); 503 {"status": "unavailable", "error"} when the database does not. `queue` says whether Redis answers and how many workers listen.',
  tags: ['health'],
  response: {
    200: { type: 'object', properties: { status: { type: 'string', enum: ['ok', 'degraded'] }, queue: QUEUE } },
    503: {
      type: 'object',
      properties: { status: { type: 'string', enum: ['unavailable'] }, error: { type: 'string' }, queue: QUEUE },
      required: ['error'],
    },
  },
};

/** A database that accepts connections but never answers must not hang the check (nor its caller). */
export const HEALTH_TIMEOUT_MS = 3000;

function withinTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The health check as a Fastify plugin. */
export async function healthFeature(
  app: FastifyInstance,
  { db, queueHealth }: { db: Kysely<Tables>; queueHealth: () => Promise<QueueHealth> },
): Promise<void> {
  app.get('/health', { schema: SCHEMA }, async (request, reply) => {
    const queue = withinTimeout(queueHealth(), HEALTH_TIMEOUT_MS).catch((error: Error): QueueHealth => ({
      kind: 'redis',
      reachable: false,
      workers: null,
      error: error.message,
    }));
    try {
      await withinTimeout(sql`select 1`.execute(db), HEALTH_TIMEOUT_MS);
    } catch (error) {
      request.log.warn({ err: error }, 'health check: the database does not answer');
      return reply.code(503).send({
        status: 'unavailable',
        error: `the database does not answer: ${(error as Error).message}`,
        code: 'unavailable',
        queue: await queue,
      });
    }
    const answer = await queue;
    if (!answer.reachable) request.log.warn({ queue: answer }, 'health check: the job queue does not answer');
    return { status: answer.reachable ? 'ok' : 'degraded', queue: answer };
  });
}
