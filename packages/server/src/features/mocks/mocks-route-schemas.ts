/**
 * The OpenAPI description of /api/mocks: each endpoint's parameters and answers, with the mock
 * API document and the answers' bodies from the contract. Descriptive only (openapi.ts): the
 * routes validate with mock-validation.ts, whose messages name the JSON path.
 */
import { MockApiInput, MockApiList, RequestLog, StoredMockApi } from '@rowloom/contract';
import { describedOnly } from '../../http/validation.js';
import { errorResponses, KEY_ONLY_QUERY, KEY_QUERY, SECURITY } from '../../http/openapi.js';
import { MAX_LOG_PAGE } from './request-log-read.js';

const NAME_PARAM = {
  type: 'object',
  properties: { name: { type: 'string', description: "The mock API's name, URL-encoded" } },
  required: ['name'],
};
const KEY_ONLY = KEY_ONLY_QUERY;
const TAGS = ['mocks'];
const BASE = { tags: TAGS, security: SECURITY };

export const LIST_MOCKS = {
  ...BASE,
  summary: 'List your mock APIs',
  querystring: KEY_ONLY,
  response: {
    200: MockApiList,
    ...errorResponses(401),
  },
};

export const CREATE_MOCK = {
  ...BASE,
  summary: 'Create a mock API',
  description: 'Validated whole: a 400 lists every problem by its JSON path (details[].path). See docs/mocks-api.md.',
  querystring: KEY_ONLY,
  body: MockApiInput,
  response: { 201: StoredMockApi, ...errorResponses(400, 401, 403, 404, 409, 413) },
};

export const GET_MOCK = {
  ...BASE,
  summary: 'A mock API: its stored document and URL',
  params: NAME_PARAM,
  querystring: KEY_ONLY,
  response: { 200: StoredMockApi, ...errorResponses(401, 404) },
};

export const REPLACE_MOCK = {
  ...BASE,
  summary: "Replace a mock API (the body's name may rename it)",
  description:
    'Routes and responses sent without ids keep those of the stored route with the same method and path (and the response at the same position with the same status).',
  params: NAME_PARAM,
  querystring: KEY_ONLY,
  body: MockApiInput,
  response: { 200: StoredMockApi, ...errorResponses(400, 401, 403, 404, 409, 413) },
};

export const DELETE_MOCK = {
  ...BASE,
  summary: 'Delete a mock API with its CRUD records, counters and request log',
  params: NAME_PARAM,
  querystring: KEY_ONLY,
  response: { 204: { type: 'null', description: 'Deleted' }, ...errorResponses(401, 404) },
};

export const RESET_MOCK = {
  ...BASE,
  summary: 'Reset CRUD collections (reseeded on their next request) and request counters',
  params: NAME_PARAM,
  querystring: {
    type: 'object',
    properties: { ...KEY_QUERY, route: { type: 'string', description: 'Only this route (its id)' } },
  },
  response: { 200: { type: 'object', properties: { reset: { type: 'boolean' } } }, ...errorResponses(401, 404) },
};

export const READ_LOG = {
  ...BASE,
  summary: 'The request log, newest first',
  params: NAME_PARAM,
  // Checked by the route (mock-log paging), with its own messages.
  querystring: describedOnly({
    type: 'object',
    properties: {
      ...KEY_QUERY,
      limit: { type: 'integer', minimum: 1, maximum: MAX_LOG_PAGE, description: 'Entries (default 50)' },
      before: { type: 'integer', description: 'Only entries older than this seq (the next page)' },
    },
  }),
  response: { 200: RequestLog, ...errorResponses(400, 401, 404) },
};

export const CLEAR_LOG = {
  ...BASE,
  summary: 'Clear the request log',
  params: NAME_PARAM,
  querystring: KEY_ONLY,
  response: { 204: { type: 'null', description: 'Cleared' }, ...errorResponses(401, 404) },
};

export const IMPORT_MOCK = {
  ...BASE,
  summary: 'Create (or replace) a mock API from an OpenAPI 3.0/3.1 document (JSON or YAML)',
  description:
    'Each path and method becomes a route, each documented status a response (the first 2xx is the default; others are chosen by the header "Prefer: code=<status>"). Bodies come from the examples, or are generated from the schema. What cannot be imported is listed in warnings.',
  // Checked by the route (replace=True/False as the generate routes read booleans).
  querystring: describedOnly({
    type: 'object',
    properties: {
      ...KEY_QUERY,
      name: { type: 'string', description: "The mock API's name (default the document's info.title)" },
      slug: { type: 'string' },
      validate: {
        type: 'boolean',
        description:
          "Requests must match the operations' documented parameters and bodies (validateRequests): a 400 saying where when not",
      },
      replace: {
        type: 'boolean',
        description: 'Replace the mock API of that name if you have one (default false: 409)',
      },
    },
  }),
  body: { type: 'string', description: 'The OpenAPI document, as JSON or YAML text' },
  response: {
    201: StoredMockApi,
    200: { ...StoredMockApi, description: 'Replaced (replace=true)' },
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

export const SCHEMA_BODY = {
  ...BASE,
  summary: "Turn a response's JSON body into rows of a saved schema inferred from it",
  description:
    'The body (an object, or an array of objects, as recorded from a back end) becomes a saved schema whose fields are inferred from its names and values, and the response answers generated rows of it instead.',
  params: {
    type: 'object',
    properties: { ...NAME_PARAM.properties, route: { type: 'string', description: "The route's id" } },
    required: ['name', 'route'],
  },
  querystring: KEY_ONLY,
  // Checked by the route, with messages naming the field.
  body: describedOnly({
    type: 'object',
    properties: {
      response: { type: 'integer', minimum: 0, description: "The response's position in the route (default 0)" },
      schema: { type: 'string', description: 'The saved schema to write (default <slug>-<route path>)' },
    },
  }),
  response: {
    200: { ...StoredMockApi, description: 'The document, the response now answering rows of the schema' },
    ...errorResponses(400, 401, 404),
  },
};
