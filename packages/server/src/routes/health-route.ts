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

export function healthRoutes(app: FastifyInstance, db: Kysely<Tables>): void {
  app.get('/health', { schema: SCHEMA }, async (request, reply) => {
    try {
      await sql`select 1`.execute(db);
      return { status: 'ok' };
    } catch (error) {
      request.log.warn({ err: error }, 'health check: the database does not answer');
      return reply.code(503).send({ status: 'unavailable', error: `the database does not answer: ${(error as Error).message}` });
    }
  });
}
