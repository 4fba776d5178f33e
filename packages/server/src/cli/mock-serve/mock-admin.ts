/**
 * The /__rowloom/ endpoints of a mock served from a file (docs/mock-files.md): what the mock
 * received, verification, and resets between tests. Each is the server's own /api/mocks
 * endpoint for the one mock API, answered in-process with the local owner's key, so the
 * CLI-run mock and the shared server verify alike.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';

export const ADMIN_PREFIX = '/__rowloom';
/** Marks the process's own in-process calls to its API, which are not sent to the mock. */
export const INTERNAL_HEADER = 'x-rowloom-internal';

/** How the process calls its own API: the local owner's key, and the token its calls carry. */
export interface InternalCaller {
  key: string;
  token: string;
}

export interface AdminTarget extends InternalCaller {
  /** The endpoints are open to whoever reaches the port, as WireMock's admin API is. */
  /** The mock API's current name (a reload may rename it). */
  name: () => string;
}

/** /__rowloom/<path> → the /api/mocks/<name><path> it stands for, with the request's own query. */
const ENDPOINTS: { method: HTTPMethods; path: string; to: string; what: string }[] = [
  { method: 'GET', path: '/requests', to: '/requests', what: 'the request log, newest first (?limit=, ?before=)' },
  { method: 'DELETE', path: '/requests', to: '/requests', what: 'clears the request log' },
  {
    method: 'POST',
    path: '/requests/find',
    to: '/requests/find',
    what: 'the requests matching a pattern, with near misses',
  },
  {
    method: 'POST',
    path: '/reset',
    to: '/reset',
    what: "CRUD collections, request counters and state machines start again (?route=: one route's collection and counter)",
  },
  { method: 'GET', path: '/states', to: '/states', what: 'the state machines and their current states' },
  {
    method: 'PUT',
    path: '/states/:machine',
    to: '/states/:machine',
    what: 'puts a state machine in a state: {"state": "paid"}',
  },
  { method: 'GET', path: '/mock', to: '', what: 'the mock API document as served' },
  { method: 'GET', path: '/openapi', to: '/openapi', what: 'the mock as an OpenAPI document' },
];

/** `/states/:machine` with the request's own (encoded) parameter. */
function withParams(path: string, params: unknown): string {
  const values = (params ?? {}) as Record<string, string>;
  return path.replace(/:(\w+)/g, (_all, name: string) => encodeURIComponent(values[name] ?? ''));
}

function forwarder(app: FastifyInstance, target: AdminTarget, to: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const query = new URLSearchParams(request.query as Record<string, string>);
    query.set('key', target.key);
    const answer = await app.inject({
      method: request.method as 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: `/api/mocks/${encodeURIComponent(target.name())}${withParams(to, request.params)}?${query}`,
      headers: { 'content-type': 'application/json', [INTERNAL_HEADER]: target.token },
      ...(typeof request.body === 'string' && request.body !== '' ? { payload: request.body } : {}),
    });
    const type = answer.headers['content-type'];
    if (type) reply.header('content-type', type);
    return reply.code(answer.statusCode).send(answer.rawPayload);
  };
}

const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

const hostName = (host: string) => (host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]);

/**
 * Why a request may not use the endpoints, or null. A page of another site can send a simple
 * POST to 127.0.0.1 (resetting the mock between someone's tests), and a page of a name it rebinds
 * to 127.0.0.1 can read the log: so a browser's request from another origin is refused, and
 * on loopback only loopback names are answered.
 */
function refusal(request: FastifyRequest, loopbackOnly: boolean): string | null {
  const host = (request.headers.host ?? '').toLowerCase();
  if (loopbackOnly && !LOOPBACK_NAMES.has(hostName(host)))
    return `${ADMIN_PREFIX} answers on loopback names only (127.0.0.1, localhost, [::1]), not ${hostName(host).slice(0, 100)}`;
  const origin = request.headers.origin;
  if (origin === undefined) return null;
  let from: string;
  try {
    from = new URL(origin).host.toLowerCase();
  } catch {
    from = origin;
  }
  return from === host ? null : `${ADMIN_PREFIX} does not answer pages of another origin (${origin.slice(0, 100)})`;
}

export function mockAdmin(target: AdminTarget, options: { loopbackOnly: boolean }): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      const why = refusal(request, options.loopbackOnly);
      if (why !== null) return reply.code(403).send({ error: why, code: 'forbidden' });
    });
    for (const endpoint of ENDPOINTS)
      app.route({
        method: endpoint.method,
        url: `${ADMIN_PREFIX}${endpoint.path}`,
        schema: { hide: true },
        handler: forwarder(app, target, endpoint.to),
      });
    app.get(ADMIN_PREFIX, { schema: { hide: true } }, async () => ({
      endpoints: ENDPOINTS.map((endpoint) => `${endpoint.method} ${ADMIN_PREFIX}${endpoint.path}: ${endpoint.what}`),
    }));
  };
}
