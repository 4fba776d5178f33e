/**
 * Serving one mock request, in this order: find the API, answer a CORS preflight, check who
 * asks, match the route, count the request (shared counter), choose the response, pick a fault,
 * wait the latency (a client that leaves meanwhile cancels everything after), charge the owner's
 * plan, then send the body, the fault, or hand over to the CRUD collection. Every answer, error
 * or fault of a known public API lands in its request log once the response is over; of a
 * private one, only those past its authentication (so strangers cannot flush the owner's log).
 * Every answer is sandboxed (mock-sandbox.ts), and what a mock's configuration or handler puts
 * in the headers passes mock-header-policy.ts first.
 */
import { validateHeaderName, validateHeaderValue } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Tables } from '../../../db/tables.js';
import { HttpError, notFound } from '../../../http/http-error.js';
import { errorCodeOf } from '../../../http/error-codes.js';
import type { PlanLimits, Plans } from '../../../users/plans.js';
import {
  admitAndPay,
  chargeOrRefuse,
  guardResponse,
  type GenerationSharing,
  type Pay,
} from '../../generation/generation-admission.js';
import type { User } from '../../../users/users-store.js';
import type { Fault, MockApiDocument, MockProxy, MockResponse, MockRoute } from '@rowloom/contract';
import { confineCookie } from '../mock-cookie-policy.js';
import type { ProxyPolicy } from '../mock-validate-proxy.js';
import { proxyHostAllowed } from '../proxy-hosts.js';
import { forward, forwardedQuery, ProxyError, upstreamUrl, type ProxiedAnswer } from './proxy-forward.js';
import { recordRoute } from './record-route.js';
import { sendCallbacks } from './callbacks.js';
import { checkRequest } from './request-validation.js';
import { moveStates, stateMachinesOf, statesOf } from '../mock-states-store.js';
import { mockHeaderProblem } from '../mock-header-policy.js';
import { findMockBySlug, type StoredMockApi } from '../mock-lookup.js';
import { chooseResponse } from './choose-response.js';
import { readForm } from './request-form.js';
import { corsHeaders, corsOn, exposingAll, preflightHeaders } from './cors.js';
import { collectionExists, seedCountOf, serveCrudRequest } from './crud-adapter.js';
import { breakConnection, dribble, effectiveFaults, faultResponse, pickFault } from './faults.js';
import { effectiveLatency, sampleDelay, waitUnlessGone } from './latency.js';
import { authorizeMockCall, noSuchMock } from './mock-auth.js';
import { lastValues, pathUnderApi, readCall, requestData, type MockCall } from './mock-call.js';
import { hashNumber, requestHash } from './request-hash.js';
import { nextRequestNumber } from './request-counter.js';
import { routeReads } from './route-reads.js';
import type { RequestLog } from './request-log.js';
import { describeRoutes, matchRoute, methodsAt, type RouteMatch } from './route-match.js';
import { startSchemaBody } from './schema-body.js';
import { runHandlerBody } from './handler-body.js';
import type { PublicMockBudget } from './public-budget.js';
import { sandboxed } from './mock-sandbox.js';
import { releaseWhenWritten } from '../../../http/release-written.js';
import type { PlanCache } from '../../generation/plan-cache.js';
import { wholeOutputNow } from '../../generation/whole-output.js';
import { startsInline } from '@rowloom/core';

export interface MockServices {
  db: Kysely<Tables>;
  plans: Plans;
  timeLimitMs: number | null;
  publicUrl: string | null;
  sharing: GenerationSharing;
  requestLog: RequestLog;
  /** What a public mock's callers may spend (they never spend its owner's plan). */
  publicBudget: PublicMockBudget;
  /** Where a mock API's proxy may send requests. */
  proxyPolicy: ProxyPolicy;
  /** Schema bodies' plans that read nothing of the request, remembered between requests. */
  schemaPlans: PlanCache;
}

/** A dribbled body is held in memory to be cut into pieces: this much at most. */
export const DRIBBLE_MAX_BYTES = 8 * 1024 * 1024;

/** What the request log records besides the request itself. */
interface Outcome {
  call: Pick<MockCall, 'method' | 'path' | 'query' | 'headers' | 'bodyText'>;
  routeId: string | null;
  responseId: string | null;
  fault: string | null;
  /** Whether the request goes to the log: a public API's always, a private one's once authenticated. */
  logged: boolean;
}

