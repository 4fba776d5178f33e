/**
 * GET /health for load balancers and orchestrators: no key, and it answers 200 only when the
 * database answers, so an instance that lost its database is taken out of rotation.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Tables } from '../db/tables.js';

const SCHEMA = {
  summary: 'Health check (no key needed)',
  description: '200 {"status": "ok"} when the server and its database answer; 503 {"status": "unavailable", "error"} when the database does not.',
  tags: ['health'],
  response: {
    200: { type: 'object', properties: { status: { type: 'string', enum: ['ok'] } } },
    503: { type: 'object', properties: { status: { type: 'string', enum: ['unavailable'] }, error: { type: 'string' } }, required: ['error'] },
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

export function healthRoutes(app: FastifyInstance, db: Kysely<Tables>): void {
  app.get('/health', { schema: SCHEMA }, async (request, reply) => {
    try {
      await withinTimeout(sql`select 1`.execute(db), HEALTH_TIMEOUT_MS);
      return { status: 'ok' };
    } catch (error) {
      request.log.warn({ err: error }, 'health check: the database does not answer');
      return reply.code(503).send({ status: 'unavailable', error: `the database does not answer: ${(error as Error).message}` });
    }
  });
}
