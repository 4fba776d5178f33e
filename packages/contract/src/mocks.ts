/**
 * A mock API as users write it and as /api/mocks stores it: a named set of routes, each with
 * one or more responses, chosen by rules, at random or in turn. One definition gives the
 * TypeScript types (server and web), the OpenAPI document's schemas and the structure the
 * server checks a sent document against (server mocks/mock-structure.ts); what a schema cannot
 * say (path syntax, header policy, regex safety, saved schemas that must exist) the server
 * checks in code (mocks/mock-validation.ts).
 *
 * Two shapes: what a client sends (ids, status, body and the like may be left out) and what the
 * server stores and answers, every default filled, so the runtime reads a complete document.
 */
import Type, { type Static, type TSchema } from 'typebox';
import { OUTPUT_FORMATS } from '@rowloom/core/writer';
import {
  FAULT_KINDS,
  MOCK_LIMITS,
  MOCK_METHODS,
  OPENAPI_STATUS_KEYS,
  PARAMETER_LOCATIONS,
  ROUTE_KINDS,
  ROUTE_MODES,
  RULE_OPERATORS,
  RULE_TARGETS,
  RULES_OPERATORS,
} from './constants.js';

const closed = { additionalProperties: false } as const;
const orNull = <T extends TSchema>(type: T, description?: string) =>
  Type.Union([type, Type.Null()], description ? { description } : {});

export const MockMethod = Type.Enum(MOCK_METHODS);
export type MockMethod = Static<typeof MockMethod>;
export type FaultKind = (typeof FAULT_KINDS)[number];
export type RuleTarget = (typeof RULE_TARGETS)[number];
export type RuleOperator = (typeof RULE_OPERATORS)[number];

const latencyMs = Type.Number({ minimum: 0, maximum: MOCK_LIMITS.latencyMs });

/** How long a response waits before its first byte. */
export const Latency = Type.Union(
  [
    Type.Object({ type: Type.Literal('fixed'), ms: latencyMs }, closed),
    Type.Object({ type: Type.Literal('uniform'), min: latencyMs, max: latencyMs }, closed),
    /** WireMock's: median in ms and sigma of the underlying normal (past 3 the latencies are all ~0 or the cap). */
    Type.Object(
      { type: Type.Literal('lognormal'), median: latencyMs, sigma: Type.Number({ minimum: 0, maximum: 3 }) },
      closed,
    ),
  ],
  { description: `How long to wait before the first byte (each bound at most ${MOCK_LIMITS.latencyMs} ms)` },
);
export type Latency = Static<typeof Latency>;

/**
 * Something going wrong on purpose, with a probability (0..1) or on every Nth request of the
 * route (1-based: everyNth 3 fires on requests 3, 6, 9...). Exactly one of the two is set.
 * - status: answers `status` (default 500) with `body` (default {"error": "simulated fault"}).
 * - reset: destroys the connection without a response (the client sees ECONNRESET).
 * - empty: closes the connection without writing a byte.
 * - malformed_chunk: sends the headers (chunked) and then bytes that are not a valid chunk, then closes.
 * - dribble: sends the real response in `chunks` pieces spread over `durationMs`.
 */
export const Fault = Type.Object(
  {
    kind: Type.Enum(FAULT_KINDS),
    probability: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
    everyNth: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000_000 })),
    status: Type.Optional(Type.Integer({ minimum: 100, maximum: 599, description: 'kind status (default 500)' })),
    body: Type.Optional(Type.String({ maxLength: MOCK_LIMITS.literalBodyBytes, description: 'kind status' })),
    chunks: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, description: 'kind dribble (default 10)' })),
    durationMs: Type.Optional(
      Type.Number({ minimum: 0, maximum: MOCK_LIMITS.latencyMs, description: 'kind dribble (default 2000)' }),
    ),
  },
  { ...closed, description: 'Something going wrong on purpose; exactly one of probability and everyNth' },
);
export type Fault = Static<typeof Fault>;
const Faults = Type.Array(Fault, { maxItems: MOCK_LIMITS.faultsPerTarget });

