/**
 * readMockApi: a mock API document as a client sent it -> the complete document (every default
 * of the contract's mock API document filled, missing ids assigned), or every problem at once, each naming its
 * JSON path (`routes[2].responses[0].status must be an integer 100..599, got 700`).
 *
 * It is pure: what it needs to know about the owner (their schema names, plan) and the server
 * (its own host names) comes in `options`, so the routes look those up once beforehand.
 */
import {
  MOCK_LIMITS,
  MOCK_METHODS,
  MockApiInput,
  OPENAPI_STATUS_KEYS,
  ROUTE_KINDS,
  ROUTE_MODES,
  RULES_OPERATORS,
  type CrudSettings,
  type MockApiDocument,
  type MockResponse,
  type MockRoute,
} from '@rowloom/contract';
import { checkHost, checkName, checkSlug, ID, newId } from './mock-names.js';
import { parseRoutePath } from './mock-path.js';
import { inDocumentOrder } from './mock-problem-order.js';
import {
  at,
  atMost,
  choice,
  flag,
  isObject,
  Problems,
  shown,
  text,
  utf8Bytes,
  type MockProblem,
} from './mock-problems.js';
import { checkStructure } from './mock-structure.js';
import { stateMachinesOf } from './mock-states-store.js';
import { readProxy, type ProxyPolicy } from './mock-validate-proxy.js';
import { readCallbacks } from './mock-validate-callbacks.js';

const NO_PROXY: ProxyPolicy = { hosts: [], publicRecording: false };
import { checkSchemaName, readBody, type BodyContext } from './mock-validate-body.js';
import {
  readFaults,
  readHeaders,
  readLatency,
  readRules,
  readSetState,
  ruleValuesAsText,
} from './mock-validate-parts.js';
import { readRouteRequest } from './mock-validate-request.js';
import { DocumentRegexWork } from './rule-regex.js';

export type { MockProblem } from './mock-problems.js';

export interface MockReadOptions extends BodyContext {
  /** The stored version (on replace): routes and responses sent without ids keep theirs, and an absent slug or project keeps the stored one. */
  existing?: MockApiDocument;
  /** The server's mock host suffix (ROWLOOM_MOCK_HOST_SUFFIX); null: host names are off. */
  hostSuffix?: string | null;
  /** Where a `proxy` and callbacks may point, and whether a public API may record or call back (default: nowhere, no). */
  proxyPolicy?: ProxyPolicy;
  /** Set while reading: the document is a public API's. */
  publicApi?: boolean;
  /** What the document's regex patterns may still compile; readMockApi makes one per document. */
  regexWork?: DocumentRegexWork;
}

export type MockReadResult =
  { document: MockApiDocument; problems?: undefined } | { document?: undefined; problems: MockProblem[]; more: number };

const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

export function readMockApi(sent: unknown, options: MockReadOptions = {}): MockReadResult {
  const json = ruleValuesAsText(sent);
  const structure = new Problems(Infinity);
  checkStructure(MockApiInput, json, structure);
  const semantics = new Problems(Infinity);
  const document = readDocument(json, { ...options, regexWork: new DocumentRegexWork() }, semantics);
  const problems = Problems.of(inDocumentOrder(MockApiInput, structure.list, semantics.list));
  if (document && problems.count === 0) {
    const bytes = utf8Bytes(JSON.stringify(document));
    if (bytes > MOCK_LIMITS.documentBytes)
      problems.add(
        '',
        `the document is ${bytes} bytes with its defaults filled; at most ${MOCK_LIMITS.documentBytes} are allowed${largestRoute(document)}`,
      );
  }
  if (problems.count > 0 || !document) return { problems: problems.list, more: problems.count - problems.list.length };
  return { document };
}

/*
 * The readers below check what the schema cannot say and fill the defaults. Whatever has the
 * wrong shape checkStructure has reported: they pass over it without a word, and the document
 * they build is thrown away with the problems.
 */

