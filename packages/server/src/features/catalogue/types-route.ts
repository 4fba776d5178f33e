/**
 * GET /api/types (also with a trailing slash and .json): the catalogue from the registry,
 * wrapped as `{"types": [...]}`, the shape the client libraries read.
 */
import type { FastifyInstance } from 'fastify';
import { describeCatalogue } from '@rowloom/core';
import { TypeCatalogue } from '@rowloom/contract';
import { errorResponses, KEY_QUERY, SECURITY } from '../../http/openapi.js';

const SCHEMA = {
  summary: 'The type catalogue',
  description:
    'Every data type with its category, description, parameters (name, type, description, default) and an example value.',
  tags: ['types'],
  security: SECURITY,
  querystring: { type: 'object', properties: KEY_QUERY },
  response: {
    200: TypeCatalogue,
    ...errorResponses(401),
  },
};

/** The data types the engine knows, as a Fastify plugin. */
export async function typesFeature(app: FastifyInstance): Promise<void> {
  app.addHook('preHandler', app.authenticate);
  // The catalogue only changes with the code: describe it once.
  let body: string | null = null;
  for (const url of ['/api/types', '/api/types/', '/api/types.json']) {
    app.get(url, { schema: { ...SCHEMA, hide: url !== '/api/types' } }, async (_request, reply) => {
      body ??= JSON.stringify({ types: describeCatalogue().map((t) => ({ ...t, type: t.output })) });
      return reply.type('application/json; charset=utf-8').send(body);
    });
  }
}
