/**
 * Security headers. Everything the server answers is user content or data (generated rows,
 * dataset previews, API answers, images, errors that echo a parameter) except the web page
 * itself, so the default is the strictest: a sandboxed document with nothing allowed, which a
 * browser never runs as the app even when a value forms markup (an XHTML <script> in XML, an
 * HTML error page). The page (index.html and its built assets) overrides the default with its
 * own policy when it is served (web-interface.ts). Mock APIs set their own sandbox
 * (mocks/serve), so their paths are left to them here.
 *
 * The headers are set on the raw response before routing: they then hold for answers sent
 * through reply.send and for streams and hijacked responses alike (Node merges them into
 * writeHead), and a route can still replace one with reply.header().
 */
import type { FastifyInstance } from 'fastify';

/** A response whose headers can be set (Node's, or @fastify/static's view of it). */
interface HeaderTarget {
  setHeader(name: string, value: string): unknown;
}

/** Data, never a document: no script, no plugin, no frame, no subresource; opaque origin. */
export const SANDBOX_CSP = "sandbox; default-src 'none'; frame-ancestors 'none'";

/**
 * The web page: its own scripts only (Vite builds no inline script), styles from itself plus
 * inline ones (the formula editor injects a <style> element; styles cannot run code), data
 * from its own API, no framing by other sites (clickjacking), no <base> or form posts elsewhere.
 */
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const COMMON: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
};

const PAGE: Record<string, string> = {
  'content-security-policy': PAGE_CSP,
  // For browsers without frame-ancestors.
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
};

/** HTTPS deployments only: half a year, this host only (mock hosts may be plain http). */
const HSTS = 'max-age=15552000';

export interface SecurityHeaderOptions {
  /** PUBLIC_URL: when it is https, browsers are told to use nothing else. */
  publicUrl: string | null;
}

/** True for requests the mock runtime answers (/mock/<slug>/..., host-routed ones rewritten to it). */
function isMockPath(url: string): boolean {
  return url === '/mock' || url.startsWith('/mock/') || url.startsWith('/mock?');
}

export function installSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  const https = options.publicUrl?.startsWith('https:') ?? false;
  app.addHook('onRequest', async (request, reply) => {
    // Mock answers have their own sandbox (mocks/serve/mock-sandbox.ts), and no HSTS: a mock
    // host may be plain http.
    if (isMockPath(request.url)) return;
    const raw = reply.raw;
    if (https) raw.setHeader('strict-transport-security', HSTS);
    setAll(raw, COMMON);
    raw.setHeader('content-security-policy', SANDBOX_CSP);
  });
}

function setAll(raw: HeaderTarget, headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) raw.setHeader(name, value);
}

/** For the web page's own responses (index.html, /assets/*): the page's policy replaces the sandbox. */
export function setPageHeaders(raw: HeaderTarget): void {
  setAll(raw, PAGE);
}
