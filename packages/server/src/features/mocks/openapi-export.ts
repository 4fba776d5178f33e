/**
 * A mock API -> an OpenAPI 3.0 document: its paths (`:id` -> `{id}`), methods (ANY as the
 * common five, marked so an import makes one ANY route again), each route's description
 * (summary, then description), operationId, tags and documented request (parameters and
 * request body), and per status (or the response's `openapiStatus`: `default`, `4XX`) a
 * response with its headers and an example (JSON bodies as they are; schema bodies described,
 * with an example row when one could be made). Importing the result gives back the routes,
 * methods, statuses and what the routes document.
 */
import { FORMAT_MEDIA_TYPES } from '@rowloom/core';
import type { MockApiDocument, MockBody, MockResponse, MockRoute, RequestParameter } from '@rowloom/contract';

type Data = Record<string, unknown>;

/** An example row of each saved schema the document names, and its field names. */
export type SchemaExamples = Map<string, { row?: Record<string, unknown>; fields: string[] }>;

const ANY_METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const MEDIA = FORMAT_MEDIA_TYPES;

export function exportOpenApi(document: MockApiDocument, url: string, examples: SchemaExamples): Data {
  const paths: Record<string, Data> = {};
  const operationIds = new OperationIds(document);
  const add = (path: string, method: string, operation: Data) => {
    const item = (paths[openApiPath(path)] ??= {});
    // Two routes (GET /a and ANY /a) may claim one method: the specific one wins, as when serving.
    if (item[method] === undefined || operation['x-rowloom-method'] === undefined) item[method] = operation;
  };
  const ordered = [...document.routes].sort((a, b) => Number(a.method === 'ANY') - Number(b.method === 'ANY'));
  for (const route of ordered) {
    if (route.kind === 'crud') crudOperations(route, examples, add);
    else
      for (const method of route.method === 'ANY' ? ANY_METHODS : [route.method.toLowerCase()])
        add(route.path, method, operation(route, method, examples, operationIds));
  }
  return {
    openapi: '3.0.3',
    info: {
      title: document.name,
      version: '1.0.0',
      ...(document.description ? { description: document.description } : {}),
    },
    servers: [{ url }],
    paths,
  };
}

function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}

/**
 * The documented parameters in their order (a path one with its schema), then the path's
 * parameters nothing documents (as text): the order an import read them in.
 */
function parametersOf(path: string, documented: RequestParameter[] = []): Data[] {
  const names = [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1]);
  const inPath = (name: string, given?: RequestParameter) => ({
    name,
    in: 'path',
    required: true,
    ...(given?.description ? { description: given.description } : {}),
    schema: given?.schema ?? { type: 'string' },
  });
  const listed = documented
    .filter((p) => p.in !== 'path' || names.includes(p.name))
    .map((p) =>
      p.in === 'path'
        ? inPath(p.name, p)
        : { name: p.name, in: p.in, ...(p.required ? { required: true } : {}), ...rest(p) },
    );
  const undocumented = names.filter((name) => !documented.some((p) => p.in === 'path' && p.name === name));
  return [...listed, ...undocumented.map((name) => inPath(name))];
}

const rest = (part: { description?: string; schema?: unknown }): Data => ({
  ...(part.description ? { description: part.description } : {}),
  ...(part.schema !== undefined ? { schema: part.schema } : {}),
});

/**
 * operationIds are unique in an OpenAPI document: a route's own where it has one (an ANY route's
 * five operations get a method suffix, the id itself in x-rowloom-operation-id), else one made of
 * the method and the route id.
 */
class OperationIds {
  private readonly taken: Set<string>;
  constructor(document: MockApiDocument) {
    this.taken = new Set(document.routes.flatMap((route) => (route.method === 'ANY' ? [] : (route.operationId ?? []))));
  }
  of(route: MockRoute, method: string): string {
    if (route.operationId !== undefined && route.method !== 'ANY') return route.operationId;
    let id = route.operationId !== undefined ? `${route.operationId}_${method}` : `${method}_${route.id}`;
    for (let n = 2; this.taken.has(id); n++) id = `${route.operationId ?? route.id}_${method}_${n}`;
    this.taken.add(id);
    return id;
  }
}

function operation(route: MockRoute, method: string, examples: SchemaExamples, ids: OperationIds): Data {
  const op: Data = { operationId: ids.of(route, method), 'x-rowloom-route-id': route.id };
  if (route.method === 'ANY') {
    op['x-rowloom-method'] = 'ANY';
    if (route.operationId !== undefined) op['x-rowloom-operation-id'] = route.operationId;
  }
  Object.assign(op, summaryOf(route.description));
  if (route.tags?.length) op.tags = route.tags;
  const parameters = parametersOf(route.path, route.request?.parameters);
  if (parameters.length > 0) op.parameters = parameters;
  const body = route.request?.body;
  if (body)
    op.requestBody = {
      ...(body.description ? { description: body.description } : {}),
      ...(body.required ? { required: true } : {}),
      content: { [body.contentType]: body.schema !== undefined ? { schema: body.schema } : {} },
    };
  op.responses = responsesOf(route.responses, examples);
  return op;
}

/**
 * A short first paragraph is the summary and the rest the description (an import joins them
 * with a blank line); anything else is all description.
 */