function readDocument(json: unknown, options: MockReadOptions, problems: Problems): MockApiDocument | undefined {
  if (!isObject(json)) return undefined;
  const name = checkName(json.name, 'name', problems);
  // Replacing without a slug keeps the stored one: a rename must not move the API's URL.
  const slug = checkSlug(json.slug ?? options.existing?.slug, name, 'slug', problems);
  const host = checkHost(json.host, 'host', options.hostSuffix ?? null, problems);
  // As for saved schemas and scenarios, an absent project keeps the stored one; null ungroups.
  const project = json.project === undefined ? options.existing?.project : json.project;
  const latency = readLatency(json.latency, 'latency', problems);
  const proxy = readProxy(json.proxy, json.public === true, options.proxyPolicy ?? NO_PROXY, problems);
  const routes = readRoutes(json.routes, { ...options, publicApi: json.public === true }, problems);
  if (name === undefined || slug === undefined || host === undefined || latency === undefined || routes === undefined)
    return undefined;
  if (proxy === undefined) return undefined;
  const machines = stateMachinesOf({ routes });
  if (machines.length > MOCK_LIMITS.stateMachines)
    problems.add(
      'routes',
      `name ${machines.length} state machines (in rules with target "state" and in setState); at most ${MOCK_LIMITS.stateMachines} are allowed`,
    );
  return {
    name,
    slug,
    host,
    project: (project as string | null | undefined) || null,
    description: text(json.description) ?? '',
    public: flag(json.public, false),
    cors: flag(json.cors, true),
    latency,
    ...(proxy ? { proxy } : {}),
    ...(json.validateRequests === true ? { validateRequests: true } : {}),
    routes,
  };
}

function readRoutes(value: unknown, options: MockReadOptions, problems: Problems): MockRoute[] | undefined {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return undefined;
  const routes = value.map((item, index) => readRoute(item, `routes[${index}]`, options, problems));
  if (!routes.every((route) => route !== undefined)) return undefined;
  return assignIds(routes as ReadRoute[], options.existing, problems);
}

/** A route as read, before ids are assigned: its shape finds its stored twin. */
interface ReadRoute {
  route: MockRoute;
  shape: string;
  path: string;
}

function readRoute(value: unknown, path: string, options: MockReadOptions, problems: Problems): ReadRoute | undefined {
  if (!isObject(value)) return undefined;
  const kind = choice(value.kind, ROUTE_KINDS, 'responses');
  const method = choice(value.method, MOCK_METHODS, kind === 'crud' ? 'ANY' : 'GET');
  if (kind === 'crud' && method !== undefined && method !== 'ANY')
    problems.add(
      at(path, 'method'),
      `must be ANY for a crud route (it answers GET and POST on its path, GET, PUT, PATCH and DELETE on path/<key>), got ${method}`,
    );
  const parsed = parseRoutePath(value.path, at(path, 'path'), problems);
  if (kind === 'crud' && parsed && parsed.params.length > 0)
    problems.add(
      at(path, 'path'),
      'must be literal for a crud route (such as /users): the record key is the segment after it',
    );
  const id = checkId(value.id, at(path, 'id'), problems);
  const latency = readLatency(value.latency, at(path, 'latency'), problems);
  const faults = readFaults(value.faults, at(path, 'faults'), problems);
  const responses =
    kind === 'crud'
      ? crudResponses(value.responses, at(path, 'responses'), problems)
      : readResponses(value.responses, at(path, 'responses'), parsed?.params, options, problems);
  const crud =
    kind === 'crud'
      ? readCrud(value.crud, at(path, 'crud'), options, problems)
      : noCrud(value.crud, at(path, 'crud'), problems);
  const request = readRouteRequest(value.request, at(path, 'request'), parsed?.params, problems);
  if (
    kind === undefined ||
    method === undefined ||
    !parsed ||
    id === null ||
    latency === undefined ||
    !faults ||
    !responses ||
    crud === null ||
    request === null
  )
    return undefined;
  const route: MockRoute = {
    id: id ?? '',
    method,
    path: value.path as string,
    description: text(value.description) ?? '',
    ...documented(value),
    kind,
    mode: choice(value.mode, ROUTE_MODES, 'rules'),
    repeatable: flag(value.repeatable, false),
    latency,
    faults,
    responses,
  };
  if (request) route.request = request;
  if (crud) route.crud = crud;
  return { route, shape: parsed.shape, path };
}

/** OpenAPI's operationId and tags, when given (kept for export, not used in serving). */
function documented(value: Record<string, unknown>): Pick<MockRoute, 'operationId' | 'tags'> {
  const kept: Pick<MockRoute, 'operationId' | 'tags'> = {};
  if (typeof value.operationId === 'string') kept.operationId = value.operationId;
  if (Array.isArray(value.tags)) kept.tags = value.tags as string[];
  return kept;
}