/**
 * A test on the request. `name` is the path parameter, query parameter, header (case-insensitive)
 * or cookie name (never one of Rowloom's own rowloom_* cookies), a dotted path into the JSON body
 * or an RFC 9535 JSONPath into it (jsonpath: at most 500 characters, other names 256), an XPath
 * 1.0 expression into an XML body (xpath, at most 500), or a
 * field of a form body (form: urlencoded or multipart; a file part's value is its filename) (`user.id`, `items.0.sku`); unused for method and
 * request_number. `value` is text; `in` takes a comma-separated list; contains finds it anywhere in
 * the value; gt/lt compare as numbers; regex is an RE2 pattern (linear time) tested on bounded
 * input (see mock limits); missing and absent (a synonym) take no value.
 */
export const Rule = Type.Object(
  {
    target: Type.Enum(RULE_TARGETS),
    name: Type.Optional(
      Type.String({
        maxLength: 500,
        description:
          'Path parameter, query parameter, header, cookie or form field name (at most 256 characters), a dotted path into the JSON body, a JSONPath (jsonpath) or XPath (xpath), at most 500',
      }),
    ),
    operator: Type.Enum(RULE_OPERATORS),
    value: Type.Optional(
      Type.String({
        maxLength: 4096,
        description:
          'in: a comma-separated list; contains: text found anywhere in the value; gt/lt: a number; regex: at most 200 characters',
      }),
    ),
  },
  closed,
);
export type Rule = Static<typeof Rule>;

/**
 * What a response sends.
 * - schema: rows of the owner's saved schema. count defaults to 1; one row is sent as an object
 *   unless `array` is true (Mockaroo's behaviour), several as an array; any output format with the
 *   generate API's options (delimiter, include_header, ...). The schema's formulas read
 *   request_params (path and query parameters) and request_entity (the JSON body's keys).
 * - json: a JSON value sent as application/json.
 * - text: sent as is, with contentType (default text/plain; charset=utf-8).
 * - handler: a program in the formula language (docs/mock-handlers.md) that chooses status, headers and body.
 */
export const MockBody = Type.Union(
  [
    Type.Object(
      {
        type: Type.Literal('schema'),
        schema: Type.String({ maxLength: 200, description: 'The name of one of your saved schemas' }),
        count: Type.Optional(
          Type.Integer({ minimum: 1, description: "Rows (default 1; at most the plan's records per request)" }),
        ),
        array: Type.Optional(Type.Boolean({ description: 'Send one row as an array too (default false)' })),
        format: Type.Optional(Type.Enum(OUTPUT_FORMATS)),
        options: Type.Optional(
          Type.Record(Type.String(), Type.String(), {
            description: "The generate API's options by parameter name (delimiter, include_header...)",
          }),
        ),
      },
      closed,
    ),
    Type.Object({ type: Type.Literal('json'), value: Type.Unknown({ description: 'The JSON value to send' }) }, closed),
    Type.Object(
      {
        type: Type.Literal('text'),
        text: Type.String({ maxLength: MOCK_LIMITS.literalBodyBytes, description: 'The text to send' }),
        contentType: Type.Optional(Type.String({ maxLength: 256 })),
      },
      closed,
    ),
    Type.Object(
      {
        type: Type.Literal('handler'),
        source: Type.String({
          minLength: 1,
          maxLength: MOCK_LIMITS.handlerSourceChars,
          description: "The handler's program (docs/mock-handlers.md)",
        }),
      },
      closed,
    ),
    Type.Object({ type: Type.Literal('empty') }, closed),
  ],
  { description: 'What the response sends (default {"type": "empty"})' },
);
export type MockBody = Static<typeof MockBody>;

const id = Type.String({ maxLength: 40, description: 'Assigned when missing' });

/**
 * A request the mock sends after answering (a webhook): to a back end the server allows, after
 * `delayMs`, with a body whose {{request.…}} placeholders take the request's values.
 */
