/**
 * Which origin serves what (docs/mock-runtime.md). Mocks are user content, so wherever they are
 * served nothing else of the app is, and where the app is served no mock renders as a page:
 * - a name under ROWLOOM_MOCK_HOST_SUFFIX serves only the mock API of that name (rewritten to
 *   /mock/<slug>/... by host-names.ts); any other name under it gets a 404, never the app;
 * - the host of ROWLOOM_MOCK_ORIGIN serves only /mock/<slug>/...: no /api, no web page, no
 *   static file (a 404);
 * - with ROWLOOM_MOCK_ORIGIN set, /mock/... on any other host (the app's) is redirected there
 *   (308: method and body kept, query string too), except requests carrying TEST_PANEL_HEADER
 *   (the mocks page's test panel, which signs in with the session cookie the mock origin never
 *   sees). Only a script's fetch can add a header: a link, a form, a frame or an image cannot,
 *   so what is served in place goes to a script and is never rendered as a page of the app.
 * Every answer on a mock path or a mock host gets the sandbox headers before anything else runs,
 * so the runtime's errors, Fastify's own (a bad body, a 404) and these refusals all carry them.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hostWithoutPort, type MockHostNames } from './host-names.js';
import { setSandbox } from './mock-sandbox.js';

export interface MockIsolationOptions {
  hosts: MockHostNames;
  /** ROWLOOM_MOCK_ORIGIN (scheme://host[:port]); null: mocks are served at /mock/<slug> on the app's origin. */
  mockOrigin: string | null;
}

/** /mock, /mock/..., /mock?...: the mock runtime's (host-routed requests are rewritten to it). */
export function isMockPath(url: string): boolean {
  return url === '/mock' || url.startsWith('/mock/') || url.startsWith('/mock?');
}

/** Sent by the web page's test panel (packages/web .../test-request.ts). */
export const TEST_PANEL_HEADER = 'x-rowloom-test-panel';

/** A request made by a script (navigations, forms and subresources cannot add a header): its answer is never rendered. */
function fromScript(request: FastifyRequest): boolean {
  return request.headers[TEST_PANEL_HEADER] !== undefined;
}

export function installMockIsolation(app: FastifyInstance, options: MockIsolationOptions): void {
  const originHost =
    options.mockOrigin === null ? null : new URL(options.mockOrigin).hostname.toLowerCase().replace(/\.$/, '');
  app.addHook('onRequest', async (request, reply) => {
    const host = hostWithoutPort(request.headers.host);
    const onMockPath = isMockPath(request.url);
    const onMockOrigin = originHost !== null && host === originHost;
    const onMockName = options.hosts.isUnderSuffix(host);
    if (onMockPath || onMockOrigin || onMockName) setSandbox(reply.raw);
    if (onMockName) {
      // Not rewritten: no mock API has this name (or it is reserved).
      if (request.url === request.originalUrl)
        return reply.code(404).send({
          error: `no mock API at host ${host}; a mock API's host is set in its document (GET /api/mocks lists yours)`,
          code: 'not_found',
        });
      return;
    }
    if (onMockOrigin) {
      if (!onMockPath)
        return reply
          .code(404)
          .send({ error: `this host serves only mock APIs, at /mock/<slug>/<route path>`, code: 'not_found' });
      return;
    }
    if (onMockPath && options.mockOrigin !== null && !fromScript(request)) {
      return reply.code(308).header('location', `${options.mockOrigin}${request.url}`).send();
    }
  });
}