/** For the too-large message: the route that takes most room, and how much of it is its documented request. */
function largestRoute(document: MockApiDocument): string {
  let largest = { index: -1, bytes: 0 };
  document.routes.forEach((route, index) => {
    const bytes = utf8Bytes(JSON.stringify(route));
    if (bytes > largest.bytes) largest = { index, bytes };
  });
  if (largest.index < 0) return '';
  const route = document.routes[largest.index];
  const request = route.request ? `, of which ${utf8Bytes(JSON.stringify(route.request))} its request` : '';
  return `; the largest route is routes[${largest.index}] (${route.method} ${route.path.slice(0, 100)}: ${largest.bytes} bytes${request})`;
}

function readResponses(
  value: unknown,
  path: string,
  params: string[] | undefined,
  options: MockReadOptions,
  problems: Problems,
): MockResponse[] | undefined {
  if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) {
    problems.add(
      path,
      'must list at least one response, such as [{"status": 200, "body": {"type": "json", "value": {"ok": true}}}]',
    );
    return undefined;
  }
  if (!Array.isArray(value)) return undefined;
  const responses = value.map((item, index) => readResponse(item, `${path}[${index}]`, params, options, problems));
  const defaults = value.filter((response) => isObject(response) && response.default === true).length;
  if (defaults > 1) problems.add(path, `has ${defaults} responses marked "default"; at most one may be`);
  return responses.every((response) => response !== undefined) ? (responses as MockResponse[]) : undefined;
}

function readResponse(
  value: unknown,
  path: string,
  params: string[] | undefined,
  options: MockReadOptions,
  problems: Problems,
): MockResponse | undefined {
  if (!isObject(value)) return undefined;
  const id = checkId(value.id, at(path, 'id'), problems);
  const headers = readHeaders(value.headers, at(path, 'headers'), problems);
  const latency = readLatency(value.latency, at(path, 'latency'), problems);
  const faults = readFaults(value.faults, at(path, 'faults'), problems);
  const rules = readRules(value.rules, at(path, 'rules'), params, problems, options.regexWork);
  const body = readBody(value.body, at(path, 'body'), options, problems);
  const setState = readSetState(value.setState, at(path, 'setState'), problems);
  const callbacks = readCallbacks(
    value.callbacks,
    at(path, 'callbacks'),
    options.publicApi === true,
    options.proxyPolicy ?? NO_PROXY,
    problems,
  );
  if (id === null || !headers || latency === undefined || !faults || !rules || !body || setState === null)
    return undefined;
  if (callbacks === null) return undefined;
  const response: MockResponse = {
    id: id ?? '',
    status: (value.status as number | null | undefined) ?? 200,
    headers,
    latency,
    faults,
    default: flag(value.default, false),
    rules,
    rulesOperator: choice(value.rulesOperator, RULES_OPERATORS, 'all'),
    body,
  };
  const label = text(value.label);
  if (label !== undefined) response.label = label;
  if (setState !== undefined && Object.keys(setState).length > 0) response.setState = setState;
  if (callbacks !== undefined) response.callbacks = callbacks;
  const openapiStatus = choice(value.openapiStatus, OPENAPI_STATUS_KEYS);
  if (openapiStatus !== undefined) {
    const hundreds = /^([1-5])XX$/.exec(openapiStatus)?.[1];
    if (hundreds !== undefined && Math.floor(response.status / 100) !== Number(hundreds))
      problems.add(
        at(path, 'openapiStatus'),
        `is ${openapiStatus}, so the status must be ${hundreds}00..${hundreds}99, got ${response.status}`,
      );
    response.openapiStatus = openapiStatus;
  }
  return response;
}

/** A crud route answers from its collection: it has no responses of its own. */
function crudResponses(value: unknown, path: string, problems: Problems): MockResponse[] | undefined {
  if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) return [];
  problems.add(path, 'must be empty for a crud route: it answers from its collection (set "crud")');
  return undefined;
}

function noCrud(value: unknown, path: string, problems: Problems): undefined | null {
  if (value === undefined || value === null) return undefined;
  problems.add(path, 'only applies to routes of kind "crud"; set "kind": "crud" or leave it out');
  return null;
}

