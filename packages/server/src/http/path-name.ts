/** The name a collection's wildcard route (`/api/<collection>/<name>`) is called with. */
import type { FastifyRequest } from 'fastify';
import { badRequest } from './http-error.js';
import { queryText, type Query } from './query.js';

const MAX_NAME_LENGTH = 200;

/**
 * The name a wildcard route was called with (already percent-decoded once by the router), or
 * the `name` query parameter when the path has none.
 */
export function pathName(request: FastifyRequest, what: string, collection: string): string {
  const fromPath = (request.params as { '*'?: string })['*'] ?? '';
  const name = fromPath !== '' ? fromPath : (queryText(request.query as Query, 'name') ?? '');
  if (name.trim() === '')
    throw badRequest(`the ${what} name is missing; use /api/${collection}/<name> with the name URL-encoded`);
  if (name.length > MAX_NAME_LENGTH)
    throw badRequest(`the ${what} name is ${name.length} characters long; use at most ${MAX_NAME_LENGTH}`);
  if (/[\u0000-\u001f\u007f]/.test(name))
    throw badRequest(`the ${what} name must not contain control characters (line breaks, tabs...)`);
  return name;
}
