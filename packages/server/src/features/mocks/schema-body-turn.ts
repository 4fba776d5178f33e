/**
 * POST /api/mocks/:name/routes/:route/schema-body: one response's JSON body becomes a saved
 * schema (schema-from-body.ts) and the response answers generated rows of it: as many as the
 * body had (up to 100), as an array when it was one. Everything but that body stays as it was.
 */
import type { MockApiDocument } from '@rowloom/contract';
import { badRequest, notFound } from '../../http/http-error.js';
import { schemaFromBody } from './schema-from-body.js';

const MAX_ROWS = 100;

export interface TurnedBody {
  document: MockApiDocument;
  schema: string;
  fields: unknown[];
  count: number;
  warnings: string[];
}

/** `shop-orders-7` from the slug and the route's literal path. */
function defaultName(document: MockApiDocument, path: string): string {
  const words = path.split('/').filter((part) => part !== '' && !part.startsWith(':'));
  return [document.slug, ...words]
    .join('-')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .slice(0, 100);
}

function options(body: unknown): { response: number; schema: string | undefined } {
  const given = (body ?? {}) as { response?: unknown; schema?: unknown };
  const response = given.response ?? 0;
  if (!Number.isInteger(response) || (response as number) < 0)
    throw badRequest('response must be a response position, 0 or more');
  if (
    given.schema !== undefined &&
    (typeof given.schema !== 'string' || !/^[^/\u0000-\u001f]{1,100}$/.test(given.schema))
  )
    throw badRequest('schema must be a name of 1 to 100 characters without "/" or control characters');
  return { response: response as number, schema: given.schema as string | undefined };
}

export function turnIntoSchemaBody(document: MockApiDocument, routeId: string, body: unknown): TurnedBody {
  const wanted = options(body);
  const index = document.routes.findIndex((route) => route.id === routeId);
  if (index < 0) throw notFound(`mock API "${document.name}" has no route with id "${routeId.slice(0, 60)}"`);
  const route = document.routes[index];
  const response = route.responses[wanted.response];
  const where = `routes[${index}].responses[${wanted.response}].body`;
  if (!response)
    throw badRequest(`response: route ${route.method} ${route.path} has ${route.responses.length} responses`);
  if (response.body.type !== 'json')
    throw badRequest(`${where} is a ${response.body.type} body; only a json body can become a schema`);
  const inferred = schemaFromBody(response.body.value);
  if (typeof inferred === 'string') throw badRequest(`${where} ${inferred}`);
  const schema = wanted.schema ?? defaultName(document, route.path);
  const count = Math.min(inferred.rows, MAX_ROWS);
  const turned = {
    ...response,
    body: { type: 'schema' as const, schema, count, array: inferred.array, format: 'json' as const, options: {} },
  };
  const responses = route.responses.map((item, position) => (position === wanted.response ? turned : item));
  const routes = document.routes.map((item, position) => (position === index ? { ...route, responses } : item));
  return { document: { ...document, routes }, schema, fields: inferred.fields, count, warnings: inferred.warnings };
}
