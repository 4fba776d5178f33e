/**
 * A REST mock of a project's rows, the same rows its files hold (same seed, same index), made on
 * demand and never stored: GET /api/projects/:name/rest/customers (paged: ?page=1&per_page=20,
 * X-Total), /rest/customers/7 (a table keyed by a Row Number) and /rest/customers/7/orders (the
 * rows of a table whose reference with children points at customers).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readProject } from '@rowloom/core';
import { badRequest } from '../../http/http-error.js';
import { errorResponses, KEY_QUERY, SECURITY } from '../../http/openapi.js';
import { readyProject, type ProjectStores, type ReadyProject } from './project-context.js';
import { checkTable, MAX_PAGE_ROWS, rowsInput } from './output-routes.js';
import { rowsOffThread } from './project-rows-thread.js';
import type { RowsQuery } from './project-rows-worker.js';
import { PROJECT_PARAMS } from './project-params.js';

interface RestRoute {
  Params: { name: string; table: string; key?: string; child?: string };
  Querystring: { page?: number; per_page?: number };
}

/** The rows a page asks for (the query's defaults are not filled in by validation). */
function pageOf(query: RestRoute['Querystring']): { offset: number; limit: number } {
  const perPage = query.per_page ?? DEFAULT_PER_PAGE;
  return { offset: ((query.page ?? 1) - 1) * perPage, limit: perPage };
}

const DEFAULT_PER_PAGE = 20;

const PAGING = {
  type: 'object',
  properties: {
    ...KEY_QUERY,
    page: { type: 'integer', minimum: 1, maximum: 1_000_000_000, description: 'Default 1' },
    per_page: { type: 'integer', minimum: 1, maximum: MAX_PAGE_ROWS, description: 'Default 20' },
  },
};

function restSchema(summary: string, params: string[]) {
  const properties = Object.fromEntries(params.map((p) => [p, { type: 'string', minLength: 1, maxLength: 128 }]));
  return {
    summary,
    tags: ['projects'],
    security: SECURITY,
    params: {
      type: 'object',
      properties: { ...PROJECT_PARAMS.properties, ...properties },
      required: ['name', ...params],
    },
    querystring: PAGING,
    response: errorResponses(400, 401, 404, 503),
  };
}

/**
 * A front end on another origin (a dev server on localhost:5173) reads the mock with ?key=: a
 * simple request, without cookies, so any origin may read it, and its paging header.
 */
function allowOtherOrigins(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.url?.startsWith(REST_BASE)) {
      reply.header('access-control-allow-origin', '*');
      reply.header('access-control-expose-headers', 'X-Total');
    }
    return payload;
  });
}

const REST_BASE = '/api/projects/:name/rest/';

/**
 * `?customer_id=7` on orders: the rows of that parent, when customer_id is the table's reference
 * with children (a contiguous range, found without reading other rows). Any other filter would
 * need every row read, so it is refused, saying which one works.
 */
function listQuery(project: ReadyProject, request: RestRequest): RowsQuery {
  const { table } = request.params;
  const filters = Object.keys(request.query).filter((name) => !NOT_FILTERS.has(name));
  if (filters.length === 0) return { kind: 'list', table, ...pageOf(request.query) };
  const driving = readProject(project.document).tables.find((t) => t.name === table)?.driving;
  const field = driving?.fields.length === 1 ? driving.fields[0].field : null;
  if (filters.length > 1 || filters[0] !== field)
    throw badRequest(
      field
        ? `table ${table} can be filtered by ${field} only (its reference with children); got ${filters.join(', ')}`
        : `table ${table} has no reference with children, so it cannot be filtered; got ${filters.join(', ')}`,
    );
  const key = String((request.query as Record<string, unknown>)[field]);
  return { kind: 'children', table: driving!.table, key, child: table, ...pageOf(request.query) };
}

const NOT_FILTERS = new Set(['page', 'per_page', 'key']);

type RestRequest = FastifyRequest<RestRoute>;

export function restRoutes(app: FastifyInstance, stores: ProjectStores): void {
  allowOtherOrigins(app);
  const base = `${REST_BASE}:table`;
  const answer = async (request: RestRequest, queryOf: (project: ReadyProject) => RowsQuery) => {
    const project = await readyProject(request, request.params.name, stores);
    const query = queryOf(project);
    checkTable(project, query.table);
    if (query.kind === 'children') checkTable(project, query.child);
    return rowsOffThread(rowsInput(project, query));
  };
  app.get<RestRoute>(
    base,
    { schema: restSchema("A page of a project table's rows", ['table']) },
    async (request, reply) => {
      const rows = await answer(request, (project) => listQuery(project, request));
      return reply.header('x-total', String(rows.total)).send(rows.rows);
    },
  );
  app.get<RestRoute>(
    `${base}/:key`,
    { schema: restSchema('One row by its Row Number key', ['table', 'key']) },
    async (request) => {
      const rows = await answer(request, () => ({
        kind: 'one',
        table: request.params.table,
        key: request.params.key!,
      }));
      return rows.rows[0];
    },
  );
  app.get<RestRoute>(
    `${base}/:key/:child`,
    { schema: restSchema("A row's children in another table", ['table', 'key', 'child']) },
    async (request, reply) => {
      const { table, key, child } = request.params;
      const rows = await answer(request, () => ({
        kind: 'children',
        table,
        key: key!,
        child: child!,
        ...pageOf(request.query),
      }));
      return reply.header('x-total', String(rows.total)).send(rows.rows);
    },
  );
}
