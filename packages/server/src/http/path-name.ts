/** The name a collection's wildcard route (`/api/<collection>/<name>`) is called with. */
import type { FastifyRequest } from 'fastify';
import { badRequest } from './http-error.js';
import { MAX_NAME_LENGTH } from '@rowloom/contract';

/** The route generic of a wildcard route (`/api/<collection>/*`), named by its path or `?name=`. */
export interface NamedRoute {
  Params: { '*'?: string };
  Querystring: { name?: string };
}

/**
 * The name a wildcard route was called with (already percent-decoded once by the router), or
 * the `name` query parameter when the path has none.
 */
export function pathName(request: FastifyRequest<NamedRoute>, what: string, collection: string): string {
  const fromPath = request.params['*'] ?? '';
  // The route's query schema has made a repeated ?name= its last value (validation.ts).
  const name = fromPath !== '' ? fromPath : (request.query.name ?? '');
  if (name.trim() === '')
    throw badRequest(`the ${what} name is missing; use /api/${collection}/<name> with the name URL-encoded`);
  if (name.length > MAX_NAME_LENGTH)
    throw badRequest(`the ${what} name is ${name.length} characters long; use at most ${MAX_NAME_LENGTH}`);
  if (/[\u0000-\u001f\u007f]/.test(name))
    throw badRequest(`the ${what} name must not contain control characters (line breaks, tabs...)`);
  return name;
}
