/**
 * The contract's plain constants: enumerations and bounds that the schemas use and that the web
 * page reads as values. Kept apart from the schemas (which need TypeBox at run time) so that a
 * page importing only these (`@rowloom/contract/constants`) stays small.
 */

/** The longest seed a saved schema keeps (as a generate request's seed parameter). */
export const MAX_SCHEMA_SEED_LENGTH = 1000;

/** A background job's states, in the order a job goes through them. */
export const JOB_STATUSES = ['queued', 'running', 'assembling', 'done', 'failed', 'cancelled', 'expired'] as const;

export const MOCK_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'ANY'] as const;
export const FAULT_KINDS = ['status', 'reset', 'empty', 'malformed_chunk', 'dribble'] as const;
export const RULE_TARGETS = [
  'param',
  'query',
  'header',
  'cookie',
  'body',
  'jsonpath',
  'xpath',
  'form',
  'method',
  'request_number',
  'state',
] as const;
/** The state every state machine of a mock API starts in, and returns to on reset (WireMock's name). */
export const INITIAL_MOCK_STATE = 'Started';
/** `absent` is a synonym of `missing` (the word verification patterns use), kept as written. */
export const RULE_OPERATORS = [
  'equals',
  'not_equals',
  'contains',
  'regex',
  'exists',
  'missing',
  'absent',
  'in',
  'gt',
  'lt',
] as const;
export const ROUTE_KINDS = ['responses', 'crud'] as const;
export const ROUTE_MODES = ['rules', 'random', 'sequential'] as const;
export const RULES_OPERATORS = ['all', 'any'] as const;
/** Where a route's documented request parameter is sent (OpenAPI's `in`; cookies are not kept). */
export const PARAMETER_LOCATIONS = ['path', 'query', 'header'] as const;
/** OpenAPI response keys that are not one status: a response imported from one keeps it for export. */
export const OPENAPI_STATUS_KEYS = ['default', '1XX', '2XX', '3XX', '4XX', '5XX'] as const;

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
  /** A route's documented request (its parameters and body schema), as JSON. */
  routeRequestBytes: 64 * 1024,
  requestParameters: 50,
  tagsPerRoute: 20,
  regexInputChars: 4096,
  /** State machines one response may move, and machines one mock API may have. */
  statesPerResponse: 10,
  /** Callbacks (webhooks) one response may send, and the size of one's body template. */
  callbacksPerResponse: 3,
  callbackBodyChars: 16 * 1024,
  stateMachines: 50,
} as const;

/** The most rows a generate preview (`?preview=true`, not charged) may ask for. */
export const PREVIEW_MAX_ROWS = 100;
