/**
 * The OpenAPI description of /api/mocks: the mock API document (core's mocks/mock-document.ts) as JSON
 * Schema, and each endpoint's parameters and answers. Descriptive only (openapi.ts): the routes
 * validate with mock-validation.ts, whose messages name the JSON path.
 */
import { OUTPUT_FORMATS } from '@rowloom/core';
import { errorResponses, KEY_QUERY, SECURITY } from '../http/openapi.js';
import { FAULT_KINDS, MOCK_LIMITS, MOCK_METHODS, RULE_OPERATORS, RULE_TARGETS } from '@rowloom/core/mock-document';
import { MAX_LOG_PAGE } from '../mocks/request-log-read.js';

const LATENCY = {
  type: ['object', 'null'],
  description: `How long to wait before the first byte (each bound at most ${MOCK_LIMITS.latencyMs} ms)`,
  oneOf: [
    { type: 'object', properties: { type: { const: 'fixed' }, ms: { type: 'number', minimum: 0 } }, required: ['type', 'ms'] },
    { type: 'object', properties: { type: { const: 'uniform' }, min: { type: 'number', minimum: 0 }, max: { type: 'number', minimum: 0 } }, required: ['type', 'min', 'max'] },
    { type: 'object', properties: { type: { const: 'lognormal' }, median: { type: 'number', minimum: 0 }, sigma: { type: 'number', minimum: 0, maximum: 3 } }, required: ['type', 'median', 'sigma'] },
    { type: 'null' },
  ],
};

const FAULTS = {
  type: 'array',
  maxItems: MOCK_LIMITS.faultsPerTarget,
  items: {
    type: 'object',
    description: 'Something going wrong on purpose; exactly one of probability and everyNth',
    properties: {
      kind: { type: 'string', enum: [...FAULT_KINDS] },
      probability: { type: 'number', minimum: 0, maximum: 1 },
      everyNth: { type: 'integer', minimum: 1 },
      status: { type: 'integer', minimum: 100, maximum: 599, description: 'kind status (default 500)' },
      body: { type: 'string', description: 'kind status' },
      chunks: { type: 'integer', minimum: 1, maximum: 1000, description: 'kind dribble (default 10)' },
      durationMs: { type: 'number', minimum: 0, maximum: MOCK_LIMITS.latencyMs, description: 'kind dribble (default 2000)' },
    },
    required: ['kind'],
  },
};

const RULE = {
  type: 'object',
  properties: {
    target: { type: 'string', enum: [...RULE_TARGETS] },
    name: { type: 'string', description: 'Path parameter, query parameter or header name, or a dotted path into the JSON body' },
    operator: { type: 'string', enum: [...RULE_OPERATORS] },
    value: { type: 'string', description: 'in: a comma-separated list; gt/lt: a number; regex: at most 200 characters' },
  },
  required: ['target', 'operator'],
};

const BODY = {
  type: 'object',
  description: 'What the response sends (default {"type": "empty"})',
  oneOf: [
    {
      type: 'object',
      properties: {
        type: { const: 'schema' },
        schema: { type: 'string', description: 'One of your saved schemas' },
        count: { type: 'integer', minimum: 1, description: "Rows (default 1; at most the plan's records per request)" },
        array: { type: 'boolean', description: 'Send one row as an array too (default false)' },
        format: { type: 'string', enum: [...OUTPUT_FORMATS] },
        options: { type: 'object', additionalProperties: { type: 'string' }, description: "The generate API's options by parameter name (delimiter, include_header...)" },
      },
      required: ['type', 'schema'],
    },
    { type: 'object', properties: { type: { const: 'json' }, value: { description: 'Any JSON value' } }, required: ['type', 'value'] },
    { type: 'object', properties: { type: { const: 'text' }, text: { type: 'string' }, contentType: { type: 'string' } }, required: ['type', 'text'] },
    { type: 'object', properties: { type: { const: 'handler' }, source: { type: 'string', maxLength: MOCK_LIMITS.handlerSourceChars } }, required: ['type', 'source'] },
    { type: 'object', properties: { type: { const: 'empty' } }, required: ['type'] },
  ],
};

