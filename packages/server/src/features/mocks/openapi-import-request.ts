/**
 * An OpenAPI operation's request -> the route's documented `request`: its path, query and header
 * parameters (the path item's and the operation's, the operation's winning) and its request
 * body's schema, each schema with its `$ref`s inlined (the route travels without the document's
 * components). JSON-Schema-ish and small on purpose: a later request validation reads it. Bounded
 * three ways: schema nodes per route and per import (a cycle, or references that fan out, cannot
 * blow up), and the route's request as JSON (MOCK_LIMITS.routeRequestBytes): past it the schemas
 * are left out, with a warning, and the names kept.
 */
import { MOCK_LIMITS } from '@rowloom/contract';
import { resolvePointer } from './openapi-example.js';
import { deref, type Warn } from './openapi-import-response.js';

type Data = Record<string, unknown>;
const isData = (value: unknown): value is Data => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Schema nodes the import may copy in all, and one route's request at most. */
export interface SchemaBudget {
  nodes: number;
}
export const IMPORT_SCHEMA_NODES = 100_000;
const ROUTE_SCHEMA_NODES = 10_000;
/** Nesting (and $ref hops) past which a schema is cut to {} (any value). */
const MAX_SCHEMA_DEPTH = 64;
const JSON_TYPE = /^application\/(.+\+)?json\b/i;
/** OpenAPI ignores header parameters of these names (they are the request's own). */
const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);

export interface RequestSources {
  operation: Data;
  pathItem: Data;
  root: Data;
  /** The template's variable names -> the route's parameter names (`{pet-id}` is `:pet_id`). */
  pathNames: Map<string, string>;
  where: string;
}

/** The route's `request`, or undefined when the operation documents none. */
export function importRequest(sources: RequestSources, warn: Warn, budget: SchemaBudget): Data | undefined {
  const routeBudget = { nodes: Math.min(ROUTE_SCHEMA_NODES, budget.nodes), cut: false };
  const start = routeBudget.nodes;
  const parameters = importParameters(sources, warn, routeBudget);
  const body = importBody(sources, warn, routeBudget);
  budget.nodes -= start - routeBudget.nodes;
  if (routeBudget.cut)
    warn(`${sources.where}: a request schema was cut to {} (any value): it is too large or too deeply nested`);
  const request: Data = {};
  if (parameters.length > 0) request.parameters = parameters;
  if (body) request.body = body;
  if (Object.keys(request).length === 0) return undefined;
  const bytes = Buffer.byteLength(JSON.stringify(request), 'utf8');
  if (bytes <= MOCK_LIMITS.routeRequestBytes) return request;
  warn(
    `${sources.where}: the request's schemas are left out (${bytes} bytes as JSON; a route's request holds at most ${MOCK_LIMITS.routeRequestBytes})`,
  );
  return withoutSchemas(request);
}

/** The request with its parameters' and body's schemas left out (to save room). */
export function withoutSchemas(request: Data): Data {
  const strip = (part: unknown) => {
    const { schema: _schema, ...rest } = part as Data;
    return rest;
  };
  const lean: Data = {};
  if (Array.isArray(request.parameters)) lean.parameters = request.parameters.map(strip);
  if (request.body !== undefined) lean.body = strip(request.body);
  return lean;
}

interface RouteBudget {
  nodes: number;
  cut: boolean;
}

