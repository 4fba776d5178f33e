/**
 * GET /api/formula-functions: the formula language's functions, methods and special forms
 * (name, signature, description, example), from the tables the checker uses. The web
 * interface's formula editor completes them; nothing else in the API needs it.
 */
import type { FastifyInstance } from 'fastify';
import { describeFormulaVocabulary } from '@rowloom/core';
import { FormulaVocabulary } from '@rowloom/contract';
import { errorResponses, KEY_QUERY, SECURITY } from '../../http/openapi.js';

const SCHEMA = {
  summary: 'The formula language’s functions and methods',
  description:
    'Every function, method and special form a formula may use, with its signature, description and an example.',
  tags: ['types'],
  security: SECURITY,
  querystring: { type: 'object', properties: KEY_QUERY },
  response: {
    200: FormulaVocabulary,
    ...errorResponses(401),
  },
};

/** The formula functions the engine knows, as a Fastify plugin. */
export async function formulaFunctionsFeature(app: FastifyInstance): Promise<void> {
  app.addHook('preHandler', app.authenticate);
  // The tables only change with the code: describe them once.
  let body: string | null = null;
  app.get('/api/formula-functions', { schema: SCHEMA }, async (_request, reply) => {
    body ??= JSON.stringify(describeFormulaVocabulary());
    return reply.type('application/json; charset=utf-8').send(body);
  });
}