/** Everything one request's steps share. */
interface Exchange {
  services: MockServices;
  request: FastifyRequest;
  reply: FastifyReply;
  api: StoredMockApi;
  document: MockApiDocument;
  outcome: Outcome;
  /** Headers every answer gets (CORS, the route and response ids, the response's own). */
  headers: Record<string, string>;
  where: string;
  /** Charges this call: a public mock's own budget, or a private mock's owner's plan (set once the caller is known). */
  pay: Pay;
  /** /mock/<slug> when served there (an origin mocks share): the mock's cookies are confined to it; null on its own host. */
  cookieMount: string | null;
}

const misconfigured = (message: string) => new HttpError(422, message);

const notYetKnown: Pay = async () => {
  throw new Error('a mock call was charged before its caller was known');
};

/**
 * Who pays for a call: a public mock's callers spend its own budget, so
 * strangers never spend its owner's plan; a private mock's caller is its owner, whose plan pays.
 */
function payerOf(exchange: Exchange, owner: User): Pay {
  const { services, api, document } = exchange;
  const limits = services.plans[owner.plan] ?? services.plans.free;
  if (!document.public) return (records) => chargeOrRefuse(services.db, owner.id, limits, records);
  return (records) => services.publicBudget.charge(services.db, api.id, document.name, limits, records);
}

function sendError(reply: FastifyReply, error: HttpError, headers: Record<string, string>): FastifyReply {
  if (reply.sent || reply.raw.headersSent) return reply;
  return reply
    .code(error.status)
    .headers(sandboxed(exposingAll({ ...headers, ...error.headers })))
    .send({ error: error.message, code: errorCodeOf(error.status, error.extra), ...error.extra });
}

/** `where` is how the client reached the API (/mock/<slug> or its host), for the 404 message. */
export async function serveMock(
  services: MockServices,
  request: FastifyRequest,
  reply: FastifyReply,
  slug: string,
  where: string,
): Promise<FastifyReply> {
  const started = performance.now();
  const api = await findMockBySlug(services.db, slug);
  if (!api) return sendError(reply, noSuchMock(where), {});
  const document = api.document;
  const outcome: Outcome = {
    call: { method: request.method, path: pathUnderApi(request.url), query: {}, headers: {}, bodyText: null },
    routeId: null,
    responseId: null,
    fault: null,
    logged: document.public === true,
  };
  reply.raw.once('close', () => {
    if (!outcome.logged) return;
    const raw = reply.raw;
    services.requestLog.write({
      mockApiId: api.id,
      ...outcome.call,
      status: raw.headersSent ? raw.statusCode : null,
      routeId: outcome.routeId,
      responseId: outcome.responseId,
      fault: outcome.fault,
      durationMs: performance.now() - started,
    });
  });
  const cookieMount = where.startsWith('/mock/') ? `/mock/${document.slug}` : null;
  const exchange: Exchange = {
    services,
    request,
    reply,
    api,
    document,
    outcome,
    headers: corsOn(document) ? corsHeaders([]) : {},
    where,
    cookieMount,
    pay: notYetKnown,
  };
  try {
    return await serveKnown(exchange);
  } catch (error) {
    if (error instanceof HttpError) return sendError(reply, error, exchange.headers);
    throw error;
  }
}

async function serveKnown(exchange: Exchange): Promise<FastifyReply> {
  const { services, request, reply, document, outcome } = exchange;
  const call = readCall(request);
  outcome.call = call;
  const match = matchRoute(document.routes, call.method, call.segments);
  if (call.method === 'OPTIONS' && corsOn(document) && match?.route.method !== 'OPTIONS') {
    return reply
      .code(204)
      .headers(
        sandboxed(
          preflightHeaders(
            methodsAt(document.routes, call.segments),
            request.headers['access-control-request-headers'],
          ),
        ),
      )
      .send();
  }
  const owner = await authorizeMockCall(services.db, request, exchange.api, exchange.where);
  outcome.logged = true;
  // A public mock's rate is taken before anything else is done for the call.
  if (exchange.document.public) services.publicBudget.admit(exchange.api.id, exchange.document.name);
  exchange.pay = payerOf(exchange, owner);
  if (!match && document.proxy) return serveProxied(exchange, call, document.proxy);
  if (!match)
    throw notFound(
      `no route of mock API '${document.name}' matches ${call.method} ${call.path}; its routes: ${describeRoutes(document.routes)}`,
    );
  outcome.routeId = match.route.id;
  exchange.headers['x-rowloom-mock-route'] = match.route.id;
  const where = `routes[${document.routes.indexOf(match.route)}]`;
  if (document.validateRequests) checkRequest(match.route, call, match.params, where);
  // 0 where nothing reads it: such a route does not count (route-reads.ts).
  const requestNumber = routeReads(match.route).requestNumber
    ? await nextRequestNumber(services.db, exchange.api.id, match.route.id)
    : 0;
  if (match.route.kind === 'crud') return serveCrud(exchange, call, match, owner, requestNumber);
  return serveResponses(exchange, call, match, owner, requestNumber, where);
}

