/**
 * GET /api/types (also with a trailing slash and .json): the catalogue from the registry,
 * wrapped as `{"types": [...]}`, the shape the client libraries read.
 */
import type { FastifyInstance } from 'fastify';
import { describeCatalogue } from '@rowloom/core';
import type { Kysely } from 'kysely';
import type { Tables } from '../db/tables.js';
import { authenticate } from '../http/authenticate.js';

export function typesRoutes(app: FastifyInstance, db: Kysely<Tables>): void {
  // The catalogue only changes with the code: describe it once.
  let body: string | null = null;
  for (const url of ['/api/types', '/api/types/', '/api/types.json']) {
    app.get(url, async (request, reply) => {
      await authenticate(db, request);
      body ??= JSON.stringify({ types: describeCatalogue().map((t) => ({ ...t, type: t.output })) });
      return reply.type('application/json; charset=utf-8').send(body);
    });
  }
}
