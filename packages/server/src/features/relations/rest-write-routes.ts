/**
 * Writes to a project's REST mock (rest-writes.ts): POST /rest/:table, PUT, PATCH and DELETE
 * /rest/:table/:key, and DELETE /rest, which forgets every write of the project. The caller is
 * the project's owner, authenticated as for reads (a key, or the session cookie with its CSRF
 * token, never on another site's request). A browser on another origin writes with ?key= or
 * X-API-Key: its preflight is answered here without a key (browsers send none), allowing any
 * origin but no credentials, as the mock APIs' runtime does (mocks/serve/cors.ts).
 */
import type { FastifyInstance } from 'fastify';
import { MOCK_LIMITS } from '@rowloom/contract';
import { errorResponses, KEY_ONLY_QUERY, SECURITY } from '../../http/openapi.js';
import { jsonBodySchema } from '../../http/validation.js';
import { preflightHeaders } from '../mocks/serve/cors.js';
import { projectContext, readyProject, type ProjectStores } from './project-context.js';
import { PROJECT_PARAMS } from './project-params.js';
import { resetOverlay } from './rest-overlay-store.js';
import { REST_BASE, restParams, type RestRoute } from './rest-routes.js';
import { restTable, withKey } from './rest-table.js';
import { changeRow, createRow, deleteRow } from './rest-writes.js';

interface WriteRoute {
  Params: RestRoute['Params'];
  Body: unknown;
}

/** A record may be crudRecordBytes as compact JSON; a body may spend as much again on spaces. */
const BODY_LIMIT = 2 * MOCK_LIMITS.crudRecordBytes;

const ROW = {
  type: 'object',
  additionalProperties: true,
  description: "The row's fields, as JSON (at most 64 KB; the key field is the mock's)",
};

function writeSchema(summary: string, params: string[], status: number, withBody: boolean, description = '') {
  return {
    summary,
    description,
    tags: ['projects'],
    security: SECURITY,
    params: restParams(params),
    querystring: KEY_ONLY_QUERY,
    ...(withBody ? { body: jsonBodySchema({ ...ROW }) } : {}),
    response: {
      [status]: status === 204 ? { type: 'null', description: 'Done' } : ROW,
      ...errorResponses(400, 401, 403, 404, 409, 413, 503),
    },
  };
}

const PATCH_NOTE = 'A JSON merge patch (RFC 7396): members replace, null removes one, objects merge.';

function preflight(app: FastifyInstance, url: string, methods: string[]): void {
  app.options<{ Headers: { 'access-control-request-headers'?: string } }>(
    url,
    { schema: { hide: true } },
    async (request, reply) =>
      reply
        .code(204)
        .headers(preflightHeaders([...methods, 'OPTIONS'], request.headers['access-control-request-headers']))
        .send(),
  );
}

export function restWriteRoutes(app: FastifyInstance, stores: ProjectStores): void {
  const { db } = stores;
  const collection = `${REST_BASE}/:table`;
  const one = `${collection}/:key`;
  preflight(app, REST_BASE, ['DELETE']);
  preflight(app, collection, ['GET', 'HEAD', 'POST']);
  preflight(app, one, ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE']);
  preflight(app, `${one}/:child`, ['GET', 'HEAD']);

  app.post<WriteRoute>(
    collection,
    { bodyLimit: BODY_LIMIT, schema: writeSchema('Create a row (it gets the next key)', ['table'], 201, true) },
    async (request, reply) => {
      const project = await readyProject(request, request.params.name, stores);
      const table = withKey(restTable(project, request.params.table));
      const { key, row } = await createRow(db, project, table, request.body);
      const location = `/api/projects/${encodeURIComponent(project.document.name)}/rest/${encodeURIComponent(table.table)}/${key}`;
      return reply.code(201).header('location', location).send(row);
    },
  );
  for (const method of ['PUT', 'PATCH'] as const)
    app.route<WriteRoute>({
      method,
      url: one,
      bodyLimit: BODY_LIMIT,
      schema: writeSchema(
        method === 'PUT' ? 'Replace a row' : 'Change some fields of a row',
        ['table', 'key'],
        200,
        true,
        method === 'PATCH' ? PATCH_NOTE : '',
      ),
      handler: async (request) => {
        const project = await readyProject(request, request.params.name, stores);
        const table = withKey(restTable(project, request.params.table));
        return changeRow(db, project, table, request.params.key!, request.body, method);
      },
    });
  app.delete<WriteRoute>(
    one,
    { schema: writeSchema('Delete a row (404 for its key after)', ['table', 'key'], 204, false) },
    async (request, reply) => {
      const project = await readyProject(request, request.params.name, stores);
      await deleteRow(db, project, withKey(restTable(project, request.params.table)), request.params.key!);
      return reply.code(204).send();
    },
  );
  app.delete<{ Params: { name: string } }>(
    REST_BASE,
    {
      schema: {
        summary: "Forget every write to the project's REST mock",
        tags: ['projects'],
        security: SECURITY,
        params: PROJECT_PARAMS,
        querystring: KEY_ONLY_QUERY,
        response: { 204: { type: 'null', description: 'Done' }, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const context = await projectContext(request, request.params.name, stores);
      await resetOverlay(db, context.projectId);
      return reply.code(204).send();
    },
  );
}