/**
 * An unmatched request sent on to the back end (proxy-forward.ts), charged as a request of no
 * rows; with `record`, its answer becomes a route (record-route.ts). A back end that cannot be
 * reached is a 502 naming it.
 */
async function serveProxied(exchange: Exchange, call: MockCall, proxy: MockProxy): Promise<FastifyReply> {
  const { services, request, reply } = exchange;
  if (!proxyHostAllowed(new URL(proxy.url), services.proxyPolicy.hosts))
    throw misconfigured(
      `proxy.url ${proxy.url} names a host this server no longer proxies to (ROWLOOM_MOCK_PROXY_HOSTS)`,
    );
  await exchange.pay(0);
  const url = upstreamUrl(proxy, call, forwardedQuery(request.url));
  let answer: ProxiedAnswer;
  try {
    answer = await forward(proxy, call, url);
  } catch (error) {
    if (error instanceof ProxyError) throw new HttpError(502, error.message);
    throw error;
  }
  const headers: Record<string, string> = { ...answer.headers, ...exchange.headers, 'x-rowloom-proxied': 'true' };
  if (proxy.record) {
    const notRecorded = await recordRoute(services.db, exchange.api.id, call, answer, url);
    if (notRecorded !== null)
      headers['x-rowloom-not-recorded'] = notRecorded.slice(0, 300).replace(/[^\x20-\x7e]/g, '?');
  }
  return reply.code(answer.status).headers(sandboxed(headers)).send(answer.body);
}

/** The latency before anything is sent; false when the client left meanwhile (nothing more is done). */
async function waited(exchange: Exchange, route: MockRoute, response: MockResponse | null): Promise<boolean> {
  const delay = sampleDelay(effectiveLatency(response?.latency, route.latency, exchange.document.latency));
  if (await waitUnlessGone(delay, exchange.reply.raw)) return true;
  // Nothing will be sent: the connection is closed here, so it is not left half-used.
  void exchange.reply.hijack();
  exchange.request.raw.socket.destroy();
  return false;
}

async function serveResponses(
  exchange: Exchange,
  call: MockCall,
  match: RouteMatch,
  owner: User,
  requestNumber: number,
  where: string,
): Promise<FastifyReply> {
  const { services, reply, outcome } = exchange;
  const route = match.route;
  const label = `${where} (${route.method} ${route.path})`;
  if (route.responses.length === 0) throw misconfigured(`${label} has no responses`);
  const hash = route.repeatable ? requestHash(call) : null;
  const states = routeReads(route).states
    ? await statesOf(services.db, exchange.api.id, stateMachinesOf(exchange.document))
    : undefined;
  const form = routeReads(route).form ? await readForm(call.headers['content-type'], call.bodyText) : undefined;
  const { response, index } = chooseResponse(
    route,
    { call, pathParams: match.params, requestNumber, states, form },
    where,
    hash === null ? null : hashNumber(hash),
  );
  // The machines move once the response is chosen, before its latency: the next request sees the new state.
  if (response.setState) await moveStates(services.db, exchange.api.id, response.setState);
  if (response.callbacks?.length) {
    const callbacks = response.callbacks;
    const request = { ...call, params: match.params };
    reply.raw.once('finish', () => sendCallbacks(callbacks, request, services.proxyPolicy.hosts, exchange.request.log));
  }
  const responseWhere = `${where}.responses[${index}]`;
  outcome.responseId = response.id;
  exchange.headers['x-rowloom-mock-response'] = response.id;
  addResponseHeaders(exchange, response, responseWhere);
  const fault = pickFault(effectiveFaults(response.faults, route.faults), requestNumber);
  if (!(await waited(exchange, route, response))) return reply;
  const limits = services.plans[owner.plan] ?? services.plans.free;
  if (fault && fault.kind !== 'dribble') return sendFault(exchange, { ...fault, kind: fault.kind });
  if (fault) outcome.fault = fault.kind;
  const body = response.body;
  if (body.type === 'schema') {
    const where = `${responseWhere} (${route.method} ${route.path})`;
    return sendSchemaBody(
      exchange,
      { body, status: response.status, fault, seed: hash, where },
      { call, match, ownerId: owner.id, limits },
    );
  }
  let literal: { contentType: string | null; bytes: Buffer | null };
  let status = response.status;
  if (body.type === 'handler') {
    const result = await runHandlerBody(
      {
        db: services.db,
        sharing: services.sharing,
        ownerId: owner.id,
        limits,
        timeLimitMs: services.timeLimitMs,
        call,
        pathParams: match.params,
        requestNumber,
        defaultStatus: response.status,
        seed: hash,
        publicUrl: services.publicUrl ?? undefined,
        where: `${responseWhere} (${route.method} ${route.path})`,
        response: reply.raw,
      },
      body.source,
    );
    if (result === null) return reply.hijack();
    await exchange.pay(result.rows);
    status = result.status;
    // The handler's headers come after the configured ones: it has the last word.
    const refused = (name: string) => (problem: string) =>
      misconfigured(
        `${responseWhere} (${route.method} ${route.path}): the handler's header "${name.slice(0, 60)}" ${problem}`,
      );
    for (const [name, value] of Object.entries(result.headers)) addMockHeader(exchange, name, value, refused(name));
    literal = { contentType: result.contentType, bytes: Buffer.from(result.body) };
  } else {
    await exchange.pay(0);
    literal = literalBody(body);
  }
  const headers = sandboxed(
    exposingAll({
      ...(literal.contentType ? { 'content-type': literal.contentType } : {}),
      ...exchange.headers,
    }),
  );
  if (fault) {
    dribble(reply, status, headers, literal.bytes ?? Buffer.alloc(0), fault, services.sharing.stallMs);
    return reply;
  }
  return reply
    .code(status)
    .headers(headers)
    .send(literal.bytes ?? undefined);
}