export const MockCallback = Type.Object(
  {
    url: Type.String({
      maxLength: 2048,
      description: 'http(s) URL of a host the server allows (ROWLOOM_MOCK_PROXY_HOSTS)',
    }),
    method: Type.Optional(Type.Enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], { description: 'Default POST' })),
    delayMs: Type.Optional(
      Type.Integer({ minimum: 0, maximum: MOCK_LIMITS.latencyMs, description: 'Wait after the answer (default 0)' }),
    ),
    headers: Type.Optional(Type.Record(Type.String(), Type.String(), { maxProperties: 20 })),
    body: Type.Optional(
      Type.String({
        maxLength: MOCK_LIMITS.callbackBodyChars,
        description:
          'Text with placeholders: {{request.method}}, {{request.path}}, {{request.params.id}}, {{request.query.x}}, {{request.headers.x}}, {{request.body.user.id}}, {{now}}; inserted JSON-escaped when the content type is JSON',
      }),
    ),
    contentType: Type.Optional(Type.String({ maxLength: 256, description: 'Default application/json' })),
  },
  closed,
);
export type MockCallback = Static<typeof MockCallback>;

const RESPONSE = {
  /** Stable id (assigned on save when missing): the request log and the page refer to it. */
  id,
  label: Type.Optional(Type.String({ maxLength: 200 })),
  status: Type.Integer({ minimum: 100, maximum: 599, description: 'Default 200' }),
  headers: Type.Optional(Type.Record(Type.String(), Type.String(), { maxProperties: MOCK_LIMITS.headersPerResponse })),
  latency: Type.Optional(orNull(Latency)),
  faults: Type.Optional(Faults),
  default: Type.Optional(
    Type.Boolean({ description: 'Served when no rules match (at most one per route; default the first response)' }),
  ),
  rules: Type.Optional(Type.Array(Rule, { maxItems: MOCK_LIMITS.rulesPerResponse })),
  rulesOperator: Type.Optional(
    Type.Enum(RULES_OPERATORS, { description: 'How the rules combine: all must match (default) or any' }),
  ),
  body: MockBody,
  callbacks: Type.Optional(
    Type.Array(MockCallback, {
      maxItems: MOCK_LIMITS.callbacksPerResponse,
      description: 'Requests sent after this response has gone (webhooks)',
    }),
  ),
  setState: Type.Optional(
    Type.Record(Type.String({ minLength: 1, maxLength: 100 }), Type.String({ minLength: 1, maxLength: 100 }), {
      maxProperties: MOCK_LIMITS.statesPerResponse,
      description:
        'State machines this response moves, by name, to the state given, once it is chosen: {"checkout": "paid"}. A rule with target "state" reads them; every machine starts in "Started"',
    }),
  ),
  openapiStatus: Type.Optional(
    Type.Enum(OPENAPI_STATUS_KEYS, {
      description:
        'The OpenAPI response key it stands for when that is not its status ("default", "2XX"...): kept by import, written back by export',
    }),
  ),
};
export const MockResponse = Type.Object(RESPONSE, closed);
export type MockResponse = Static<typeof MockResponse>;
const SentResponse = Type.Object(
  { ...RESPONSE, id: Type.Optional(id), status: Type.Optional(RESPONSE.status), body: Type.Optional(orNull(MockBody)) },
  closed,
);

/**
 * A CRUD collection (route kind 'crud') at `path` (e.g. /users): GET list (page/per_page and
 * filters by field value), POST, and GET/PUT/PATCH/DELETE `path/:key`. Seeded on first use (and
 * on reset) with `count` rows of the owner's saved schema `schema`; kept in the database.
 */
export const CrudSettings = Type.Object(
  {
    schema: Type.String({ maxLength: 200, description: 'The saved schema that seeds the collection' }),
    count: Type.Optional(
      Type.Integer({ minimum: 0, maximum: MOCK_LIMITS.crudRecords, description: 'Rows to seed with (default 10)' }),
    ),
    key: Type.Optional(Type.String({ description: 'The field that identifies a record (default "id")' })),
    seed: Type.Optional(
      Type.String({
        maxLength: 1000,
        description: 'Seed of the seeded rows, so a reset gives the same records (default the route id)',
      }),
    ),
  },
  closed,
);
export type CrudSettings = Static<typeof CrudSettings>;

