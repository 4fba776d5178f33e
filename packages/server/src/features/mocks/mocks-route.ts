/**
 * The configuration API of mock APIs (docs/mocks-api.md): list, create, show, replace, delete,
 * reset, the request log, and OpenAPI import and export. Every answer with a document carries
 * `url`, where the mock API is served. The mock requests themselves are the runtime's.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GenerationPool } from '@rowloom/core';
import type { Kysely } from 'kysely';
import type { DatasetTexts } from '../datasets/dataset-texts.js';
import type { Tables } from '../../db/tables.js';
import { userOf } from '../../http/auth-hook.js';
import { jsonBody, TAKES_FILES } from '../../http/body.js';
import { badRequest, HttpError, notFound } from '../../http/http-error.js';
import { queryBoolean, queryCount, queryText, type Query } from '../../http/query.js';
import { MOCK_LIMITS, type MockApiDocument } from '@rowloom/contract';
import { handlerChecker } from './handler-check.js';
import { exportOpenApi } from './openapi-export.js';
import { importOpenApi } from './openapi-import.js';
import { parseOpenApiOffThread } from './openapi-parse-thread.js';
import {
  createMockApi,
  deleteMockApi,
  findMockApi,
  listMockApis,
  replaceMockApi,
  resetMockApi,
  type MockApiRecord,
} from './mock-store.js';
import { readMockApi, type MockProblem, type MockReadOptions } from './mock-validation.js';
import type { ProxyPolicy } from './mock-validate-proxy.js';
import { clearRequestLog, DEFAULT_LOG_PAGE, MAX_LOG_PAGE, readRequestLog, type LogWrites } from './request-log-read.js';
import { schemaExamples } from './schema-examples.js';
import { ownedMock } from './owned-mock.js';
import { turnIntoSchemaBody } from './schema-body-turn.js';
import { saveSchema } from '../schemas/schemas-store.js';
import { compileSchema } from '@rowloom/core';
import type { Plans } from '../../users/plans.js';
import type { User } from '../../users/users-store.js';
import { projectIdFor } from '../projects/project-param.js';
import {
  CLEAR_LOG,
  CREATE_MOCK,
  DELETE_MOCK,
  EXPORT_MOCK,
  GET_MOCK,
  IMPORT_MOCK,
  LIST_MOCKS,
  READ_LOG,
  REPLACE_MOCK,
  RESET_MOCK,
  SCHEMA_BODY,
} from './mocks-route-schemas.js';

export interface MocksRouteOptions {
  plans: Plans;
  /** PUBLIC_URL; null: the request's own origin. */
  publicUrl: string | null;
  /** The generation threads: the OpenAPI export's example rows are made there. */
  pool: GenerationPool;
  /** The server's datasets as text: a handler's from_dataset is checked against their columns. */
  datasetTexts: DatasetTexts;
  /** ROWLOOM_MOCK_HOST_SUFFIX: a mock API's host must be a name under it; null: host names are off. */
  mockHostSuffix: string | null;
  /** ROWLOOM_MOCK_ORIGIN: where /mock/<slug> is served (the `url` of each API); null: the app's own address. */
  mockOrigin?: string | null;
  /** The runtime's log writes: the log is read and cleared once this instance's are in. */
  requestLog: LogWrites;
  /** Where a mock API's `proxy` may point (ROWLOOM_MOCK_PROXY_HOSTS). */
  proxyPolicy: ProxyPolicy;
}

const EXAMPLE =
  '{"name": "Users", "routes": [{"method": "GET", "path": "/users/:id", "responses": [{"status": 200, "body": {"type": "json", "value": {"id": 1}}}]}]}';

/** Where the server was reached: PUBLIC_URL, else the request's scheme and Host. */
function baseUrl(request: FastifyRequest, publicUrl: string | null): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  return `${request.protocol}://${request.host}`;
}

/** The 400 listing every problem: the first five in the message, all of them in details. */
function problemsError(problems: MockProblem[], more: number): HttpError {
  const total = problems.length + more;
  const shown = problems
    .slice(0, 5)
    .map((problem) => problem.message)
    .join('; ');
  const message = total > 5 ? `${shown}; and ${total - 5} more problems (see details)` : shown;
  return badRequest(message, {
    details: problems.map((problem) => ({ path: problem.path, field: problem.path, message: problem.message })),
  });
}

