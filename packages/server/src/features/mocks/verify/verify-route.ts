/**
 * Verification (docs/mock-verification.md): POST /api/mocks/:name/requests/find answers which
 * logged requests match a pattern, and explains the near misses when none does. It first waits
 * for this instance's log writes in flight, so a test that has its answer sees its request.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { FoundRequests, RequestPattern } from '@rowloom/contract';
import type { Tables } from '../../../db/tables.js';
import { jsonBody } from '../../../http/body.js';
import { badRequest } from '../../../http/http-error.js';
import { errorResponses, KEY_ONLY_QUERY, SECURITY } from '../../../http/openapi.js';
import { describedOnly } from '../../../http/validation.js';
import { ownedMock } from '../owned-mock.js';
import type { LogWrites } from '../request-log-read.js';
import { findRequests } from './find-requests.js';
import { readPattern } from './request-pattern.js';

export interface VerifyOptions {
  db: Kysely<Tables>;
  requestLog: LogWrites;
}

const FIND_REQUESTS = {
  tags: ['mocks'],
  security: SECURITY,
  summary: 'Find the logged requests that match a pattern (verification), with near misses when none does',
  params: {
    type: 'object',
    properties: { name: { type: 'string', description: "The mock API's name, URL-encoded" } },
    required: ['name'],
  },
  querystring: KEY_ONLY_QUERY,
  // Checked by request-pattern.ts, whose messages name the part of the pattern.
  body: describedOnly(RequestPattern),
  response: { 200: FoundRequests, ...errorResponses(400, 401, 404, 422) },
};

export async function verifyFeature(app: FastifyInstance, options: VerifyOptions): Promise<void> {
  app.addHook('preHandler', app.authenticate);
  app.post('/api/mocks/:name/requests/find', { schema: FIND_REQUESTS }, async (request) => {
    const json = jsonBody(request.body);
    if (json === undefined && typeof request.body === 'string' && request.body.trim() !== '')
      throw badRequest('the body must be a request pattern as JSON, such as {"method": "POST", "path": "/users"}');
    const pattern = readPattern(json);
    const id = (await ownedMock(options.db, request)).stored.id;
    await options.requestLog.settled();
    return findRequests(options.db, id, pattern);
  });
}
