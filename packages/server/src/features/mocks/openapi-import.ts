/**
 * An OpenAPI 3.0/3.1 document -> a mock API document (still to be validated by readMockApi) and
 * warnings for what could not be carried over. Each path and method becomes a route
 * (`/pet/{petId}` -> `/pet/:petId`) with the operation's summary and description, operationId,
 * tags and documented request (openapi-import-request.ts); each documented status a response:
 * the first 2xx (or `default`) is the route's default, every other one answers when the request
 * asks for it with `Prefer: code=<status>` (as Prism does). A response from `default` or a range
 * (`4XX`) keeps that key in `openapiStatus`, so an export writes it back. An operation exported
 * by Rowloom for an ANY route (x-rowloom-route-id with x-rowloom-method: ANY) comes back as one
 * ANY route.
 */
import { badRequest } from '../../http/http-error.js';
import { MOCK_LIMITS } from '@rowloom/contract';
import { MAX_NAME_CHARS } from './mock-names.js';
import { parseRoutePath } from './mock-path.js';
import { Problems } from './mock-problems.js';
import {
  IMPORT_EXAMPLE_NODES,
  importResponse,
  statusOf,
  type ExampleBudget,
  type ImportedResponse,
  type Warn,
} from './openapi-import-response.js';
import { parseOpenApiText } from './openapi-parse.js';
import { IMPORT_SCHEMA_NODES, importRequest, withoutSchemas, type SchemaBudget } from './openapi-import-request.js';

type Data = Record<string, unknown>;
const isData = (value: unknown): value is Data => value !== null && typeof value === 'object' && !Array.isArray(value);

export interface ImportOptions {
  /** The mock API's name (default the document's info.title). */
  name?: string;
  slug?: string;
}

export interface ImportResult {
  document: Data & { name: string };
  warnings: string[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'] as const;
const MAX_WARNINGS = 200;
/** A segment that is one template variable: `{petId}`. */
const VARIABLE = /^\{([^{}]+)\}$/;

/** `input`: the document's text, or its data already parsed (parseOpenApiOffThread). */
export function importOpenApi(input: string | Record<string, unknown>, options: ImportOptions): ImportResult {
  const spec = typeof input === 'string' ? parseOpenApiText(input) : input;
  checkVersion(spec);
  const warnings: string[] = [];
  const warn: Warn = (message) => {
    if (warnings.length < MAX_WARNINGS) warnings.push(message);
    else if (warnings.length === MAX_WARNINGS) warnings.push('more warnings were left out');
  };
  const info = isData(spec.info) ? spec.info : {};
  const name = nameFor(options.name, info.title);
  const routes = importPaths(spec, warn, {
    examples: { nodes: IMPORT_EXAMPLE_NODES },
    schemas: { nodes: IMPORT_SCHEMA_NODES },
  });
  fitRequests(routes, warn);
  const document: ImportResult['document'] = { name, routes };
  if (options.slug !== undefined && options.slug !== '') document.slug = options.slug;
  if (typeof info.description === 'string') document.description = info.description.slice(0, 10_000);
  noteUnsupported(spec, warn);
  return { document, warnings };
}

function checkVersion(spec: Data): void {
  if (typeof spec.swagger === 'string')
    throw badRequest(
      `the document is Swagger ${spec.swagger.slice(0, 10)}; only OpenAPI 3.0 and 3.1 are imported (convert it first, e.g. with swagger2openapi)`,
    );
  if (typeof spec.openapi !== 'string' || !/^3\.[01]\b/.test(spec.openapi)) {
    throw badRequest(
      `the document must be OpenAPI 3.0 or 3.1 (its "openapi" field says ${JSON.stringify(spec.openapi ?? null)?.slice(0, 30)})`,
    );
  }
  if (spec.paths !== undefined && !isData(spec.paths))
    throw badRequest('the document\'s "paths" must be an object of paths');
}

function nameFor(given: string | undefined, title: unknown): string {
  if (given !== undefined && given.trim() !== '') return given;
  if (typeof title === 'string' && title.trim() !== '')
    return title
      .trim()
      .replace(/\//g, '-')
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
      .slice(0, MAX_NAME_CHARS)
      .trim();
  throw badRequest('parameter "name" is needed (the document has no info.title to name the mock API after)');
}

interface ImportBudgets {
  examples: ExampleBudget;
  schemas: SchemaBudget;
}

/** What importing one operation reads besides the operation. */
interface OperationContext {
  spec: Data;
  pathItem: Data;
  pathNames: Map<string, string>;
  /** operationIds taken so far (they are unique in a document; a repeat is left out). */
  operationIds: Set<string>;
  warn: Warn;
  budgets: ImportBudgets;
}

function importPaths(spec: Data, warn: Warn, budgets: ImportBudgets): Data[] {
  const routes: Data[] = [];
  const anyRoutes = new Set<string>();
  const operationIds = new Set<string>();
  let skipped = 0;
  for (const [template, rawItem] of Object.entries(isData(spec.paths) ? spec.paths : {})) {
    const item = isData(rawItem) ? rawItem : {};
    if (typeof item.$ref === 'string') warn(`${template}: path items by $ref are not followed`);
    if (item.trace !== undefined) warn(`${template}: TRACE is not a method mock APIs answer`);
    const path = routePath(template, warn);
    if (path === undefined) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isData(operation)) continue;
      const anyId =
        operation['x-rowloom-method'] === 'ANY' && typeof operation['x-rowloom-route-id'] === 'string'
          ? `${path} ${operation['x-rowloom-route-id']}`
          : undefined;
      if (anyId !== undefined && anyRoutes.has(anyId)) continue;
      if (routes.length >= MOCK_LIMITS.routes) {
        skipped++;
        continue;
      }
      if (anyId !== undefined) anyRoutes.add(anyId);
      routes.push(
        importOperation(anyId !== undefined ? 'ANY' : method.toUpperCase(), path, operation, {
          spec,
          pathItem: item,
          pathNames: pathNamesOf(template),
          operationIds,
          warn,
          budgets,
        }),
      );
    }
  }
  if (skipped > 0) warn(`${skipped} operations were left out: a mock API holds at most ${MOCK_LIMITS.routes} routes`);
  return routes;
}

/** A template variable's route parameter name: `{pet-id}` is `:pet_id`. */
const paramName = (variable: string) => variable.replace(/[^A-Za-z0-9_]/g, '_').replace(/^(\d)/, '_$1');

/** The template's variables by their route parameter names. */
function pathNamesOf(template: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const segment of template.split('/')) {
    const variable = VARIABLE.exec(segment);
    if (variable) names.set(variable[1], paramName(variable[1]));
  }
  return names;
}

