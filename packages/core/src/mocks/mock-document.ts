/**
 * A mock API as users write it and as /api/mocks stores it: a named set of routes, each with
 * one or more responses, chosen by rules, at random or in turn. This file is the contract
 * between the server's configuration endpoints (validation, storage, OpenAPI import/export), the
 * runtime that serves mock requests, and the web page, which all import it from here
 * (`@rowloom/core/mock-document`; types and constants only, so the page's bundle stays small).
 * Everything here is plain JSON.
 *
 * Validation (server mocks/mock-validation.ts) fills every default below, so the runtime reads a
 * complete document and never guesses.
 */
import type { OutputFormat } from '../writers/writer.js';

export const MOCK_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'ANY'] as const;
export type MockMethod = (typeof MOCK_METHODS)[number];

/** How long a response waits before its first byte. */
export type Latency =
  | { type: 'fixed'; ms: number }
  | { type: 'uniform'; min: number; max: number }
  /** WireMock's: median in ms and sigma of the underlying normal. */
  | { type: 'lognormal'; median: number; sigma: number };

export const FAULT_KINDS = ['status', 'reset', 'empty', 'malformed_chunk', 'dribble'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/**
 * Something going wrong on purpose, with a probability (0..1) or on every Nth request of the
 * route (1-based: everyNth 3 fires on requests 3, 6, 9...). Exactly one of the two is set.
 * - status: answers `status` (default 500) with `body` (default {"error": "simulated fault"}).
 * - reset: destroys the connection without a response (the client sees ECONNRESET).
 * - empty: closes the connection without writing a byte.
 * - malformed_chunk: sends the headers (chunked) and then bytes that are not a valid chunk, then closes.
 * - dribble: sends the real response in `chunks` pieces spread over `durationMs`.
 */
export interface Fault {
  kind: FaultKind;
  probability?: number;
  everyNth?: number;
  status?: number;
  body?: string;
  chunks?: number;
  durationMs?: number;
}

export const RULE_TARGETS = ['param', 'query', 'header', 'body', 'method', 'request_number'] as const;
export type RuleTarget = (typeof RULE_TARGETS)[number];
export const RULE_OPERATORS = ['equals', 'not_equals', 'regex', 'exists', 'missing', 'in', 'gt', 'lt'] as const;
export type RuleOperator = (typeof RULE_OPERATORS)[number];

/**
 * A test on the request. `name` is the path parameter, query parameter or header (case-insensitive)
 * name, or a dotted path into the JSON body (`user.id`, `items.0.sku`); unused for method and
 * request_number. `value` is text; `in` takes a comma-separated list; gt/lt compare as numbers;
 * regex is a JavaScript regular expression tested with a bounded input (see mock limits).
 */
export interface Rule {
  target: RuleTarget;
  name?: string;
  operator: RuleOperator;
  value?: string;
}

/** What a response sends. */
export type MockBody =
  /**
   * Rows of the owner's saved schema. count defaults to 1; one row is sent as an object unless
   * `array` is true (Mockaroo's behaviour), several as an array; any output format with the
   * generate API's options (delimiter, include_header, ...). The schema's formulas read
   * request_params (path and query parameters) and request_entity (the JSON body's keys).
   */
  | { type: 'schema'; schema: string; count?: number; array?: boolean; format?: OutputFormat; options?: Record<string, string> }
  /** A JSON value sent as application/json. */
  | { type: 'json'; value: unknown }
  /** Text sent as is, with contentType (default text/plain; charset=utf-8). */
  | { type: 'text'; text: string; contentType?: string }
  /** A handler in the formula language (docs/mock-handlers.md): it chooses status, headers and body. */
  | { type: 'handler'; source: string }
  | { type: 'empty' };

export interface MockResponse {
  /** Stable id (assigned on save when missing): the request log and the page refer to it. */
  id: string;
  label?: string;
  status: number;
  headers?: Record<string, string>;
  latency?: Latency | null;
  faults?: Fault[];
  /** Served when no response's rules match (route mode 'rules'); at most one per route; default: the first response. */
  default?: boolean;
  rules?: Rule[];
  /** How the rules combine: all must match (default) or any. */
  rulesOperator?: 'all' | 'any';
  body: MockBody;
}

/**
 * A CRUD collection (route kind 'crud') at `path` (e.g. /users): GET list (page/per_page and
 * filters by field value), POST, and GET/PUT/PATCH/DELETE `path/:key`. Seeded on first use (and
 * on reset) with `count` rows of the owner's saved schema `schema`; kept in the database.
 */
export interface CrudSettings {
  schema: string;
  /** Rows to seed with; default 10. */
  count?: number;
  /** The field that identifies a record; default "id". */
  key?: string;
  /** Seed for the seeded rows, so a reset gives the same records; default the route id. */
  seed?: string;
}

export interface MockRoute {
  /** Stable id (assigned on save when missing). */
  id: string;
  method: MockMethod;
  /** `/users/:id`, `/orders/:id/items`; a trailing `.json` on a request is optional. */
  path: string;
  description?: string;
  kind: 'responses' | 'crud';
  /** How a response is chosen: first whose rules match then the default; at random; or in turn. Default 'rules'. */
  mode?: 'rules' | 'random' | 'sequential';
  /** The same method, path, query and body give the same bytes (Mockaroo's cache_for). Default false. */
  repeatable?: boolean;
  latency?: Latency | null;
  faults?: Fault[];
  responses: MockResponse[];
  crud?: CrudSettings;
}

export interface MockApiDocument {
  /** Unique per user; the API's name in /api/mocks/:name. */
  name: string;
  /** Unique on the server: requests are served at /mock/<slug>/...; default derived from the name. */
  slug: string;
  /** Optional own host name (e.g. users.mocks.example.com): requests with that Host header are served at its root. */
  host?: string | null;
  project?: string | null;
  description?: string;
  /** True: no key needed. Default false: the owner's key (?key= or X-API-Key) or session. */
  public?: boolean;
  /** CORS headers and preflight answers for browser clients. Default true. */
  cors?: boolean;
  /** Default latency of every route. */
  latency?: Latency | null;
  routes: MockRoute[];
}

/** Bounds on what one mock API may hold and do (every request's memory and time are bounded). */
export const MOCK_LIMITS = {
  mockApisPerUser: 100,
  documentBytes: 512 * 1024,
  routes: 200,
  responsesPerRoute: 20,
  rulesPerResponse: 20,
  faultsPerTarget: 10,
  headersPerResponse: 50,
  handlerSourceChars: 16 * 1024,
  literalBodyBytes: 256 * 1024,
  latencyMs: 30_000,
  crudRecords: 10_000,
  crudRecordBytes: 64 * 1024,
  requestLogEntries: 500,
  requestLogBodyBytes: 8 * 1024,
  regexInputChars: 4096,
} as const;

/** One entry of a mock API's request log (GET /api/mocks/:name/requests), newest first by seq. */
export interface LoggedRequest {
  id: string;
  seq: number;
  at: string;
  method: string;
  path: string;
  /** A repeated query parameter comes as an array. */
  query: Record<string, unknown>;
  /** Without X-API-Key and Cookie; Authorization and Proxy-Authorization as "<scheme> [redacted]". */
  headers: Record<string, unknown>;
  /** The first MOCK_LIMITS.requestLogBodyBytes of the body. */
  body: string | null;
  /** True when `body` is only the first part of what was sent. */
  bodyTruncated: boolean;
  status: number | null;
  routeId: string | null;
  responseId: string | null;
  fault: string | null;
  durationMs: number | null;
}

/** One entry of GET /api/mocks: a mock API at a glance. */
export interface MockApiSummary {
  name: string;
  slug: string;
  host: string | null;
  public: boolean;
  project: string | null;
  description: string;
  /** How many routes. */
  routes: number;
  /** Where it is served. */
  url: string;
  updatedAt: string;
}
