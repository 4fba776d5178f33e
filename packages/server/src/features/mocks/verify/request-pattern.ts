/**
 * A verification pattern (the contract's RequestPattern) read into conditions, and the
 * differences between it and one logged request: none means it matches. Reading checks every
 * part and names the first one that is wrong (`query.page.regex ...`), so a test's typo is an
 * error, not a silent "0 requests".
 */
import type { LoggedRequest } from '@rowloom/contract';
import { MOCK_LIMITS, MOCK_METHODS } from '@rowloom/contract';
import type { JSONPathQuery, JSONValue } from 'json-p3';
import { badRequest } from '../../../http/http-error.js';
import type { MatchSteps } from '../rule-regex.js';
import { compileJsonPath, ruleJsonPathTexts } from '../json-path.js';
import { describeCondition, describeValues, holds, readMatcher, type Condition } from './value-matcher.js';

export const DEFAULT_FOUND_LIMIT = 50;
const MAX_NAMED = 20;
const KEYS = ['method', 'path', 'query', 'headers', 'body', 'jsonPath', 'routeId', 'limit'];

interface Named {
  name: string;
  condition: Condition;
}

export interface ReadPattern {
  method: string | null;
  path: Condition | null;
  query: Named[];
  headers: Named[];
  body: Condition | null;
  jsonPaths: (Named & { compiled: JSONPathQuery })[];
  routeId: string | null;
  limit: number;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function condition(where: string, matcher: unknown): Condition {
  const read = readMatcher(matcher);
  // A problem with one operator reads ".regex is ...", so it follows the name directly.
  if (typeof read === 'string') throw badRequest(read.startsWith('.') ? `${where}${read}` : `${where} ${read}`);
  return read;
}

function named(where: string, value: unknown, lowerCase: boolean): Named[] {
  if (value === undefined) return [];
  if (!isObject(value)) throw badRequest(`${where} must be an object of names to conditions`);
  const entries = Object.entries(value);
  if (entries.length > MAX_NAMED) throw badRequest(`${where} has ${entries.length} names; at most ${MAX_NAMED}`);
  return entries.map(([name, matcher]) => ({
    name: lowerCase ? name.toLowerCase() : name,
    condition: condition(`${where}.${name}`, matcher),
  }));
}

function methodOf(value: unknown): string | null {
  if (value === undefined) return null;
  const method = typeof value === 'string' ? value.toUpperCase() : '';
  if (!(MOCK_METHODS as readonly string[]).includes(method))
    throw badRequest(`method must be one of ${MOCK_METHODS.join(', ')}, got ${JSON.stringify(value)}`);
  return method === 'ANY' ? null : method;
}

function limitOf(value: unknown): number {
  if (value === undefined) return DEFAULT_FOUND_LIMIT;
  if (!Number.isInteger(value) || (value as number) < 0 || (value as number) > MOCK_LIMITS.requestLogEntries)
    throw badRequest(`limit must be an integer 0..${MOCK_LIMITS.requestLogEntries}, got ${JSON.stringify(value)}`);
  return value as number;
}

/** The pattern's conditions; a 400 naming the part that is wrong. */
export function readPattern(body: unknown): ReadPattern {
  const pattern = body === undefined || body === null || body === '' ? {} : body;
  if (!isObject(pattern))
    throw badRequest('the body must be a JSON object such as {"method": "POST", "path": "/users"}');
  const unknown = Object.keys(pattern).find((key) => !KEYS.includes(key));
  if (unknown !== undefined) throw badRequest(`${unknown} is not part of a request pattern; it has ${KEYS.join(', ')}`);
  const routeId = pattern.routeId;
  if (routeId !== undefined && typeof routeId !== 'string') throw badRequest('routeId must be a string');
  return {
    method: methodOf(pattern.method),
    path: pattern.path === undefined ? null : condition('path', pattern.path),
    query: named('query', pattern.query, false),
    headers: named('headers', pattern.headers, true),
    body: pattern.body === undefined ? null : condition('body', pattern.body),
    jsonPaths: named('jsonPath', pattern.jsonPath, false).map((entry) => {
      const compiled = compileJsonPath(entry.name);
      if (typeof compiled === 'string') throw badRequest(`jsonPath ${JSON.stringify(entry.name)} ${compiled}`);
      return { ...entry, compiled };
    }),
    routeId: routeId ?? null,
    limit: limitOf(pattern.limit),
  };
}

/** A logged value (a string, or several for a repeated parameter) as the texts conditions test. */
function texts(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value.map(String);
  return [String(value)];
}

/** The body parsed as JSON once per request; undefined when it is not JSON. */
function parsedBody(entry: LoggedRequest): JSONValue | undefined {
  if (entry.body === null || entry.body === '') return undefined;
  try {
    return JSON.parse(entry.body) as JSONValue;
  } catch {
    return undefined;
  }
}

function checkNamed(
  label: string,
  conditions: Named[],
  values: Record<string, unknown>,
  steps: MatchSteps,
  out: string[],
): void {
  for (const { name, condition: test } of conditions) {
    const found = texts(values[name]);
    if (!holds(test, found, steps))
      out.push(`${label}.${name}: expected ${describeCondition(test)}, got ${describeValues(found)}`);
  }
}

function checkJsonPaths(pattern: ReadPattern, entry: LoggedRequest, steps: MatchSteps, out: string[]): void {
  if (pattern.jsonPaths.length === 0) return;
  const json = parsedBody(entry);
  for (const { name, condition: test } of pattern.jsonPaths) {
    if (json === undefined && test.operator !== 'absent') {
      out.push(`jsonPath ${name}: expected ${describeCondition(test)}, but the body is not JSON`);
      continue;
    }
    const found = json === undefined ? [] : (ruleJsonPathTexts(name, json, steps) ?? []);
    if (!holds(test, found, steps))
      out.push(`jsonPath ${name}: expected ${describeCondition(test)}, got ${describeValues(found)}`);
  }
}

/** Every condition `entry` fails, each saying what was expected and what came; [] when it matches. */
export function differences(pattern: ReadPattern, entry: LoggedRequest, steps: MatchSteps): string[] {
  const out: string[] = [];
  if (pattern.method !== null && entry.method !== pattern.method)
    out.push(`method: expected ${pattern.method}, got ${entry.method}`);
  if (pattern.path && !holds(pattern.path, [entry.path], steps))
    out.push(`path: expected ${describeCondition(pattern.path)}, got ${describeValues([entry.path])}`);
  if (pattern.routeId !== null && entry.routeId !== pattern.routeId)
    out.push(`routeId: expected ${pattern.routeId}, got ${entry.routeId ?? 'none (no route matched)'}`);
  checkNamed('query', pattern.query, entry.query, steps, out);
  checkNamed('headers', pattern.headers, entry.headers, steps, out);
  if (pattern.body && !holds(pattern.body, entry.body === null ? [] : [entry.body], steps))
    out.push(
      `body: expected ${describeCondition(pattern.body)}, got ${describeValues(entry.body === null ? [] : [entry.body])}`,
    );
  checkJsonPaths(pattern, entry, steps, out);
  return out;
}