/** The request body as a document: bounded by MOCK_LIMITS.documentBytes before it is parsed. */
function documentBody(request: FastifyRequest): unknown {
  const body = request.body;
  if (typeof body === 'string' && Buffer.byteLength(body, 'utf8') > MOCK_LIMITS.documentBytes) {
    throw new HttpError(
      413,
      `the mock API document is ${Buffer.byteLength(body, 'utf8')} bytes; at most ${MOCK_LIMITS.documentBytes} are allowed (split it into several mock APIs)`,
    );
  }
  const json = jsonBody(body);
  if (json === undefined) throw badRequest(`the body must be a mock API document as JSON, such as ${EXAMPLE}`);
  return json;
}

/** The mock APIs' management (/api/mocks) as a Fastify plugin; serving them is mock-routes.ts's. */
export async function mocksFeature(
  app: FastifyInstance,
  options: MocksRouteOptions & { db: Kysely<Tables> },
): Promise<void> {
  const { db } = options;
  app.addHook('preHandler', app.authenticate);
  const mockBase = (request: FastifyRequest) => options.mockOrigin ?? baseUrl(request, options.publicUrl);
  const answer = (request: FastifyRequest, stored: MockApiRecord) => ({
    ...stored.document,
    url: `${mockBase(request)}/mock/${stored.document.slug}`,
    updatedAt: stored.updatedAt,
  });

  /** What validation needs to know about the owner and the server. */
  const readOptions = async (
    request: FastifyRequest,
    user: User,
    json: unknown,
    existing?: MockApiDocument,
  ): Promise<MockReadOptions> => {
    const schemas = await db.selectFrom('schemas').select('name').where('user_id', '=', user.id).execute();
    const plan = options.plans[user.plan] ?? options.plans.free;
    const checkHandler = await handlerChecker(db, user.id, json, options.datasetTexts);
    return {
      existing,
      schemaNames: schemas.map((row) => row.name),
      recordsPerRequest: plan?.recordsPerRequest ?? null,
      hostSuffix: options.mockHostSuffix,
      proxyPolicy: options.proxyPolicy,
      checkHandler,
    };
  };

  const validated = async (request: FastifyRequest, user: User, json: unknown, existing?: MockApiDocument) => {
    const result = readMockApi(json, await readOptions(request, user, json, existing));
    if (result.problems) throw problemsError(result.problems, result.more);
    const projectId = await projectIdFor(db, user.id, result.document.project ?? null, 'project');
    return { document: result.document, projectId: projectId ?? null };
  };

  const owned = (request: FastifyRequest) => ownedMock(db, request);

  app.get('/api/mocks', { schema: LIST_MOCKS }, async (request) => {
    const user = userOf(request);
    const base = mockBase(request);
    return {
      mocks: (await listMockApis(db, user.id)).map((summary) => ({ ...summary, url: `${base}/mock/${summary.slug}` })),
    };
  });

  app.post('/api/mocks', { schema: CREATE_MOCK }, async (request, reply) => {
    const user = userOf(request);
    const { document, projectId } = await validated(request, user, documentBody(request));
    return reply.code(201).send(answer(request, await createMockApi(db, user.id, document, projectId)));
  });

  app.post('/api/mocks/import', { schema: IMPORT_MOCK, config: TAKES_FILES }, async (request, reply) =>
    importRoute(request, reply),
  );

  app.get('/api/mocks/:name', { schema: GET_MOCK }, async (request) => answer(request, (await owned(request)).stored));

  app.put('/api/mocks/:name', { schema: REPLACE_MOCK }, async (request) => {
    const { user, stored } = await owned(request);
    const json = documentBody(request);
    // The path names the API; a body without a name keeps it.
    const body =
      json !== null &&
      typeof json === 'object' &&
      !Array.isArray(json) &&
      (json as { name?: unknown }).name === undefined
        ? { ...json, name: stored.document.name }
        : json;
    const { document, projectId } = await validated(request, user, body, stored.document);
    const replaced = await replaceMockApi(db, user.id, stored.id, document, projectId);
    await forgetRemovedRoutes(stored.document, document, stored.id);
    return answer(request, replaced);
  });

  app.delete('/api/mocks/:name', { schema: DELETE_MOCK }, async (request, reply) => {
    const { user, stored } = await owned(request);
    await deleteMockApi(db, user.id, stored.id);
    return reply.code(204).send();
  });

  app.post('/api/mocks/:name/reset', { schema: RESET_MOCK }, async (request) => {
    const { stored } = await owned(request);
    const route = queryText(request.query as Query, 'route');
    if (route !== undefined && route !== '' && !stored.document.routes.some((r) => r.id === route)) {
      const ids = stored.document.routes.map((r) => `${r.id} (${r.method} ${r.path})`).slice(0, 20);
      throw notFound(
        `parameter "route": mock API "${stored.document.name}" has no route with id "${route.slice(0, 60)}"; its routes are ${ids.join(', ') || 'none'}`,
      );
    }
    await resetMockApi(db, stored.id, route || undefined);
    return { reset: true };
  });

  app.get('/api/mocks/:name/requests', { schema: READ_LOG }, async (request) => {
    const { stored } = await owned(request);
    const query = request.query as Query;
    const limit = queryCount(query, 'limit') ?? DEFAULT_LOG_PAGE;
    if (limit < 1 || limit > MAX_LOG_PAGE)
      throw badRequest(`parameter "limit" must be 1..${MAX_LOG_PAGE}, got ${limit}`);
    const before = queryCount(query, 'before');
    await options.requestLog.settled();
    return { requests: await readRequestLog(db, stored.id, limit, before) };
  });

  app.delete('/api/mocks/:name/requests', { schema: CLEAR_LOG }, async (request, reply) => {
    const { stored } = await owned(request);
    // An entry still being written would otherwise land in the log just cleared.
    await options.requestLog.settled();
    await clearRequestLog(db, stored.id);
    return reply.code(204).send();
  });

  app.post('/api/mocks/:name/routes/:route/schema-body', { schema: SCHEMA_BODY }, async (request) => {
    const { user, stored } = await owned(request);
    const turned = turnIntoSchemaBody(
      stored.document,
      (request.params as { route: string }).route,
      jsonBody(request.body),
    );
    compileSchema(turned.fields as never[]);
    await saveSchema(db, user.id, turned.schema, turned.fields, turned.count);
    const { document, projectId } = await validated(request, user, turned.document, stored.document);
    return {
      ...answer(request, await replaceMockApi(db, user.id, stored.id, document, projectId)),
      schema: { name: turned.schema, fields: turned.fields },
      warnings: turned.warnings,
    };
  });

  app.get('/api/mocks/:name/openapi', { schema: EXPORT_MOCK }, async (request, reply) => {
    const { user, stored } = await owned(request);
    const examples = await schemaExamples(db, options.pool, user.id, stored.document);
    const url = answer(request, stored).url;
    return reply
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(exportOpenApi(stored.document, url, examples)));
  });

  async function importRoute(request: FastifyRequest, reply: FastifyReply) {
    const user = userOf(request);
    const query = request.query as Query;
    const replace = queryBoolean(query, ['replace'], false);
    const imported = importOpenApi(await parseOpenApiOffThread(typeof request.body === 'string' ? request.body : ''), {
      name: queryText(query, 'name'),
      slug: queryText(query, 'slug'),
    });
    const existing = replace ? await findMockApi(db, user.id, imported.document.name as string) : undefined;
    // validate=true: requests must match what the document says they are (as Prism checks them).
    const sent = queryBoolean(query, ['validate'], false)
      ? { ...imported.document, validateRequests: true }
      : imported.document;
    const { document, projectId } = await validated(request, user, sent, existing?.document);
    const stored = existing
      ? await replaceMockApi(db, user.id, existing.id, document, projectId)
      : await createMockApi(db, user.id, document, projectId);
    if (existing) await forgetRemovedRoutes(existing.document, document, existing.id);
    return reply.code(existing ? 200 : 201).send({ ...answer(request, stored), warnings: imported.warnings });
  }

  /** A replaced document's vanished routes leave no counters, records or collections behind. */
  async function forgetRemovedRoutes(before: MockApiDocument, after: MockApiDocument, id: string): Promise<void> {
    const kept = new Set(after.routes.map((route) => route.id));
    for (const route of before.routes) if (!kept.has(route.id)) await resetMockApi(db, id, route.id);
  }
}
