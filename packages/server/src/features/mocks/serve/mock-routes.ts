/**
 * Registers the mock endpoints: /mock/<slug> and /mock/<slug>/<route path> for every method, and
 * (through the MockHostNames given to Fastify's rewriteUrl) a mock API's own host name at its root.
 * These routes are more specific than the web interface's page fallback (/*), so a browser
 * asking for HTML at /mock/... still reaches the mock.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { Kysely } from 'kysely';
import type { Tables } from '../../../db/tables.js';
import type { Plans } from '../../../users/plans.js';
import type { GenerationSharing } from '../../generation/generation-admission.js';
import { hostWithoutPort, type MockHostNames } from './host-names.js';
import { PublicMockBudget } from './public-budget.js';
import { PlanCache } from '../../generation/plan-cache.js';
import { sandboxed } from './mock-sandbox.js';
import type { RequestLog } from './request-log.js';
import type { ProxyPolicy } from '../mock-validate-proxy.js';
import { serveMock, type MockServices } from './serve-mock.js';

export interface MockRouteOptions {
  db: Kysely<Tables>;
  plans: Plans;
  timeLimitMs: number | null;
  publicUrl: string | null;
  sharing: GenerationSharing;
  hosts: MockHostNames;
  /** ROWLOOM_PUBLIC_MOCK_RATE: requests a second one public mock answers on this instance (0: no limit). */
  publicMockRate: number;
  /** Where served requests are logged (shared with the configuration API, which reads the log). */
  requestLog: RequestLog;
  /** Where a mock API's proxy may send requests (checked again when serving: the setting may have changed since it was saved). */
  proxyPolicy: ProxyPolicy;
}

const METHODS: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

export function mockRoutes(app: FastifyInstance, options: MockRouteOptions): void {
  const services: MockServices = {
    db: options.db,
    plans: options.plans,
    timeLimitMs: options.timeLimitMs,
    publicUrl: options.publicUrl,
    sharing: options.sharing,
    requestLog: options.requestLog,
    proxyPolicy: options.proxyPolicy,
    publicBudget: new PublicMockBudget(options.publicMockRate),
    // Its own: the generate route's plans may read a generation's constants, these never do.
    schemaPlans: new PlanCache(),
  };
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const { slug } = request.params as { slug: string };
    // rewriteUrl turned a request on the API's own host into /mock/<slug>/...
    const where =
      request.originalUrl !== request.url ? `host ${hostWithoutPort(request.headers.host)}` : `/mock/${slug}`;
    return serveMock(services, request, reply, slug, where);
  };
  for (const url of ['/mock/:slug', '/mock/:slug/*'])
    app.route({ method: METHODS, url, schema: { hide: true }, handler });
  const noSlug = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.code(404).headers(sandboxed({})).send({
      error: 'mock APIs are served at /mock/<slug>/<route path>; GET /api/mocks lists yours',
      code: 'not_found',
    });
  for (const url of ['/mock', '/mock/']) app.route({ method: METHODS, url, schema: { hide: true }, handler: noSlug });

  // Whoever changes mock APIs without going through /api/mocks (tests, tools) can reload it too.
  app.decorate('mockHostNames', options.hosts);
  app.addHook('onReady', async () => options.hosts.start(options.db, app.log));
  app.addHook('onClose', async () => options.hosts.stop());
  // A mock API saved, renamed or deleted on this instance: its host routes here before the
  // answer to that write is sent (onSend, not onResponse), so a client's next request finds it.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && reply.statusCode < 400 && request.url.startsWith('/api/mocks'))
      await options.hosts.refresh();
    return payload;
  });
}
