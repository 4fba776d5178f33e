/**
 * Validating a response's body: rows of a saved schema (which must exist, with the generate
 * API's formats and options), a JSON value, text, a handler, or nothing.
 */
import { closestMatch, OUTPUT_FORMATS, type HandlerProblem, type OutputFormat } from '@rowloom/core';
import { HttpError } from '../../http/http-error.js';
import { writerOptions } from '../generation/generate-request.js';
import { MOCK_LIMITS, type MockBody } from '@rowloom/contract';
import { at, atMost, choice, flag, isObject, shown, text, utf8Bytes, type Problems } from './mock-problems.js';

export const DEFAULT_TEXT_TYPE = 'text/plain; charset=utf-8';

/** What checking a handler's source found (core's checkHandler and handlerSchemaNames). */
export interface HandlerCheck {
  problems: HandlerProblem[];
  /** The saved schemas the handler names: they must exist. */
  schemaNames: string[];
}

/** What the owner's account says about the bodies. */
export interface BodyContext {
  /** The owner's saved schema names; undefined skips the existence checks. */
  schemaNames?: readonly string[];
  /** The plan's records per request (null: no limit). */
  recordsPerRequest?: number | null;
  /** Checks a handler's source; undefined checks only its size. */
  checkHandler?: (source: string) => HandlerCheck;
}

/** The generate API's file options a schema body may set (its query parameter names). */
export const BODY_OPTIONS = [
  'delimiter',
  'quote_char',
  'line_ending',
  'array',
  'include_nulls',
  'include_header',
  'bom',
  'neutralize_formulas',
  'table',
  'create_table',
  'root_element',
  'record_element',
  'keyspace',
  'sheet_name',
  'firebase_key',
] as const;

const CONTENT_TYPE = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+\/[!#$%&'*+.^_`|~0-9A-Za-z-]+(\s*;[\t\x20-\x7e]*)?$/;

/** What the schema cannot say of a body (saved schemas that exist, sizes in bytes, valid options and handlers); then its defaults. */
export function readBody(value: unknown, path: string, context: BodyContext, problems: Problems): MockBody | undefined {
  if (value === undefined || value === null) return { type: 'empty' };
  if (!isObject(value)) return undefined;
  switch (value.type) {
    case 'schema':
      return schemaBody(value, path, context, problems);
    case 'json':
      return jsonValueBody(value, path, problems);
    case 'text':
      return textBody(value, path, problems);
    case 'handler':
      return handlerBody(value, path, context, problems);
    case 'empty':
      return { type: 'empty' };
    default:
      return undefined;
  }
}

/** Reports a saved schema name the owner does not have, with the closest one. */
export function checkSchemaName(name: string, path: string, context: BodyContext, problems: Problems): void {
  const names = context.schemaNames;
  if (!names || names.includes(name)) return;
  const suggestion = closestMatch(name, names);
  const hint =
    names.length === 0
      ? 'you have no saved schemas: save one first (PUT /api/schemas/<name>)'
      : suggestion
        ? `did you mean "${suggestion}"?`
        : 'GET /api/schemas lists yours';
  problems.add(path, `names the saved schema "${name.slice(0, 100)}", which you do not have; ${hint}`);
}

function schemaBody(
  value: Record<string, unknown>,
  path: string,
  context: BodyContext,
  problems: Problems,
): MockBody | undefined {
  const schema = text(value.schema);
  if (schema === '') problems.add(at(path, 'schema'), 'is needed: the name of one of your saved schemas');
  else if (schema !== undefined) checkSchemaName(schema, at(path, 'schema'), context, problems);
  const most = context.recordsPerRequest ?? Number.MAX_SAFE_INTEGER;
  const count =
    value.count === undefined || value.count === null ? 1 : atMost(value.count, at(path, 'count'), 1, most, problems);
  const format = choice(value.format, OUTPUT_FORMATS, 'json');
  const options = bodyOptions(value.options, at(path, 'options'), format, problems);
  if (!schema || count === undefined || format === undefined || options === undefined) return undefined;
  return { type: 'schema', schema, count, array: flag(value.array, false), format, options };
}

/** The options as the generate API's query parameters, checked by its own writerOptions(). */
function bodyOptions(
  value: unknown,
  path: string,
  format: OutputFormat | undefined,
  problems: Problems,
): Record<string, string> | undefined {
  if (value === undefined || value === null) return {};
  if (!isObject(value)) return undefined;
  const options: Record<string, string> = {};
  let ok = true;
  for (const [name, raw] of Object.entries(value)) {
    if (!(BODY_OPTIONS as readonly string[]).includes(name)) {
      problems.add(at(path, name), `is not an option; the options are ${BODY_OPTIONS.join(', ')}`);
      ok = false;
    } else if (typeof raw === 'string' || typeof raw === 'boolean' || typeof raw === 'number') {
      options[name] = String(raw);
    } else {
      problems.add(at(path, name), `must be text, true/false or a number, got ${shown(raw)}`);
      ok = false;
    }
  }
  if (!ok || format === undefined) return undefined;
  try {
    writerOptions(format, options);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    problems.add(path, `are not valid: ${error.message.replace(/^parameter /, 'option ')}`);
    return undefined;
  }
  return options;
}

function jsonValueBody(value: Record<string, unknown>, path: string, problems: Problems): MockBody | undefined {
  if (!('value' in value)) return undefined;
  const bytes = utf8Bytes(JSON.stringify(value.value) ?? '');
  if (bytes > MOCK_LIMITS.literalBodyBytes) {
    problems.add(
      at(path, 'value'),
      `is ${bytes} bytes of JSON; at most ${MOCK_LIMITS.literalBodyBytes} are allowed (use a schema body for large responses)`,
    );
    return undefined;
  }
  return { type: 'json', value: value.value };
}

function textBody(value: Record<string, unknown>, path: string, problems: Problems): MockBody | undefined {
  const body = text(value.text);
  if (body !== undefined && utf8Bytes(body) > MOCK_LIMITS.literalBodyBytes) {
    problems.add(at(path, 'text'), `is more than ${MOCK_LIMITS.literalBodyBytes} bytes`);
    return undefined;
  }
  const contentType = text(value.contentType);
  if (contentType !== undefined && !CONTENT_TYPE.test(contentType)) {
    problems.add(
      at(path, 'contentType'),
      `must be a media type such as text/csv or application/xml; charset=utf-8, got ${shown(contentType)}`,
    );
    return undefined;
  }
  if (body === undefined) return undefined;
  return { type: 'text', text: body, contentType: contentType ?? DEFAULT_TEXT_TYPE };
}

function handlerBody(
  value: Record<string, unknown>,
  path: string,
  context: BodyContext,
  problems: Problems,
): MockBody | undefined {
  const source = text(value.source);
  if (!source) return undefined;
  if (!context.checkHandler) return { type: 'handler', source };
  const check = context.checkHandler(source);
  for (const problem of check.problems)
    problems.add(at(path, 'source'), `line ${problem.line}:${problem.column}: ${problem.message}`);
  for (const name of check.schemaNames) checkSchemaName(name, at(path, 'source'), context, problems);
  return check.problems.length === 0 ? { type: 'handler', source } : undefined;
}