const RESPONSE = {
  type: 'object',
  properties: {
    id: { type: 'string', description: 'Assigned when missing' },
    label: { type: 'string' },
    status: { type: 'integer', minimum: 100, maximum: 599, description: 'Default 200' },
    headers: { type: 'object', additionalProperties: { type: 'string' }, maxProperties: MOCK_LIMITS.headersPerResponse },
    latency: LATENCY,
    faults: FAULTS,
    default: { type: 'boolean', description: 'Served when no rules match (at most one per route; default the first response)' },
    rules: { type: 'array', items: RULE, maxItems: MOCK_LIMITS.rulesPerResponse },
    rulesOperator: { type: 'string', enum: ['all', 'any'] },
    body: BODY,
  },
};

const ROUTE = {
  type: 'object',
  properties: {
    id: { type: 'string', description: 'Assigned when missing' },
    method: { type: 'string', enum: [...MOCK_METHODS], description: 'Default GET (ANY for crud routes)' },
    path: { type: 'string', description: '/users/:id: literal segments and :parameters, at most 20 segments' },
    description: { type: 'string' },
    kind: { type: 'string', enum: ['responses', 'crud'] },
    mode: { type: 'string', enum: ['rules', 'random', 'sequential'] },
    repeatable: { type: 'boolean' },
    latency: LATENCY,
    faults: FAULTS,
    responses: { type: 'array', items: RESPONSE, maxItems: MOCK_LIMITS.responsesPerRoute },
    crud: {
      type: 'object',
      properties: { schema: { type: 'string' }, count: { type: 'integer', minimum: 0, maximum: MOCK_LIMITS.crudRecords }, key: { type: 'string' }, seed: { type: 'string' } },
      required: ['schema'],
    },
  },
  required: ['path'],
};

const DOCUMENT_PROPERTIES = {
  name: { type: 'string', description: 'Unique among your mock APIs' },
  slug: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,62}$', description: 'Unique on the server; served at /mock/<slug>/...; default derived from the name' },
  host: { type: ['string', 'null'], description: 'An own host name: requests with this Host are served at its root' },
  project: { type: ['string', 'null'] },
  description: { type: 'string' },
  public: { type: 'boolean', description: 'No key needed (default false)' },
  cors: { type: 'boolean', description: 'CORS headers and preflight answers (default true)' },
  latency: LATENCY,
  routes: { type: 'array', items: ROUTE, maxItems: MOCK_LIMITS.routes },
};

export const MOCK_DOCUMENT = { type: 'object', properties: DOCUMENT_PROPERTIES, required: ['name'] };

const STORED = {
  type: 'object',
  description: 'The stored document, every default filled, with where it is served',
  properties: { ...DOCUMENT_PROPERTIES, url: { type: 'string', description: 'PUBLIC_URL (or this request\'s origin) + /mock/<slug>' }, updatedAt: { type: 'string' } },
};

const NAME_PARAM = { type: 'object', properties: { name: { type: 'string', description: 'The mock API\'s name, URL-encoded' } }, required: ['name'] };
const KEY_ONLY = { type: 'object', properties: KEY_QUERY };
const TAGS = ['mocks'];
const BASE = { tags: TAGS, security: SECURITY };

export const LIST_MOCKS = {
  ...BASE,
  summary: 'List your mock APIs',
  querystring: KEY_ONLY,
  response: {
    200: {
      type: 'object',
      properties: {
        mocks: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              name: { type: 'string' },
              slug: { type: 'string' },
              host: { type: ['string', 'null'] },
              public: { type: 'boolean' },
              project: { type: ['string', 'null'] },
              description: { type: 'string' },
              routes: { type: 'integer', description: 'How many routes' },
              url: { type: 'string' },
              updatedAt: { type: 'string' },
            },
          },
        },
      },
    },
    ...errorResponses(401),
  },
};

export const CREATE_MOCK = {
  ...BASE,
  summary: 'Create a mock API',
  description: 'Validated whole: a 400 lists every problem by its JSON path (details[].path). See docs/mocks-api.md.',
  querystring: KEY_ONLY,
  body: MOCK_DOCUMENT,
  response: { 201: STORED, ...errorResponses(400, 401, 403, 404, 409, 413) },
};

export const GET_MOCK = { ...BASE, summary: 'A mock API: its stored document and URL', params: NAME_PARAM, querystring: KEY_ONLY, response: { 200: STORED, ...errorResponses(401, 404) } };