/** A JSON Schema (OpenAPI's dialect, every $ref inlined): what a documented value should look like. */
const JsonSchema = Type.Unknown({ description: "A JSON Schema (OpenAPI's dialect), with no $ref" });

/**
 * One documented request parameter of a route (from an OpenAPI import, or written by hand): not
 * enforced by the runtime today, exported back to OpenAPI.
 */
export const RequestParameter = Type.Object(
  {
    in: Type.Enum(PARAMETER_LOCATIONS),
    name: Type.String({ minLength: 1, maxLength: 256 }),
    required: Type.Optional(Type.Boolean({ description: 'Default false (a path parameter is always required)' })),
    description: Type.Optional(Type.String({ maxLength: 1000 })),
    schema: Type.Optional(JsonSchema),
  },
  closed,
);
export type RequestParameter = Static<typeof RequestParameter>;

/** The documented request body of a route. */
export const RequestBodySpec = Type.Object(
  {
    contentType: Type.String({ maxLength: 256, description: 'A media type, such as application/json' }),
    required: Type.Optional(Type.Boolean({ description: 'Default false' })),
    description: Type.Optional(Type.String({ maxLength: 1000 })),
    schema: Type.Optional(JsonSchema),
  },
  closed,
);
export type RequestBodySpec = Static<typeof RequestBodySpec>;

/** What a route documents about the requests it takes. */
export const RouteRequest = Type.Object(
  {
    parameters: Type.Optional(Type.Array(RequestParameter, { maxItems: MOCK_LIMITS.requestParameters })),
    body: Type.Optional(RequestBodySpec),
  },
  {
    ...closed,
    description: `The request the route documents: parameters and body schema (at most ${MOCK_LIMITS.routeRequestBytes} bytes as JSON)`,
  },
);
export type RouteRequest = Static<typeof RouteRequest>;

const ROUTE = {
  id,
  method: Type.Enum(MOCK_METHODS, { description: 'Default GET (ANY for crud routes)' }),
  path: Type.String({
    description:
      'A path such as /users/:id: literal segments and :parameters, at most 20 segments (a trailing .json on a request is optional)',
  }),
  description: Type.Optional(Type.String({ maxLength: 10_000 })),
  operationId: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description: "OpenAPI's operationId (kept by import, written by export)",
    }),
  ),
  tags: Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
      maxItems: MOCK_LIMITS.tagsPerRoute,
      description: "OpenAPI's tags, for grouping",
    }),
  ),
  request: Type.Optional(RouteRequest),
  kind: Type.Enum(ROUTE_KINDS),
  mode: Type.Optional(
    Type.Enum(ROUTE_MODES, {
      description:
        'How a response is chosen: the first whose rules match then the default; at random; or in turn (default rules)',
    }),
  ),
  repeatable: Type.Optional(
    Type.Boolean({
      description: "The same method, path, query and body give the same bytes (Mockaroo's cache_for); default false",
    }),
  ),
  latency: Type.Optional(orNull(Latency)),
  faults: Type.Optional(Faults),
  responses: Type.Array(MockResponse, { maxItems: MOCK_LIMITS.responsesPerRoute }),
  crud: Type.Optional(CrudSettings),
};
export const MockRoute = Type.Object(ROUTE, closed);
export type MockRoute = Static<typeof MockRoute>;
const SentRoute = Type.Object(
  {
    ...ROUTE,
    id: Type.Optional(id),
    method: Type.Optional(ROUTE.method),
    kind: Type.Optional(ROUTE.kind),
    responses: Type.Optional(orNull(Type.Array(SentResponse, { maxItems: MOCK_LIMITS.responsesPerRoute }))),
  },
  closed,
);

/**
 * Requests no route matches go to a real back end (on a shared server only to hosts its operator
 * allows, ROWLOOM_MOCK_PROXY_HOSTS), and with `record` each answer becomes a route, so the next
 * such request is answered offline.
 */