function importParameters(sources: RequestSources, warn: Warn, budget: RouteBudget): Data[] {
  const { operation, pathItem, root, where } = sources;
  const byKey = new Map<string, Data>();
  for (const list of [pathItem.parameters, operation.parameters]) {
    if (!Array.isArray(list)) continue;
    for (const raw of list) {
      const parameter = deref(raw, root);
      if (!isData(parameter) || typeof parameter.name !== 'string' || typeof parameter.in !== 'string') continue;
      byKey.set(`${parameter.in} ${parameter.name}`, parameter);
    }
  }
  const parameters: Data[] = [];
  let cookies = 0;
  for (const parameter of byKey.values()) {
    const location = parameter.in as string;
    let name = parameter.name as string;
    if (location === 'cookie') {
      cookies++;
      continue;
    }
    if (location === 'header' && IGNORED_HEADERS.has(name.toLowerCase())) continue;
    if (location === 'path') {
      const routeName = sources.pathNames.get(name);
      if (routeName === undefined) {
        warn(`${where}: path parameter "${name.slice(0, 60)}" is not in the path; left out`);
        continue;
      }
      name = routeName;
    } else if (location !== 'query' && location !== 'header') continue;
    if (name === '' || name.length > 256) {
      warn(`${where}: a ${location} parameter's name is empty or longer than 256 characters; left out`);
      continue;
    }
    if (parameters.length >= MOCK_LIMITS.requestParameters) {
      warn(`${where}: parameters past the first ${MOCK_LIMITS.requestParameters} are left out`);
      break;
    }
    parameters.push(importParameter(parameter, location, name, root, budget));
  }
  if (cookies > 0) warn(`${where}: cookie parameters are not kept`);
  return parameters;
}

function importParameter(parameter: Data, location: string, name: string, root: Data, budget: RouteBudget): Data {
  const imported: Data = { in: location, name };
  if (location === 'path' || parameter.required === true) imported.required = true;
  const description = shortText(parameter.description);
  if (description) imported.description = description;
  // A parameter has a schema, or a content map of one media type with a schema.
  const media = isData(parameter.content) ? deref(Object.values(parameter.content)[0], root) : undefined;
  const schema = parameter.schema ?? (isData(media) ? media.schema : undefined);
  if (schema !== undefined) imported.schema = inlineSchema(schema, root, budget);
  return imported;
}

function importBody(sources: RequestSources, warn: Warn, budget: RouteBudget): Data | undefined {
  const { operation, root, where } = sources;
  if (operation.requestBody === undefined) return undefined;
  const body = deref(operation.requestBody, root);
  if (!isData(body)) {
    warn(`${where}: the request body is not an object (or its $ref does not resolve); left out`);
    return undefined;
  }
  const content = isData(body.content) ? body.content : {};
  const types = Object.keys(content).filter((type) => type.length <= 256);
  const contentType = types.find((type) => JSON_TYPE.test(type)) ?? types[0];
  if (contentType === undefined) return undefined;
  const others = types.filter((type) => type !== contentType);
  if (others.length > 0)
    warn(
      `${where}: the request body's ${contentType} schema is kept; ${others.slice(0, 3).join(', ')}${others.length > 3 ? '...' : ''} not`,
    );
  const imported: Data = { contentType };
  if (body.required === true) imported.required = true;
  const description = shortText(body.description);
  if (description) imported.description = description;
  const media = deref(content[contentType], root);
  if (isData(media) && media.schema !== undefined) imported.schema = inlineSchema(media.schema, root, budget);
  return imported;
}

const shortText = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, 1000) : '');

/**
 * A copy of `schema` with every `#/...` $ref replaced by what it points to. A reference to one of
 * its own ancestors (a cycle), one outside the document, nesting past MAX_SCHEMA_DEPTH and what is
 * past the budget become {} (any value).
 */
export function inlineSchema(schema: unknown, root: Data, budget: RouteBudget): unknown {
  return copy(schema, root, budget, [], 0);
}

function copy(node: unknown, root: Data, budget: RouteBudget, refs: string[], depth: number): unknown {
  if (node === null || typeof node !== 'object') return node;
  if (--budget.nodes < 0 || depth > MAX_SCHEMA_DEPTH) {
    budget.cut = true;
    return {};
  }
  if (Array.isArray(node)) return node.map((item) => copy(item, root, budget, refs, depth + 1));
  const data = node as Data;
  if (typeof data.$ref === 'string') {
    const ref = data.$ref;
    const target = refs.includes(ref) ? undefined : resolvePointer(root, ref);
    // A cycle or an unresolvable reference: any value (the example generator ends them in null).
    if (target === undefined) return {};
    return copy(target, root, budget, [...refs, ref], depth + 1);
  }
  const result: Data = {};
  for (const [key, value] of Object.entries(data)) {
    // defineProperty: a property named __proto__ stays a property.
    Object.defineProperty(result, key, {
      value: copy(value, root, budget, refs, depth + 1),
      writable: true,
      enumerable: true,
      configurable: true,
    });
  }
  return result;
}
