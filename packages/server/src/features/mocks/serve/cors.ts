/**
 * CORS for browser clients (on unless the API says cors: false): every answer allows any origin
 * and exposes the mock's own headers; a preflight OPTIONS is answered here, before any key is
 * asked for (browsers send none on a preflight), unless a route handles OPTIONS itself.
 */
import type { MockApiDocument } from '@rowloom/contract';

export const ALLOWED_HEADERS = 'X-API-Key, Content-Type, Authorization, X-CSRF-Token, X-Requested-With';
const MAX_AGE_SECONDS = '600';

export function corsOn(document: MockApiDocument): boolean {
  return document.cors !== false;
}

export function corsHeaders(exposed: string[]): Record<string, string> {
  return {
    'access-control-allow-origin': '*',
    'access-control-expose-headers': ['X-Rowloom-Mock-Route', 'X-Rowloom-Mock-Response', ...exposed].join(', '),
  };
}

/** The preflight's answer: the methods some route takes here, the headers asked for (or ours). */
export function preflightHeaders(methods: string[], requestedHeaders: string | undefined): Record<string, string> {
  const allowed = requestedHeaders && /^[\w\-, ]{1,1000}$/.test(requestedHeaders) ? requestedHeaders : ALLOWED_HEADERS;
  return {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': (methods.length
      ? methods
      : ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']
    ).join(', '),
    'access-control-allow-headers': allowed,
    'access-control-max-age': MAX_AGE_SECONDS,
  };
}
