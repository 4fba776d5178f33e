/**
 * Request validation (a mock API with `validateRequests`, as Prism does): a request to a route
 * that documents its request (`request`, kept by an OpenAPI import) must carry the required
 * parameters and body, in the documented content type, each matching its schema. Path, query and
 * header values arrive as text: they are read as the schema's type first (`"7"` for an integer,
 * `"true"` for a boolean, repeated or comma-separated values for an array). Answered 400 listing
 * every problem with where it is (`query.status`, `body.items[0].sku`). A body in another
 * media type than the documented one is not checked (an import keeps the JSON one of several).
 */
import type { MockRoute, RequestParameter, RequestBodySpec } from '@rowloom/contract';
import { HttpError } from '../../../http/http-error.js';
import type { MockCall } from './mock-call.js';
import { schemaProblems } from './request-schemas.js';

/** Checking is linear in the body; past this it would hold the request thread for too long. */
export const MAX_CHECKED_BODY_CHARS = 1024 * 1024;

interface Problem {
  path: string;
  message: string;
}

const typeOf = (schema: unknown): unknown =>
  schema !== null && typeof schema === 'object' ? (schema as { type?: unknown }).type : undefined;

/** A text value as the schema's type reads it (left as text when it does not read so: the schema then says why). */
function asTyped(text: string, schema: unknown): unknown {
  const type = typeOf(schema);
  const types = Array.isArray(type) ? type : [type];
  if ((types.includes('integer') || types.includes('number')) && text.trim() !== '' && Number.isFinite(Number(text)))
    return Number(text);
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

function typedValue(raw: string | string[], schema: unknown): unknown {
  const type = typeOf(schema);
  if (type === 'array' || (Array.isArray(type) && type.includes('array'))) {
    const items = (schema as { items?: unknown }).items;
    const list = Array.isArray(raw) ? raw : raw === '' ? [] : raw.split(',');
    return list.map((text) => asTyped(text, items));
  }
  return asTyped(Array.isArray(raw) ? raw[raw.length - 1] : raw, schema);
}

function rawValue(
  parameter: RequestParameter,
  call: MockCall,
  pathParams: Record<string, string>,
): string | string[] | undefined {
  if (parameter.in === 'path') return pathParams[parameter.name];
  if (parameter.in === 'header') return call.headers[parameter.name.toLowerCase()];
  const value = (call.query as Record<string, unknown>)[parameter.name];
  return typeof value === 'string' || Array.isArray(value) ? (value as string | string[]) : undefined;
}

function parameterProblems(parameter: RequestParameter, call: MockCall, pathParams: Record<string, string>): Problem[] {
  const where = `${parameter.in === 'header' ? 'headers' : parameter.in}.${parameter.name}`;
  const raw = rawValue(parameter, call, pathParams);
  if (raw === undefined)
    return parameter.required || parameter.in === 'path'
      ? [{ path: where, message: `${where}: is required (a ${parameter.in} parameter)` }]
      : [];
  if (parameter.schema === undefined) return [];
  return schemaProblems(parameter.schema as object | boolean, typedValue(raw, parameter.schema), where);
}

const mediaType = (contentType: string | undefined) => (contentType ?? '').split(';')[0].trim().toLowerCase();

/** Whether the request's media type is the documented one (`application/*`, `*\/*` and `+json` suffixes allowed). */
function sameMedia(sent: string, documented: string): boolean {
  const wanted = mediaType(documented);
  if (wanted === '*/*' || sent === wanted) return true;
  if (wanted.endsWith('/*')) return sent.startsWith(wanted.slice(0, -1));
  return wanted === 'application/json' && /^application\/[\w.+-]*\+json$/.test(sent);
}

function bodyProblems(spec: RequestBodySpec, call: MockCall): Problem[] {
  const present = call.bodyText !== null && call.bodyText !== '';
  if (!present) return spec.required ? [{ path: 'body', message: `body: is required (${spec.contentType})` }] : [];
  // An import keeps one media type of several (the JSON one): a body sent in another is not checked.
  if (!sameMedia(mediaType(call.headers['content-type']), spec.contentType)) return [];
  if (spec.schema === undefined || !/json/i.test(spec.contentType)) return [];
  if (call.bodyText!.length > MAX_CHECKED_BODY_CHARS)
    throw new HttpError(
      413,
      `bodies are checked against the documented schema up to ${MAX_CHECKED_BODY_CHARS} characters; this one has ${call.bodyText!.length}`,
    );
  if (typeof call.body === 'string') return [{ path: 'body', message: 'body: is not JSON' }];
  return schemaProblems(spec.schema as object | boolean, call.body, 'body');
}

/** Throws the 400 (or 415) for a request that breaks the route's documented request. */
export function checkRequest(
  route: MockRoute,
  call: MockCall,
  pathParams: Record<string, string>,
  where: string,
): void {
  const documented = route.request;
  if (!documented) return;
  const problems = [
    ...(documented.parameters ?? []).flatMap((parameter) => parameterProblems(parameter, call, pathParams)),
    ...(documented.body ? bodyProblems(documented.body, call) : []),
  ];
  if (problems.length === 0) return;
  const shown = problems.slice(0, 5).map((problem) => problem.message);
  const more = problems.length > 5 ? `; and ${problems.length - 5} more (see details)` : '';
  throw new HttpError(
    400,
    `the request does not match what ${where} (${route.method} ${route.path}) documents: ${shown.join('; ')}${more}`,
    { details: problems.map((problem) => ({ path: problem.path, field: problem.path, message: problem.message })) },
  );
}
