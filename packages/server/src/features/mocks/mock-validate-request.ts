/**
 * What checkStructure cannot say about a route's documented request (`request`: parameters and
 * body schema, kept from an OpenAPI import or written by hand): a path parameter the path has,
 * each parameter once, a media type that is one, schemas that are JSON Schemas with every $ref
 * inlined (they travel without the document they came from), and a size bound, so the part a
 * later request validation reads stays small.
 */
import { MOCK_LIMITS, type RequestBodySpec, type RequestParameter, type RouteRequest } from '@rowloom/contract';
import { at, isObject, Problems, shown, utf8Bytes } from './mock-problems.js';

const MEDIA_TYPE = /^[\w.+-]+\/[\w.+*-]+(\s*;[^\u0000-\u001f\u007f]*)?$/;

/** The request as sent when it passes (the structure is checkStructure's); undefined when absent or bad. */
export function readRouteRequest(
  value: unknown,
  path: string,
  pathParams: string[] | undefined,
  problems: Problems,
): RouteRequest | undefined | null {
  if (value === undefined || value === null) return undefined;
  if (!isObject(value)) return null;
  const before = problems.count;
  const bytes = utf8Bytes(JSON.stringify(value));
  if (bytes > MOCK_LIMITS.routeRequestBytes) {
    problems.add(
      path,
      `is ${bytes} bytes as JSON; at most ${MOCK_LIMITS.routeRequestBytes} are allowed (shorten its schemas or leave some out)`,
    );
    return null;
  }
  if (Array.isArray(value.parameters)) checkParameters(value.parameters, at(path, 'parameters'), pathParams, problems);
  if (isObject(value.body)) {
    const body = value.body;
    if (typeof body.contentType === 'string' && !MEDIA_TYPE.test(body.contentType))
      problems.add(
        at(at(path, 'body'), 'contentType'),
        `must be a media type such as application/json, got ${shown(body.contentType)}`,
      );
    checkSchema(body.schema, at(at(path, 'body'), 'schema'), problems);
  }
  return problems.count === before ? cleaned(value) : null;
}

/** The request with only its known keys, a null (which reads as absent) left out. */
function cleaned(value: Record<string, unknown>): RouteRequest {
  const given = (object: Record<string, unknown>, keys: string[]) =>
    Object.fromEntries(
      keys.filter((key) => object[key] !== undefined && object[key] !== null).map((key) => [key, object[key]]),
    );
  const request: RouteRequest = {};
  if (Array.isArray(value.parameters))
    request.parameters = value.parameters.map(
      (parameter) =>
        given(parameter as Record<string, unknown>, [
          'in',
          'name',
          'required',
          'description',
          'schema',
        ]) as RequestParameter,
    );
  if (isObject(value.body))
    request.body = given(value.body, ['contentType', 'required', 'description', 'schema']) as RequestBodySpec;
  return request;
}

function checkParameters(
  parameters: unknown[],
  path: string,
  pathParams: string[] | undefined,
  problems: Problems,
): void {
  const seen = new Map<string, number>();
  parameters.forEach((parameter, index) => {
    if (!isObject(parameter) || typeof parameter.name !== 'string') return;
    const where = `${path}[${index}]`;
    // Header names are compared in any case, as HTTP does.
    const name = parameter.in === 'header' ? parameter.name.toLowerCase() : parameter.name;
    const key = `${String(parameter.in)} ${name}`;
    const earlier = seen.get(key);
    if (earlier !== undefined)
      problems.add(
        where,
        `documents the ${String(parameter.in)} parameter "${parameter.name}" again (as [${earlier}])`,
      );
    else seen.set(key, index);
    if (parameter.in === 'path') {
      if (pathParams && !pathParams.includes(parameter.name))
        problems.add(
          at(where, 'name'),
          `must be a parameter of the route's path (${pathParams.length ? pathParams.map((p) => ':' + p).join(', ') : 'it has none'}), got ${shown(parameter.name)}`,
        );
      if (parameter.required === false) problems.add(at(where, 'required'), 'cannot be false for a path parameter');
    }
    checkSchema(parameter.schema, at(where, 'schema'), problems);
  });
}

/** A JSON Schema is an object or a boolean; a $ref anywhere in it could not be resolved, so it is refused where it is. */
function checkSchema(schema: unknown, path: string, problems: Problems): void {
  if (schema === undefined || typeof schema === 'boolean') return;
  if (!isObject(schema)) {
    problems.add(path, `must be a JSON Schema (an object such as {"type": "string"}), got ${shown(schema)}`);
    return;
  }
  // Iterative: a deep schema cannot exhaust the stack (its size is bounded above).
  const pending: [unknown, string][] = [[schema, path]];
  while (pending.length > 0) {
    const [node, where] = pending.pop()!;
    if (Array.isArray(node)) node.forEach((item, index) => pending.push([item, `${where}[${index}]`]));
    else if (isObject(node))
      for (const [key, item] of Object.entries(node)) {
        if (key === '$ref' && typeof item === 'string') {
          problems.add(
            at(where, '$ref'),
            `cannot be resolved here (${shown(item)}): a route's schema stands alone; put the referenced schema in its place`,
          );
          return;
        }
        pending.push([item, at(where, key)]);
      }
  }
}