/** A fault that replaces the answer (all but dribble): charged as a request of no rows, then sent, or the connection broken. */
async function sendFault(
  exchange: Exchange,
  fault: Fault & { kind: Exclude<Fault['kind'], 'dribble'> },
): Promise<FastifyReply> {
  const { reply } = exchange;
  exchange.outcome.fault = fault.kind;
  await exchange.pay(0);
  if (fault.kind === 'status') {
    const answer = faultResponse(fault);
    return reply
      .code(answer.status)
      .headers(sandboxed(exposingAll({ ...exchange.headers, 'content-type': answer.contentType })))
      .send(answer.body);
  }
  breakConnection(
    fault.kind,
    exchange.request,
    reply,
    exposingAll({ ...exchange.headers, 'content-type': 'application/json; charset=utf-8' }),
  );
  return reply;
}

interface SchemaAnswer {
  body: Extract<MockResponse['body'], { type: 'schema' }>;
  status: number;
  /** A dribble fault (the others were answered before), or null. */
  fault: Fault | null;
  seed: string | null;
  where: string;
}

interface Caller {
  call: MockCall;
  match: RouteMatch;
  ownerId: string;
  limits: PlanLimits;
}

/** Rows of a saved schema, streamed from the generation threads like /api/generate's (or dribbled). */
async function sendSchemaBody(
  exchange: Exchange,
  answer: SchemaAnswer,
  { call, match, ownerId, limits }: Caller,
): Promise<FastifyReply> {
  const { services, reply } = exchange;
  const { generation, rows } = await startSchemaBody(
    {
      db: services.db,
      pool: services.sharing.pool,
      inline: services.sharing.inline,
      datasetTexts: services.sharing.datasetTexts,
      plans: services.schemaPlans,
      ownerId,
      limits,
      request: requestData(call, match.params),
      seed: answer.seed,
      publicUrl: services.publicUrl ?? undefined,
      where: answer.where,
    },
    answer.body,
  );
  const release = await admitAndPay(services.sharing.limiter, ownerId, exchange.pay, rows, generation.stream);
  if (exchange.request.raw.socket.destroyed) {
    release();
    generation.stream.destroy();
    return reply;
  }
  const headers = sandboxed(exposingAll({ 'content-type': generation.contentType, ...exchange.headers }));
  if (answer.fault) {
    const bytes = await collect(generation.stream).finally(release);
    dribble(reply, answer.status, headers, bytes, answer.fault, services.sharing.stallMs);
    return reply;
  }
  guardResponse(exchange.request, reply, {
    generation: generation.stream,
    body: generation.stream,
    timeLimitMs: services.timeLimitMs,
    stallMs: services.sharing.stallMs,
    release,
  });
  // Rows made here in one slice go out as one piece, as the generate route's (whole-output.ts).
  const whole = startsInline(generation.plan, rows, services.sharing.inline)
    ? await wholeOutputNow(generation.stream)
    : null;
  if (exchange.request.raw.socket.destroyed) return reply;
  // The threads' batches go back to them once written (http/release-written.ts).
  if (!whole) releaseWhenWritten(generation.stream, generation.release);
  return reply
    .code(answer.status)
    .headers(headers)
    .send(whole ?? generation.stream);
}

