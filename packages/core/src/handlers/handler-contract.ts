/**
 * Mock endpoint handlers (docs/mock-handlers.md): a short program in the formula language,
 * extended just enough to answer a request. Statements run in order (newlines or `;`), `x = expr`
 * binds a local, and the last expression's value is the response body: a hash or array is sent
 * as JSON, text as text, nil as an empty body. What a handler can call, Mockaroo's handler
 * vocabulary plus a few of our own:
 *
 *   params['id']          path and query parameters (text; a     query['page'], headers['x-h']
 *                         repeated query parameter: a list)
 *   body['name']          the JSON body (entity['name'] and request_entity too)
 *   request_number        this route's 1-based request count
 *   method, path          the request's method and path under the mock API
 *   schema 'users'        picks the saved schema the next generate uses
 *   generate 10           rows of it: 1 gives an object, more an array; cache_for: (any
 *                         duration) or the route's repeatable flag seeds them by the request
 *   generate 5, schema: 'orders'
 *   status 404            the response status (default: the response's own)
 *   header 'X-Total', 42  a response header
 *   1.year, 2.hours ...   durations (seconds), for cache_for
 *   return value          ends the handler with that body (bare return: nil)
 *
 * Paren-less command calls (`status 404`, `generate 1, cache_for: 1.year`) are accepted at the
 * start of a statement, as Mockaroo users write them. No eval: the source is parsed and
 * compiled like a formula; work is bounded (HANDLER_LIMITS) and every error has a position.
 */
import type { Datasets } from '../kernel/define-type.js';
import type { QueryParams } from '../kernel/request-data.js';
import type { Scenarios } from '../scenarios/scenario.js';

/** The request a handler reads. Plain data (it is copied to a worker thread). */
export interface HandlerRequest {
  method: string;
  /** The path under the mock API, e.g. /users/42 */
  path: string;
  /** Path parameters (from the route's :names). */
  pathParams: Record<string, string>;
  /** Query parameters; one given several times is the list of its values. */
  query: QueryParams;
  /** Lower-cased names; the key header and cookies removed. */
  headers: Record<string, string>;
  /** The parsed JSON body, the body text when it is not JSON, or null. */
  body: unknown;
  /** This route's 1-based request count. */
  requestNumber: number;
}

/** A saved schema a handler may generate from, by name. */
export interface HandlerSchema {
  fields: unknown[];
  count: number;
}

export interface HandlerSetup {
  source: string;
  request: HandlerRequest;
  /** The owner's schemas the handler names (handlerSchemaNames), loaded by the caller. */
  schemas: Record<string, HandlerSchema>;
  datasets?: Datasets;
  scenarios?: Scenarios;
  /** The status when the handler sets none (the response's configured status). */
  defaultStatus: number;
  /**
   * When set, generate() is seeded with this (the route is repeatable, or a generate call says
   * cache_for:); the caller derives it from method, path, query and body.
   */
  requestSeed?: string;
  /** Formulas' now() (ISO 8601); default the clock. */
  now?: string;
  /** Most rows all generate() calls of one run may make together (the plan's records per request). */
  maxRows: number;
  publicUrl?: string;
}

export interface HandlerResult {
  status: number;
  headers: Record<string, string>;
  contentType: string;
  /** The body's text (JSON for a hash or array). */
  body: string;
  /** Rows generate() made, for the quota. */
  rows: number;
}

/** A problem in a handler, where it is (1-based). */
export interface HandlerProblem {
  message: string;
  line: number;
  column: number;
}

export const HANDLER_LIMITS = {
  sourceChars: 16 * 1024,
  statements: 200,
  /** Bytes of the JSON body a handler may produce. */
  bodyBytes: 1024 * 1024,
} as const;
