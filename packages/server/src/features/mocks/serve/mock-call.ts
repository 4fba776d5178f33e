/**
 * A mock request as the runtime reads it: the effective method (`?__method=` overrides), the
 * path under the mock API and its decoded segments, the query and headers without credentials,
 * and the body (parsed JSON when it is JSON, else its text).
 */
import type { FastifyRequest } from 'fastify';
import { parseCookie } from 'cookie';
import type { MockRequestData, QueryParams } from '@rowloom/core';
import { checkJsonDepth } from '../../../http/body.js';
import { badRequest } from '../../../http/http-error.js';
import { queryText, type Query } from '../../../http/query.js';
import { MOCK_METHODS } from '@rowloom/contract';
import { isAppCookie } from '../mock-cookie-policy.js';

export interface MockCall {
  /** Upper-case; ANY never. */
  method: string;
  /** The path under the mock API as sent (percent-encoding kept), starting with '/'. */
  path: string;
  /** Decoded non-empty segments of `path`. */
  segments: string[];
  /** Each parameter's text, or the list of its texts when it was given more than once; `key` and `__method` removed. */
  query: QueryParams;
  /** Lower-cased names; X-API-Key and Cookie removed. */
  headers: Record<string, string>;
  /** The Cookie header's cookies (the first of a repeated name) without Rowloom's own; for rules only, never logged. */
  cookies: Record<string, string>;
  /** The body as received, or null. */
  bodyText: string | null;
  /** The parsed JSON body, the text when it is not JSON, or null. */
  body: unknown;
}

/** Parameters the runtime itself reads, never passed on to rules, formulas or the log. */
const RESERVED_QUERY = new Set(['key', '__method']);
const SECRET_HEADERS = new Set(['x-api-key', 'cookie']);
const METHODS = new Set<string>(MOCK_METHODS.filter((m) => m !== 'ANY'));

/** The part of `url` after /mock/<slug> (host-routed requests were rewritten to that form). */
export function pathUnderApi(url: string): string {
  const path = url.split('?', 1)[0];
  const afterSlug = path.indexOf('/', '/mock/'.length);
  return afterSlug < 0 ? '/' : path.slice(afterSlug);
}

export function decodeSegments(path: string): string[] {
  return path
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment, index) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        throw badRequest(`path segment ${index + 1} ("${segment.slice(0, 60)}") is not valid percent-encoding`);
      }
    });
}

function effectiveMethod(request: FastifyRequest): string {
  const override = queryText(request.query as Query, '__method');
  if (override === undefined || override === '') return request.method.toUpperCase();
  const method = override.toUpperCase();
  if (!METHODS.has(method))
    throw badRequest(`parameter "__method" must be one of ${[...METHODS].join(', ')}, got "${override.slice(0, 40)}"`);
  return method;
}

/** Every value kept: `?tag=a&tag=b` is {tag: ['a', 'b']}, a parameter given once stays its text. */
function plainQuery(request: FastifyRequest): QueryParams {
  const query = (request.query ?? {}) as Query;
  // fromEntries makes own properties, so a parameter named __proto__ is just a name.
  return Object.fromEntries(
    Object.keys(query)
      .filter((name) => !RESERVED_QUERY.has(name))
      .map((name) => {
        const value = query[name];
        return [name, Array.isArray(value) ? value.map(String) : String(value ?? '')];
      }),
  );
}

/** The last value of each parameter, for the parts that take one (CRUD's filters and paging). */
export function lastValues(query: QueryParams): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query).map(([name, value]) => [name, Array.isArray(value) ? (value.at(-1) ?? '') : value]),
  );
}

function plainHeaders(request: FastifyRequest): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (SECRET_HEADERS.has(name) || value === undefined) continue;
    result[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return result;
}

/** Parsed as the cookie package does (values percent-decoded when they decode); rowloom_* left out. */
function mockCookies(request: FastifyRequest): Record<string, string> {
  const header = request.headers.cookie;
  if (header === undefined || header === '') return {};
  const cookies: Record<string, string> = {};
  for (const [name, value] of Object.entries(parseCookie(header)))
    if (value !== undefined && !isAppCookie(name)) cookies[name] = value;
  return cookies;
}

/** JSON when it parses (depth-checked), else the text itself. */
function parsedBody(text: string | null): unknown {
  if (text === null || text.trim() === '') return text === null ? null : text;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return text;
  }
  return checkJsonDepth(json, 'the request body');
}

export function readCall(request: FastifyRequest): MockCall {
  const path = pathUnderApi(request.url);
  const bodyText = typeof request.body === 'string' ? request.body : null;
  return {
    method: effectiveMethod(request),
    path,
    segments: decodeSegments(path),
    query: plainQuery(request),
    headers: plainHeaders(request),
    cookies: mockCookies(request),
    bodyText,
    body: parsedBody(bodyText),
  };
}

/** What formulas read: path and query parameters (a path one wins), and the JSON object body. */
export function requestData(call: MockCall, pathParams: Record<string, string>): MockRequestData {
  const entity =
    call.body !== null && typeof call.body === 'object' && !Array.isArray(call.body)
      ? (call.body as Record<string, unknown>)
      : null;
  return { params: { ...call.query, ...pathParams }, entity };
}