/** The crud settings; the seed is filled once the route's id is known. */
function readCrud(value: unknown, path: string, options: MockReadOptions, problems: Problems): CrudSettings | null {
  if (value === undefined || value === null) {
    problems.add(path, 'is needed for a crud route: {"schema": "<saved schema>", "count": 10, "key": "id"}');
    return null;
  }
  if (!isObject(value)) return null;
  const schema = text(value.schema);
  if (schema === '') problems.add(at(path, 'schema'), 'is needed: the saved schema that seeds the collection');
  else if (schema !== undefined) checkSchemaName(schema, at(path, 'schema'), options, problems);
  // Seeding is one generation: the plan's records per request bound it like any other.
  const most = Math.min(MOCK_LIMITS.crudRecords, options.recordsPerRequest ?? Number.MAX_SAFE_INTEGER);
  const count =
    value.count === undefined || value.count === null
      ? Math.min(10, most)
      : atMost(value.count, at(path, 'count'), 0, most, problems);
  const key = value.key === undefined || value.key === null ? 'id' : value.key;
  if (typeof key === 'string' && !FIELD_NAME.test(key))
    problems.add(at(path, 'key'), `must be a simple field name (letters, digits and _), such as id, got ${shown(key)}`);
  if (!schema || count === undefined || typeof key !== 'string' || !FIELD_NAME.test(key)) return null;
  const crud: CrudSettings = { schema, count, key };
  const seed = text(value.seed);
  if (seed !== undefined && seed !== '') crud.seed = seed;
  return crud;
}

/** A given id: the schema bounds its length, this its characters. Null when bad (reported). */
function checkId(value: unknown, path: string, problems: Problems): string | undefined | null {
  const id = text(value);
  if (id === undefined) return undefined;
  if (!ID.test(id)) {
    problems.add(path, 'must be 1 to 40 letters, digits, _ and -');
    return null;
  }
  return id;
}

/**
 * Ids: given ones must be unique; a route without one takes the stored route of the same
 * method and shape (so the request log and counters stay attached), a response the stored
 * response at the same position with the same status; the rest get new random ids.
 */
function assignIds(
  read: ReadRoute[],
  existing: MockApiDocument | undefined,
  problems: Problems,
): MockRoute[] | undefined {
  const seen = new Map<string, string>();
  for (const { route, shape, path } of read) {
    const key = `${route.method} ${shape}`;
    const twin = seen.get(key);
    if (twin !== undefined)
      problems.add(
        path,
        `has the same method and path as ${twin} (${route.method} ${route.path}); merge their responses`,
      );
    else seen.set(key, path);
  }
  const routeIds = new Set(read.map(({ route }) => route.id).filter((id) => id !== ''));
  const responseIds = new Set(
    read.flatMap(({ route }) => route.responses.map((response) => response.id)).filter((id) => id !== ''),
  );
  duplicates(
    read.map(({ route }, index) => [route.id, `routes[${index}].id`]),
    problems,
  );
  duplicates(
    read.flatMap(({ route }, index) =>
      route.responses.map((response, r): [string, string] => [response.id, `routes[${index}].responses[${r}].id`]),
    ),
    problems,
  );
  const stored = new Map((existing?.routes ?? []).map((route) => [`${route.method} ${shapeOf(route.path)}`, route]));
  return read.map(({ route, shape }) => {
    const twin = stored.get(`${route.method} ${shape}`);
    if (route.id === '') route.id = fresh(twin?.id, routeIds);
    route.responses.forEach((response, index) => {
      const old = twin?.responses[index];
      if (response.id === '') response.id = fresh(old?.status === response.status ? old.id : undefined, responseIds);
    });
    if (route.crud && route.crud.seed === undefined) route.crud.seed = route.id;
    return route;
  });
}

function duplicates(ids: [string, string][], problems: Problems): void {
  const first = new Map<string, string>();
  for (const [id, path] of ids) {
    if (id === '') continue;
    const earlier = first.get(id);
    if (earlier !== undefined) problems.add(path, `"${id}" is also the id of ${earlier}; ids must be unique`);
    else first.set(id, path);
  }
}

/** `preferred` when it is free, else a new id; either way taken. */
function fresh(preferred: string | undefined, taken: Set<string>): string {
  let id = preferred !== undefined && !taken.has(preferred) ? preferred : newId();
  while (taken.has(id)) id = newId();
  taken.add(id);
  return id;
}

function shapeOf(path: string): string {
  return path.replace(/\/:[^/]+/g, '/:');
}