function literalBody(body: MockResponse['body']): { contentType: string | null; bytes: Buffer | null } {
  switch (body.type) {
    case 'json':
      return { contentType: 'application/json; charset=utf-8', bytes: Buffer.from(JSON.stringify(body.value ?? null)) };
    case 'text':
      return { contentType: body.contentType ?? 'text/plain; charset=utf-8', bytes: Buffer.from(body.text) };
    default:
      return { contentType: null, bytes: null };
  }
}

/** The response's own headers (checked: a bad one is the mock's mistake, a 422, not a crash; saved documents were checked too, but maybe by older rules). */
function addResponseHeaders(exchange: Exchange, response: MockResponse, where: string): void {
  const own = response.headers ?? {};
  for (const [name, value] of Object.entries(own)) {
    const place = `${where}.headers["${name.slice(0, 60)}"]`;
    try {
      validateHeaderName(name);
      validateHeaderValue(name, value);
    } catch (error) {
      throw misconfigured(`${place} cannot be sent: ${(error as Error).message}`);
    }
    addMockHeader(exchange, name, String(value), (problem) => misconfigured(`${place} ${problem}`));
  }
}

/** A header the mock wrote, once the policy allows it; a cookie at /mock/<slug> is confined to that path. */
function addMockHeader(exchange: Exchange, name: string, value: string, refuse: (problem: string) => HttpError): void {
  const problem = mockHeaderProblem(name, value);
  if (problem !== null) throw refuse(problem);
  const lower = name.toLowerCase();
  exchange.headers[lower] =
    lower === 'set-cookie' && exchange.cookieMount !== null ? confineCookie(value, exchange.cookieMount) : value;
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > DRIBBLE_MAX_BYTES) {
      stream.destroy();
      throw misconfigured(
        `a dribbled body is held in memory and may be at most ${DRIBBLE_MAX_BYTES} bytes; generate fewer rows`,
      );
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

async function serveCrud(
  exchange: Exchange,
  call: MockCall,
  match: RouteMatch,
  owner: User,
  requestNumber: number,
): Promise<FastifyReply> {
  const { services, reply, outcome } = exchange;
  const route = match.route;
  const fault = pickFault(effectiveFaults(route.faults), requestNumber);
  if (!(await waited(exchange, route, null))) return reply;
  if (fault && fault.kind !== 'dribble') return sendFault(exchange, { ...fault, kind: fault.kind });
  const body = typeof call.body === 'string' ? undefined : (call.body ?? undefined);
  // Charged before it runs, so a refused request changes nothing: the request, plus the seed
  // rows when the collection is not there yet (a race with another instance may seed instead).
  const seedRows = (await collectionExists(services.db, { mockApiId: exchange.api.id, routeId: route.id }))
    ? 0
    : seedCountOf(route.crud!);
  await exchange.pay(seedRows);
  const answer = await serveCrudRequest(
    { db: services.db, pool: services.sharing.pool, datasetTexts: services.sharing.datasetTexts },
    {
      mockApiId: exchange.api.id,
      userId: owner.id,
      route,
      method: call.method === 'HEAD' ? 'GET' : call.method,
      key: match.crudKey,
      query: lastValues(call.query),
      body,
      url: collectionUrl(exchange, call, match),
    },
  );
  // Which headers browsers may read is the runtime's to say (none of it when CORS is off).
  const { 'access-control-expose-headers': _collectionsList, ...collectionHeaders } = answer.headers ?? {};
  const headers: Record<string, string> = sandboxed(
    exposingAll({
      ...(answer.body === null ? {} : { 'content-type': 'application/json; charset=utf-8' }),
      ...collectionHeaders,
      ...exchange.headers,
    }),
  );
  const bytes = answer.body === null ? Buffer.alloc(0) : Buffer.from(JSON.stringify(answer.body));
  if (fault) {
    outcome.fault = fault.kind;
    dribble(reply, answer.status, headers, bytes, fault, services.sharing.stallMs);
    return reply;
  }
  return reply
    .code(answer.status)
    .headers(headers)
    .send(answer.body === null ? undefined : bytes);
}

/** The collection's path as the client reached it (for Location and Link): /mock/<slug>/users, or /users on the API's host. */
function collectionUrl(exchange: Exchange, call: MockCall, match: RouteMatch): string {
  const mount = exchange.where.startsWith('/mock/') ? `/mock/${encodeURIComponent(exchange.document.slug)}` : '';
  const segments = call.path.split('/').filter((segment) => segment !== '');
  return `${mount}/${(match.crudKey === null ? segments : segments.slice(0, -1)).join('/')}`;
}