/** `/pet/{petId}` -> `/pet/:petId`; undefined (with a warning) when the mock path syntax cannot say it. */
function routePath(template: string, warn: Warn): string | undefined {
  const segments = template
    .replace(/^\/?/, '')
    .split('/')
    .map((segment) => {
      const variable = VARIABLE.exec(segment);
      if (variable) return ':' + paramName(variable[1]);
      return segment.includes('{') ? segment : encodeURI(decodeSafely(segment)).replace(/[?#[\]]/g, encodeURIComponent);
    });
  const path = '/' + segments.join('/').replace(/\/$/, '');
  const problems = new Problems();
  if (!parseRoutePath(path, 'path', problems) || segments.some((s) => s.includes('{'))) {
    const reason = segments.some((s) => s.includes('{'))
      ? 'a parameter must fill a whole segment'
      : (problems.list[0]?.message ?? 'not a valid path');
    warn(`${template.slice(0, 100)}: left out (${reason})`);
    return undefined;
  }
  return path;
}

function decodeSafely(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function importOperation(method: string, path: string, operation: Data, context: OperationContext): Data {
  const { spec, warn, budgets } = context;
  const where = `${method} ${path}`;
  const responses = orderedResponses(operation.responses, spec, where, warn, budgets.examples);
  const route: Data = {
    method,
    path,
    responses: responses.length > 0 ? responses : [{ status: 200, default: true, body: { type: 'empty' } }],
  };
  const description = descriptionOf(operation);
  if (description) route.description = description;
  const operationId = operationIdOf(operation, where, context);
  if (operationId !== undefined) route.operationId = operationId;
  const tags = tagsOf(operation.tags);
  if (tags.length > 0) route.tags = tags;
  const request = importRequest(
    { operation, pathItem: context.pathItem, root: spec, pathNames: context.pathNames, where },
    warn,
    budgets.schemas,
  );
  if (request) route.request = request;
  if (responses.length === 0) warn(`${where}: no responses are documented; it answers 200 with no body`);
  if (operation.callbacks !== undefined) warn(`${where}: callbacks are not imported`);
  return route;
}

/**
 * The summary, then the description after a blank line when it says more (an export splits them
 * again): "Find pet by ID\n\nReturns a single pet".
 */
function descriptionOf(operation: Data): string | undefined {
  const texts = [operation.summary, operation.description]
    .filter((text): text is string => typeof text === 'string')
    .map((text) => text.trim())
    .filter((text) => text !== '');
  const unique = texts.length === 2 && texts[0] === texts[1] ? texts.slice(0, 1) : texts;
  return unique.length > 0 ? unique.join('\n\n').slice(0, 10_000) : undefined;
}

/** The operationId (an ANY route's export writes its own in x-rowloom-operation-id); a repeat is left out. */
function operationIdOf(operation: Data, where: string, context: OperationContext): string | undefined {
  const given = operation['x-rowloom-operation-id'] ?? operation.operationId;
  if (typeof given !== 'string' || given.trim() === '') return undefined;
  const id = given.trim();
  if (id.length > 200) {
    context.warn(`${where}: operationId "${id.slice(0, 40)}..." is longer than 200 characters; left out`);
    return undefined;
  }
  if (context.operationIds.has(id)) {
    context.warn(`${where}: operationId "${id.slice(0, 60)}" is taken by an earlier operation; left out`);
    return undefined;
  }
  context.operationIds.add(id);
  return id;
}

function tagsOf(raw: unknown): string[] {
  if (!Array.isArray(raw)) return [];
  const tags = raw
    .filter((tag): tag is string => typeof tag === 'string' && tag.trim() !== '')
    .map((tag) => tag.trim().slice(0, 100));
  return [...new Set(tags)].slice(0, MOCK_LIMITS.tagsPerRoute);
}

/** Roughly what the defaults readMockApi fills add: ids, latency, faults, rules, flags. */
const FILLED_ROUTE_BYTES = 200;
const FILLED_RESPONSE_BYTES = 130;

/**
 * The documented requests count toward the document's size limit: when the routes would not fit,
 * the largest requests' schemas are left out (names kept) until they do, each with a warning.
 */
function fitRequests(routes: Data[], warn: Warn): void {
  const filled = (route: Data) =>
    Buffer.byteLength(JSON.stringify(route), 'utf8') +
    FILLED_ROUTE_BYTES +
    FILLED_RESPONSE_BYTES * (route.responses as unknown[]).length;
  let total = routes.reduce((sum, route) => sum + filled(route), 0);
  if (total <= MOCK_LIMITS.documentBytes) return;
  const bySize = routes
    .filter((route) => route.request !== undefined)
    .map((route) => ({ route, bytes: Buffer.byteLength(JSON.stringify(route.request), 'utf8') }))
    .sort((a, b) => b.bytes - a.bytes);
  for (const { route, bytes } of bySize) {
    if (total <= MOCK_LIMITS.documentBytes) break;
    route.request = withoutSchemas(route.request as Data);
    total -= bytes - Buffer.byteLength(JSON.stringify(route.request), 'utf8');
    warn(
      `${String(route.method)} ${String(route.path)}: the request's schemas are left out, so the mock API fits in ${MOCK_LIMITS.documentBytes} bytes`,
    );
  }
}

/**
 * The 2xx responses first (the first is the default), then `default` (as 200 when there is no
 * 2xx, else as 500), then the rest; each but the default answers `Prefer: code=<status>`.
 */
function orderedResponses(raw: unknown, spec: Data, where: string, warn: Warn, budget: ExampleBudget): Data[] {
  if (!isData(raw)) return [];
  const keyed: { status: number; key: string }[] = [];
  for (const key of Object.keys(raw)) {
    const status = statusOf(key);
    if (status !== undefined) keyed.push({ status, key });
    else if (key !== 'default') warn(`${where}: response "${key.slice(0, 20)}" is not a status code`);
  }
  const success = (s: number) => s >= 200 && s < 300;
  keyed.sort((a, b) => Number(success(b.status)) - Number(success(a.status)) || a.status - b.status);
  if (Object.hasOwn(raw, 'default')) {
    const fallback = { status: keyed.some((k) => success(k.status)) ? 500 : 200, key: 'default' };
    if (fallback.status === 200) keyed.unshift(fallback);
    else keyed.push(fallback);
  }
  const seen = new Set<number>();
  const responses: Data[] = [];
  for (const { status, key } of keyed) {
    if (seen.has(status)) {
      warn(`${where}: response "${key}" repeats status ${status}; only the first is kept`);
      continue;
    }
    if (responses.length >= MOCK_LIMITS.responsesPerRoute) {
      warn(`${where}: responses past the first ${MOCK_LIMITS.responsesPerRoute} are left out`);
      break;
    }
    seen.add(status);
    responses.push(
      mockResponse(
        importResponse(status, raw[key], spec, `${where} ${key}`, warn, budget),
        responses.length === 0,
        /^(default|[1-5]XX)$/i.test(key) ? key.toUpperCase().replace('DEFAULT', 'default') : undefined,
      ),
    );
  }
  return responses;
}

/** `openapiStatus`: the response key when it is not the status (`default`, `4XX`). */
function mockResponse(imported: ImportedResponse, isDefault: boolean, openapiStatus: string | undefined): Data {
  const response: Data = { status: imported.status, headers: imported.headers, body: imported.body };
  if (imported.label) response.label = imported.label;
  if (openapiStatus !== undefined) response.openapiStatus = openapiStatus;
  if (isDefault) response.default = true;
  else
    response.rules = [
      { target: 'header', name: 'prefer', operator: 'regex', value: `(^|[\\s,;])code=${imported.status}($|[\\s,;])` },
    ];
  return response;
}

function noteUnsupported(spec: Data, warn: Warn): void {
  const components = isData(spec.components) ? spec.components : {};
  if (isData(components.securitySchemes) || Array.isArray(spec.security))
    warn('security schemes are not imported: the mock API takes your API key, or none when it is public');
  if (isData(spec.webhooks)) warn('webhooks are not imported');
  const servers = Array.isArray(spec.servers) ? spec.servers : [];
  const base = servers
    .map((server) => (isData(server) && typeof server.url === 'string' ? server.url : ''))
    .find((url) => url !== '');
  if (base !== undefined)
    warn(
      `the servers' base URL (${base.slice(0, 100)}) is not part of the routes: they are served at /mock/<slug>/<path>`,
    );
}
