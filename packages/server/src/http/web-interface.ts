/**
 * Serves the web interface (packages/web, built by `npm run build`) at `/`. Its routes are the
 * browser's (/schemas, /datasets...), so any GET outside /api that asks for HTML gets index.html.
 * Built files under /assets have content hashes in their names and are cached for a year.
 * The build writes a brotli (.br) and a gzip (.gz) copy beside each text file (packages/web's
 * scripts/precompress.js); a client that accepts one gets it, with its Content-Encoding, its own
 * length and ETag, and the others the file itself.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { setPageHeaders } from './security-headers.js';

/** packages/server/dist/http → packages/web/dist */
export const WEB_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

const NOT_BUILT =
  '<!doctype html><title>Rowloom</title><p>The web interface is not built. Run <code>npm run build</code> and start the server again; the API is at <a href="/api/openapi.json">/api</a>.</p>';

/** A browser navigating to one of the page's own addresses (not the API, not a file). */
export function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0];
  if (path === '/api' || path.startsWith('/api/')) return false;
  return String(request.headers.accept ?? '').includes('text/html');
}

export async function installWebInterface(app: FastifyInstance, root = WEB_ROOT): Promise<void> {
  const built = existsSync(join(root, 'index.html'));
  if (!built) {
    app.get('/', { schema: { hide: true } }, async (_request, reply) => {
      setPageHeaders(reply.raw);
      return reply.type('text/html; charset=utf-8').send(NOT_BUILT);
    });
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    // Our own Cache-Control below, not the plugin's default max-age=0.
    cacheControl: false,
    index: ['index.html'],
    preCompressed: true,
    setHeaders(response, path) {
      setPageHeaders(response);
      // Every file may have coded copies, so caches keep one answer per Accept-Encoding.
      response.setHeader('Vary', 'Accept-Encoding');
      response.setHeader(
        'Cache-Control',
        path.startsWith(join(root, 'assets')) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  // The page's own routes (/schemas/Orders...) are index.html; the page then routes itself.
  app.get('/*', { schema: { hide: true } }, async (request, reply) => servePage(request, reply));
}

async function servePage(request: FastifyRequest, reply: FastifyReply) {
  if (!wantsPage(request)) return reply.callNotFound();
  return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
}
