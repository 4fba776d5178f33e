/**
 * A REST mock of a project's rows, the same rows its files hold (same seed, same index), made on
 * demand and never stored: GET /api/projects/:name/rest/customers (paged: ?page=1&per_page=20,
 * X-Total), /rest/customers/7 (a table keyed by a Row Number) and /rest/customers/7/orders (the
 * rows of a table whose reference with children points at customers). Writes
 * (rest-write-routes.ts) are laid over those rows (rest-reads.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../http/http-error.js';
import { errorResponses, KEY_QUERY, SECURITY } from '../../http/openapi.js';
import { readyProject, type ProjectStores, type ReadyProject } from './project-context.js';
import { MAX_PAGE_ROWS } from './output-routes.js';
import { PROJECT_PARAMS } from './project-params.js';
import { listChildren, listRows, readRow, type Page } from './rest-reads.js';
import { restTable, type RestTable } from './rest-table.js';

export interface RestRoute {
  Params: { name: string; table: string; key?: string; child?: string };
  Querystring: { page?: number; per_page?: number };
}

/** The rows a page asks for (the query's defaults are not filled in by validation). */
function pageOf(query: RestRoute['Querystring']): Page {
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

/** The path parameters of a REST mock route: the project's name and these. */
export function restParams(params: string[]) {
  const properties = Object.fromEntries(params.map((p) => [p, { type: 'string', minLength: 1, maxLength: 128 }]));
  return {
    type: 'object',
    properties: { ...PROJECT_PARAMS.properties, ...properties },
    required: ['name', ...params],
  };
}

function restSchema(summary: string, params: string[]) {
  return {
    summary,
    tags: ['projects'],
    security: SECURITY,
    params: restParams(params),
    querystring: PAGING,
    response: errorResponses(400, 401, 404, 503),
  };
}

export const REST_BASE = '/api/projects/:name/rest';

/**
 * A front end on another origin (a dev server on localhost:5173) reads and writes the mock with
 * ?key= (or X-API-Key): any origin may, without cookies (no Allow-Credentials: a browser sends
 * no cookie to it from another origin, and the session cookie is refused on another site's
 * requests anyway), and may read its paging and Location headers.
 */
function allowOtherOrigins(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.url?.startsWith(REST_BASE)) {
      reply.header('access-control-allow-origin', '*');
      reply.header('access-control-expose-headers', 'X-Total, Location');
    }
    return payload;
  });
}

/**
 * `?customer_id=7` on orders: the rows of that parent, when customer_id is the table's reference
 * with children (a contiguous range, found without reading other rows). Any other filter would
 * need every row read, so it is refused, saying which one works.
 */
function parentFilter(table: RestTable, request: RestRequest): string | null {
  const filters = Object.keys(request.query).filter((name) => !NOT_FILTERS.has(name));
  if (filters.length === 0) return null;
  const field = table.driving?.fields.length === 1 ? table.driving.fields[0].field : null;
  if (filters.length > 1 || filters[0] !== field)
    throw badRequest(
      field
        ? `table ${table.table} can be filtered by ${field} only (its reference with children); got ${filters.join(', ')}`
        : `table ${table.table} has no reference with children, so it cannot be filtered; got ${filters.join(', ')}`,
    );
  return String((request.query as Record<string, unknown>)[field]);
}

const NOT_FILTERS = new Set(['page', 'per_page', 'key']);

export type RestRequest = FastifyRequest<RestRoute>;

export function restRoutes(app: FastifyInstance, stores: ProjectStores): void {
  allowOtherOrigins(app);
  const base = `${REST_BASE}/:table`;
  const { db } = stores;
  const ready = (request: RestRequest): Promise<ReadyProject> => readyProject(request, request.params.name, stores);
  app.get<RestRoute>(
    base,
    { schema: restSchema("A page of a project table's rows", ['table']) },
    async (request, reply) => {
      const project = await ready(request);
      const table = restTable(project, request.params.table);
      const parent = parentFilter(table, request);
      const page = pageOf(request.query);
      const rows =
        parent === null
          ? await listRows(db, project, table, page)
          : await listChildren(db, project, table.driving!.table, parent, table, page);
      return reply.header('x-total', String(rows.total)).send(rows.rows);
    },
  );
  app.get<RestRoute>(
    `${base}/:key`,
    { schema: restSchema('One row by its Row Number key', ['table', 'key']) },
    async (request) => {
      const project = await ready(request);
      return readRow(db, project, restTable(project, request.params.table), request.params.key!);
    },
  );
  app.get<RestRoute>(
    `${base}/:key/:child`,
    { schema: restSchema("A row's children in another table", ['table', 'key', 'child']) },
    async (request, reply) => {
      const project = await ready(request);
      const { table, key, child } = request.params;
      const rows = await listChildren(db, project, table, key!, restTable(project, child!), pageOf(request.query));
      return reply.header('x-total', String(rows.total)).send(rows.rows);
    },
  );
}