export const REPLACE_MOCK = {
  ...BASE,
  summary: 'Replace a mock API (the body\'s name may rename it)',
  description: 'Routes and responses sent without ids keep those of the stored route with the same method and path (and the response at the same position with the same status).',
  params: NAME_PARAM,
  querystring: KEY_ONLY,
  body: MOCK_DOCUMENT,
  response: { 200: STORED, ...errorResponses(400, 401, 403, 404, 409, 413) },
};

export const DELETE_MOCK = { ...BASE, summary: 'Delete a mock API with its CRUD records, counters and request log', params: NAME_PARAM, querystring: KEY_ONLY, response: { 204: { type: 'null', description: 'Deleted' }, ...errorResponses(401, 404) } };

export const RESET_MOCK = {
  ...BASE,
  summary: 'Reset CRUD collections (reseeded on their next request) and request counters',
  params: NAME_PARAM,
  querystring: { type: 'object', properties: { ...KEY_QUERY, route: { type: 'string', description: 'Only this route (its id)' } } },
  response: { 200: { type: 'object', properties: { reset: { type: 'boolean' } } }, ...errorResponses(401, 404) },
};

const LOGGED = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    seq: { type: 'integer' },
    at: { type: 'string' },
    method: { type: 'string' },
    path: { type: 'string' },
    query: { type: 'object' },
    headers: { type: 'object', description: 'Without X-API-Key and Cookie; Authorization as "<scheme> [redacted]"' },
    body: { type: ['string', 'null'], description: 'The first 8 KiB of the body' },
    bodyTruncated: { type: 'boolean', description: 'The body was longer than what is kept' },
    status: { type: ['integer', 'null'] },
    routeId: { type: ['string', 'null'] },
    responseId: { type: ['string', 'null'] },
    fault: { type: ['string', 'null'] },
    durationMs: { type: ['number', 'null'] },
  },
};

export const READ_LOG = {
  ...BASE,
  summary: 'The request log, newest first',
  params: NAME_PARAM,
  querystring: {
    type: 'object',
    properties: {
      ...KEY_QUERY,
      limit: { type: 'integer', minimum: 1, maximum: MAX_LOG_PAGE, description: 'Entries (default 50)' },
      before: { type: 'integer', description: 'Only entries older than this seq (the next page)' },
    },
  },
  response: { 200: { type: 'object', properties: { requests: { type: 'array', items: LOGGED } } }, ...errorResponses(400, 401, 404) },
};

export const CLEAR_LOG = { ...BASE, summary: 'Clear the request log', params: NAME_PARAM, querystring: KEY_ONLY, response: { 204: { type: 'null', description: 'Cleared' }, ...errorResponses(401, 404) } };

export const IMPORT_MOCK = {
  ...BASE,
  summary: 'Create (or replace) a mock API from an OpenAPI 3.0/3.1 document (JSON or YAML)',
  description: 'Each path and method becomes a route, each documented status a response (the first 2xx is the default; others are chosen by the header "Prefer: code=<status>"). Bodies come from the examples, or are generated from the schema. What cannot be imported is listed in warnings.',
  querystring: {
    type: 'object',
    properties: {
      ...KEY_QUERY,
      name: { type: 'string', description: 'The mock API\'s name (default the document\'s info.title)' },
      slug: { type: 'string' },
      replace: { type: 'boolean', description: 'Replace the mock API of that name if you have one (default false: 409)' },
    },
  },
  body: { type: 'string', description: 'The OpenAPI document, as JSON or YAML text' },
  response: {
    201: { ...STORED, properties: { ...STORED.properties, warnings: { type: 'array', items: { type: 'string' } } } },
    200: { ...STORED, description: 'Replaced (replace=true)', properties: { ...STORED.properties, warnings: { type: 'array', items: { type: 'string' } } } },
    ...errorResponses(400, 401, 403, 409, 413),
  },
};

export const EXPORT_MOCK = {
  ...BASE,
  summary: 'The mock API as an OpenAPI 3.0 document',
  params: NAME_PARAM,
  querystring: KEY_ONLY,
  response: { 200: { type: 'object', description: 'An OpenAPI 3.0.3 document' }, ...errorResponses(401, 404) },
};
