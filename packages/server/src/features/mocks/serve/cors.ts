/**
 * CORS for browser clients (on unless the API says cors: false): every answer allows any origin
 * and exposes every header it carries that a script could not read otherwise (the configured
 * ones, a handler's, CRUD's paging headers, the runtime's ids); a preflight OPTIONS is answered here, before any key is
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

/**
 * What a browser lets a script read without being told (the CORS-safelisted response headers),
 * what it never lets it read (Set-Cookie), and what is there for the browser alone: none of
 * these need exposing.
 */
const NOT_EXPOSED = new Set([
  'cache-control',
  'content-language',
  'content-length',
  'content-type',
  'expires',
  'last-modified',
  'pragma',
  'set-cookie',
  'content-security-policy',
  'x-content-type-options',
]);

/** `x-total-count` -> `X-Total-Count` (browsers compare names in any case; this reads as the docs write them). */
const displayName = (name: string) =>
  name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase());

/**
 * `headers` as sent, with Access-Control-Expose-Headers naming every header in them a script
 * could not read otherwise (besides the names already listed); unchanged when CORS is off (no
 * such header).
 */
export function exposingAll<T extends Record<string, string>>(headers: T): T {
  const listed = headers['access-control-expose-headers'];
  if (listed === undefined) return headers;
  const names = new Map<string, string>();
  const add = (name: string) => {
    const lower = name.trim().toLowerCase();
    if (lower !== '' && !names.has(lower)) names.set(lower, name.trim());
  };
  listed.split(',').forEach(add);
  for (const name of Object.keys(headers)) {
    const lower = name.toLowerCase();
    if (!NOT_EXPOSED.has(lower) && !lower.startsWith('access-control-')) add(displayName(lower));
  }
  return { ...headers, 'access-control-expose-headers': [...names.values()].join(', ') };
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