function summaryOf(description: string | undefined): Data {
  if (!description) return {};
  const [first, ...more] = description.split('\n\n');
  if (first.length > 200 || first.includes('\n')) return { description };
  return more.length > 0 ? { summary: first, description: more.join('\n\n') } : { summary: first };
}

/**
 * Responses by status (or the OpenAPI key they were imported from: `default`, `4XX`); several
 * with one key become named examples of one response.
 */
function responsesOf(responses: MockResponse[], examples: SchemaExamples): Data {
  const byStatus = new Map<string, MockResponse[]>();
  for (const response of responses) {
    const key = response.openapiStatus ?? String(response.status);
    byStatus.set(key, [...(byStatus.get(key) ?? []), response]);
  }
  const result: Data = {};
  for (const [status, group] of byStatus) {
    const first = group[0];
    const out: Data = { description: first.label || describeBody(first.body, examples) };
    const headers = Object.entries(first.headers ?? {});
    if (headers.length > 0)
      out.headers = Object.fromEntries(
        headers.map(([name, value]) => [name, { schema: { type: 'string' }, example: value }]),
      );
    const content = contentOf(group, examples);
    if (content) out.content = content;
    result[status] = out;
  }
  return result;
}

function contentOf(group: MockResponse[], examples: SchemaExamples): Data | undefined {
  const media = mediaOf(group[0].body);
  if (media === undefined) return undefined;
  const withExamples = group.filter(
    (response) => mediaOf(response.body) === media && exampleOf(response.body, examples) !== undefined,
  );
  const entry: Data = {};
  if (group[0].body.type === 'text' || (group[0].body.type === 'schema' && media !== 'application/json'))
    entry.schema = { type: 'string' };
  if (withExamples.length === 1) entry.example = exampleOf(withExamples[0].body, examples);
  else if (withExamples.length > 1)
    entry.examples = Object.fromEntries(
      withExamples.map((r) => [r.id, { summary: r.label || `response ${r.id}`, value: exampleOf(r.body, examples) }]),
    );
  return { [media]: entry };
}

function mediaOf(body: MockBody): string | undefined {
  switch (body.type) {
    case 'json':
      return 'application/json';
    case 'text':
      return (body.contentType ?? 'text/plain').split(';')[0].trim();
    case 'schema':
      return MEDIA[body.format ?? 'json'];
    default:
      return undefined;
  }
}

function exampleOf(body: MockBody, examples: SchemaExamples): unknown {
  if (body.type === 'json') return body.value;
  if (body.type === 'text') return body.text;
  if (body.type === 'schema' && (body.format ?? 'json') === 'json') {
    const row = examples.get(body.schema)?.row;
    if (row === undefined) return undefined;
    return (body.count ?? 1) > 1 || body.array ? [row] : row;
  }
  return undefined;
}

function describeBody(body: MockBody, examples: SchemaExamples): string {
  switch (body.type) {
    case 'schema': {
      const fields = examples.get(body.schema)?.fields ?? [];
      const rows = (body.count ?? 1) === 1 ? 'one row' : `${body.count} rows`;
      return (
        `${rows} of the saved schema "${body.schema}" as ${body.format ?? 'json'}` +
        (fields.length ? ` (fields: ${fields.slice(0, 30).join(', ')})` : '')
      );
    }
    case 'handler':
      return 'answered by a handler program (status, headers and body computed per request)';
    case 'json':
      return 'a JSON body';
    case 'text':
      return 'a text body';
    default:
      return 'no body';
  }
}

/** A CRUD collection: GET and POST on its path, GET, PUT, PATCH and DELETE on path/{key}. */
function crudOperations(
  route: MockRoute,
  examples: SchemaExamples,
  add: (path: string, method: string, operation: Data) => void,
): void {
  const schema = route.crud?.schema ?? '';
  const key = route.crud?.key ?? 'id';
  const row = examples.get(schema)?.row;
  const json = (example: unknown) => (example === undefined ? {} : { content: { 'application/json': { example } } });
  const record = (description: string) => ({ description, ...json(row) });
  const missing = {
    description: 'no record with that key',
    content: { 'application/json': { example: { error: 'not found' } } },
  };
  const keyPath = `${route.path}/:${key}`;
  const op = (verb: string, suffix: string, summary: string, responses: Data, path = route.path) => ({
    operationId: `${verb}_${route.id}_${suffix}`,
    summary,
    ...(path === keyPath ? { parameters: parametersOf(keyPath) } : {}),
    responses,
  });
  add(
    route.path,
    'get',
    op('get', 'list', `List the "${schema}" records (page, per_page, filters by field)`, {
      200: { description: 'a page of records', ...json(row === undefined ? undefined : [row]) },
    }),
  );
  add(
    route.path,
    'post',
    op('post', 'create', 'Add a record', {
      201: record('the stored record'),
      400: { description: 'the body is not a JSON object' },
    }),
  );
  add(keyPath, 'get', op('get', 'read', 'A record', { 200: record('the record'), 404: missing }, keyPath));
  add(
    keyPath,
    'put',
    op('put', 'replace', 'Replace a record', { 200: record('the stored record'), 404: missing }, keyPath),
  );
  add(
    keyPath,
    'patch',
    op(
      'patch',
      'update',
      'Update some fields of a record',
      { 200: record('the stored record'), 404: missing },
      keyPath,
    ),
  );
  add(
    keyPath,
    'delete',
    op('delete', 'delete', 'Delete a record', { 204: { description: 'deleted' }, 404: missing }, keyPath),
  );
}