export const MockProxy = Type.Object(
  {
    url: Type.String({
      maxLength: 2048,
      description: 'The back end: http(s)://host[:port][/base path], no query; the request path is added to it',
    }),
    record: Type.Optional(
      Type.Boolean({ description: 'Keep each answer as a route of this mock API (default false)' }),
    ),
    timeoutMs: Type.Optional(
      Type.Integer({ minimum: 100, maximum: MOCK_LIMITS.latencyMs, description: 'Default 10000' }),
    ),
  },
  { ...closed, description: 'Where unmatched requests go' },
);
export type MockProxy = Static<typeof MockProxy>;

const DOCUMENT = {
  name: Type.String({ description: 'A name of 1 to 100 characters, unique among your mock APIs, such as "Users API"' }),
  slug: Type.String({ description: 'Unique on the server; served at /mock/<slug>/...; default derived from the name' }),
  host: Type.Optional(
    orNull(Type.String(), 'An own host name (users.mocks.example.com): requests with this Host are served at its root'),
  ),
  project: Type.Optional(orNull(Type.String({ maxLength: 200 }))),
  description: Type.Optional(Type.String({ maxLength: 10_000 })),
  public: Type.Optional(Type.Boolean({ description: "No key needed (default false: the owner's key or session)" })),
  cors: Type.Optional(
    Type.Boolean({ description: 'CORS headers and preflight answers for browser clients (default true)' }),
  ),
  latency: Type.Optional(orNull(Latency, 'Default latency of every route')),
  proxy: Type.Optional(orNull(MockProxy)),
  validateRequests: Type.Optional(
    Type.Boolean({
      description:
        'Requests to routes that document their request (`request`, as an OpenAPI import keeps it) must match it: 400 saying where when they do not (default false)',
    }),
  ),
  routes: Type.Array(MockRoute, { maxItems: MOCK_LIMITS.routes }),
};
export const MockApiDocument = Type.Object(DOCUMENT, { ...closed, description: 'A mock API, every default filled' });
export type MockApiDocument = Static<typeof MockApiDocument>;

const ANSWERED = {
  url: Type.String({ description: "PUBLIC_URL (or this request's origin) + /mock/<slug>" }),
  updatedAt: Type.String(),
};

/** What POST and PUT /api/mocks take: the document, its defaults and ids optional. The keys of an answer may come back unchanged; they are ignored. */
export const MockApiInput = Type.Object(
  {
    ...DOCUMENT,
    slug: Type.Optional(orNull(DOCUMENT.slug)),
    routes: Type.Optional(orNull(Type.Array(SentRoute, { maxItems: MOCK_LIMITS.routes }))),
    url: Type.Optional(Type.Unknown({ description: 'Ignored (as GET answers it)' })),
    updatedAt: Type.Optional(Type.Unknown({ description: 'Ignored (as GET answers it)' })),
    warnings: Type.Optional(Type.Unknown({ description: 'Ignored (as an import answers it)' })),
  },
  { ...closed, description: 'A mock API; ids and defaults are filled when missing' },
);
export type MockApiInput = Static<typeof MockApiInput>;

/** What GET/PUT/POST /api/mocks/:name answer: the stored document and where it is served. */
export const StoredMockApi = Type.Object(
  {
    ...DOCUMENT,
    ...ANSWERED,
    warnings: Type.Optional(Type.Array(Type.String(), { description: 'What an import could not carry over' })),
  },
  { description: 'The stored document, every default filled, with where it is served' },
);
export type StoredMockApi = Static<typeof StoredMockApi>;

/** One entry of GET /api/mocks: a mock API at a glance. */
export const MockApiSummary = Type.Object({
  name: Type.String(),
  slug: Type.String(),
  host: orNull(Type.String()),
  public: Type.Boolean(),
  project: orNull(Type.String()),
  description: Type.String(),
  routes: Type.Integer({ description: 'How many routes' }),
  url: Type.String({ description: 'Where it is served' }),
  updatedAt: Type.String(),
});
export type MockApiSummary = Static<typeof MockApiSummary>;
export const MockApiList = Type.Object({ mocks: Type.Array(MockApiSummary) });
export type MockApiList = Static<typeof MockApiList>;

/** One entry of a mock API's request log (GET /api/mocks/:name/requests), newest first by seq. */
export const LoggedRequest = Type.Object({
  id: Type.String(),
  seq: Type.Integer(),
  at: Type.String(),
  method: Type.String(),
  path: Type.String(),
  query: Type.Record(Type.String(), Type.Unknown(), { description: 'A repeated query parameter comes as an array' }),
  headers: Type.Record(Type.String(), Type.Unknown(), {
    description: 'Without X-API-Key and Cookie; Authorization and Proxy-Authorization as "<scheme> [redacted]"',
  }),
  body: orNull(Type.String(), `The first ${MOCK_LIMITS.requestLogBodyBytes} bytes of the body`),
  bodyTruncated: Type.Boolean({ description: 'The body was longer than what is kept' }),
  status: orNull(Type.Integer()),
  routeId: orNull(Type.String()),
  responseId: orNull(Type.String()),
  fault: orNull(Type.String()),
  durationMs: orNull(Type.Number()),
});
export type LoggedRequest = Static<typeof LoggedRequest>;
export const RequestLog = Type.Object({ requests: Type.Array(LoggedRequest) });
export type RequestLog = Static<typeof RequestLog>;

/**
 * A test on one value of a logged request (POST /api/mocks/:name/requests/find): a string means
 * `equals`; an object has exactly one operator. `regex` is RE2 syntax (linear time).
 */
export const ValueMatcher = Type.Union([
  Type.String(),
  Type.Object(
    {
      equals: Type.Optional(Type.String()),
      contains: Type.Optional(Type.String()),
      regex: Type.Optional(Type.String({ maxLength: 200 })),
      exists: Type.Optional(Type.Literal(true)),
      absent: Type.Optional(Type.Literal(true)),
    },
    { ...closed, minProperties: 1, maxProperties: 1 },
  ),
]);
export type ValueMatcher = Static<typeof ValueMatcher>;

const matchers = (description: string) =>
  Type.Optional(Type.Record(Type.String(), ValueMatcher, { description, maxProperties: 20 }));

/** Which logged requests a test asks about: every condition given must hold. */
export const RequestPattern = Type.Object(
  {
    method: Type.Optional(Type.String({ description: 'GET, POST...; ANY or left out: every method' })),
    path: Type.Optional(ValueMatcher),
    query: matchers('Query parameters by name; a repeated one matches when any of its values does'),
    headers: matchers('Headers by name, any case'),
    body: Type.Optional(ValueMatcher),
    jsonPath: matchers(
      'JSONPath (RFC 9535) expressions into the JSON body: `$.user.name`, `$.items[0].sku`, `$.items[?@.qty > 2]`; a condition holds when any value it selects matches (numbers and booleans as their JSON text)',
    ),
    routeId: Type.Optional(Type.String({ description: 'The route that answered' })),
    limit: Type.Optional(
      Type.Integer({ minimum: 0, maximum: MOCK_LIMITS.requestLogEntries, description: 'Requests listed (default 50)' }),
    ),
  },
  closed,
);
export type RequestPattern = Static<typeof RequestPattern>;

/** A logged request that nearly matched, and what differed. */
export const NearMiss = Type.Object({
  request: LoggedRequest,
  differences: Type.Array(Type.String(), {
    description: 'Each condition that failed, with what was expected and what came',
  }),
});
export type NearMiss = Static<typeof NearMiss>;

export const FoundRequests = Type.Object({
  count: Type.Integer({ description: 'How many logged requests match (the log keeps the newest 500)' }),
  requests: Type.Array(LoggedRequest, { description: 'The matching requests, newest first, up to `limit`' }),
  nearMisses: Type.Array(NearMiss, {
    description: 'When none matched: up to 3 logged requests with the fewest failed conditions',
  }),
});
export type FoundRequests = Static<typeof FoundRequests>;

/** A mock API's state machines and their current states (GET /api/mocks/:name/states). */
export const MockStates = Type.Object({
  states: Type.Record(Type.String(), Type.String(), {
    description: 'Every machine the document names, by name: its current state ("Started" until moved)',
  }),
});
export type MockStates = Static<typeof MockStates>;
