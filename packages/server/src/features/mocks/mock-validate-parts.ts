/**
 * Validating the parts routes and responses share: latency, faults, response headers and rules.
 * Each reader reports every problem under its JSON path and returns the value with its defaults
 * filled (or undefined when it is unusable).
 */
import {
  FAULT_KINDS,
  MOCK_LIMITS,
  RULE_OPERATORS,
  RULE_TARGETS,
  type Fault,
  type Latency,
  type Rule,
} from '@rowloom/contract';
import { cookieRuleNameProblem } from './mock-cookie-policy.js';
import { compileJsonPath } from './json-path.js';
import { compileXPath } from './xml-path.js';
import { mockHeaderProblem } from './mock-header-policy.js';
import { DocumentRegexWork, rulePatternProblem } from './rule-regex.js';
import { at, choice, isObject, shown, utf8Bytes, type Problems } from './mock-problems.js';

export const DEFAULT_FAULT_BODY = '{"error": "simulated fault"}';
export const DEFAULT_DRIBBLE = { chunks: 10, durationMs: 2000 };
const MAX_HEADER_VALUE_CHARS = 8192;

export function readLatency(value: unknown, path: string, problems: Problems): Latency | null | undefined {
  if (value === undefined || value === null) return null;
  if (!isObject(value)) return undefined;
  const { min, max, ms, median, sigma } = value as Record<string, number>;
  switch (value.type) {
    case 'fixed':
      return { type: 'fixed', ms };
    case 'uniform':
      if (typeof min !== 'number' || typeof max !== 'number' || min <= max) return { type: 'uniform', min, max };
      problems.add(at(path, 'min'), `(${min}) must not be more than max (${max})`);
      return undefined;
    case 'lognormal':
      return { type: 'lognormal', median, sigma };
    default:
      return undefined;
  }
}

export function readFaults(value: unknown, path: string, problems: Problems): Fault[] | undefined {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return undefined;
  const faults = value.map((item, index) => readFault(item, `${path}[${index}]`, problems));
  return faults.every((fault) => fault !== undefined) ? (faults as Fault[]) : undefined;
}

/** What the schema cannot say of a fault: one trigger, and keys only for the kinds they apply to; then its defaults. */
function readFault(value: unknown, path: string, problems: Problems): Fault | undefined {
  if (!isObject(value)) return undefined;
  const kind = choice(value.kind, FAULT_KINDS);
  const hasProbability = value.probability !== undefined && value.probability !== null;
  const hasNth = value.everyNth !== undefined && value.everyNth !== null;
  if (hasProbability === hasNth)
    problems.add(path, 'must have exactly one of "probability" (0..1) and "everyNth" (1 or more)');
  notFor(value, path, kind, 'status', ['status', 'body'], problems);
  notFor(value, path, kind, 'dribble', ['chunks', 'durationMs'], problems);
  if (kind === 'status' && typeof value.body === 'string' && utf8Bytes(value.body) > MOCK_LIMITS.literalBodyBytes)
    problems.add(at(path, 'body'), `is more than ${MOCK_LIMITS.literalBodyBytes} bytes`);
  if (kind === undefined) return undefined;
  const fault: Fault = { kind };
  if (hasProbability) fault.probability = value.probability as number;
  else fault.everyNth = value.everyNth as number;
  if (kind === 'status') {
    fault.status = (value.status as number | null | undefined) ?? 500;
    fault.body = (value.body as string | null | undefined) ?? DEFAULT_FAULT_BODY;
  }
  if (kind === 'dribble') {
    fault.chunks = (value.chunks as number | null | undefined) ?? DEFAULT_DRIBBLE.chunks;
    fault.durationMs = (value.durationMs as number | null | undefined) ?? DEFAULT_DRIBBLE.durationMs;
  }
  return fault;
}

/** Keys that only mean something for one kind of fault. */
function notFor(
  value: Record<string, unknown>,
  path: string,
  kind: string | undefined,
  owner: string,
  keys: string[],
  problems: Problems,
): void {
  if (kind === undefined || kind === owner) return;
  for (const key of keys)
    if (value[key] !== undefined && value[key] !== null)
      problems.add(at(path, key), `only applies to "${owner}" faults, not "${kind}"`);
}

/** RFC 9110 token characters. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Visible ASCII and Latin-1, space and tab: what Node writes as is. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
/** Headers the server computes itself: a configured one would contradict the body or the connection. */
const MANAGED_HEADERS = new Set([
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'trailer',
  'te',
  'proxy-connection',
]);

export function readHeaders(value: unknown, path: string, problems: Problems): Record<string, string> | undefined {
  if (value === undefined || value === null) return {};
  // Not an object, or too many: checkStructure says so (an import's headers are always an object of a few).
  if (!isObject(value) || Object.keys(value).length > MOCK_LIMITS.headersPerResponse) return undefined;
  const entries = Object.entries(value);
  const headers: Record<string, string> = {};
  const seen = new Set<string>();
  let ok = true;
  for (const [name, raw] of entries) {
    const where = `${path}[${JSON.stringify(name.slice(0, 60))}]`;
    const text = typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : raw;
    if (!HEADER_NAME.test(name) || name.length > 256) {
      problems.add(where, "is not a valid header name: use letters, digits and !#$%&'*+.^_`|~- (no spaces or colons)");
      ok = false;
    } else if (MANAGED_HEADERS.has(name.toLowerCase())) {
      problems.add(where, 'is set by the server from the body and connection; leave it out');
      ok = false;
    } else if (seen.has(name.toLowerCase())) {
      problems.add(where, 'is given twice (header names are case-insensitive)');
      ok = false;
    } else if (typeof text !== 'string' || text.length > MAX_HEADER_VALUE_CHARS || !HEADER_VALUE.test(text)) {
      problems.add(
        where,
        `must be a header value: text of at most ${MAX_HEADER_VALUE_CHARS} characters without line breaks or control characters, got ${shown(raw)}`,
      );
      ok = false;
    } else if (mockHeaderProblem(name, text) !== null) {
      problems.add(where, mockHeaderProblem(name, text)!);
      ok = false;
    } else {
      headers[name] = text;
    }
    seen.add(name.toLowerCase());
  }
  return ok ? headers : undefined;
}

/** What each operator needs in `value`. */
const NEEDS_VALUE = new Set(['equals', 'not_equals', 'contains', 'regex', 'in', 'gt', 'lt']);
const NAMED_TARGETS = new Set(['param', 'query', 'header', 'cookie', 'body', 'jsonpath', 'xpath', 'form', 'state']);
/** Names other than paths (a JSONPath or XPath may be longer, 500). */
const MAX_NAME_CHARS = 256;
const DOTTED = /^[^.\s]+(\.[^.\s]+)*$/;

/** `regexWork`: what the whole document's patterns may still compile (one per document being read). */
export function readRules(
  value: unknown,
  path: string,
  pathParams: string[] | undefined,
  problems: Problems,
  regexWork: DocumentRegexWork = new DocumentRegexWork(),
): Rule[] | undefined {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return undefined;
  const rules = value.map((item, index) => readRule(item, `${path}[${index}]`, pathParams, problems, regexWork));
  return rules.every((rule) => rule !== undefined) ? (rules as Rule[]) : undefined;
}

function readRule(
  value: unknown,
  path: string,
  pathParams: string[] | undefined,
  problems: Problems,
  regexWork: DocumentRegexWork,
): Rule | undefined {
  if (!isObject(value)) return undefined;
  const target = choice(value.target, RULE_TARGETS);
  const operator = choice(value.operator, RULE_OPERATORS);
  const name = ruleName(value.name, at(path, 'name'), target, pathParams, problems);
  const ruleValue = ruleValueFor(value.value, at(path, 'value'), target, operator, problems, regexWork);
  if (target === undefined || operator === undefined || name === null || ruleValue === null) return undefined;
  const rule: Rule = { target, operator };
  if (name !== undefined) rule.name = name;
  if (ruleValue !== undefined) rule.value = ruleValue;
  return rule;
}

/**
 * Rule values as text: clients write {"value": 5} or {"value": true} for "5" and "true", and
 * the rules compare text. A copy where that is so; the document as sent otherwise.
 */
export function ruleValuesAsText(json: unknown): unknown {
  if (!isObject(json) || !Array.isArray(json.routes)) return json;
  const scalar = (value: unknown) => typeof value === 'number' || typeof value === 'boolean';
  const needed = json.routes.some(
    (route) =>
      isObject(route) &&
      Array.isArray(route.responses) &&
      route.responses.some(
        (response) =>
          isObject(response) &&
          Array.isArray(response.rules) &&
          response.rules.some((rule) => isObject(rule) && scalar(rule.value)),
      ),
  );
  if (!needed) return json;
  const textRule = (rule: unknown) =>
    isObject(rule) && scalar(rule.value) ? { ...rule, value: String(rule.value) } : rule;
  const textResponse = (response: unknown) =>
    isObject(response) && Array.isArray(response.rules)
      ? { ...response, rules: response.rules.map(textRule) }
      : response;
  const routes = json.routes.map((route) =>
    isObject(route) && Array.isArray(route.responses)
      ? { ...route, responses: route.responses.map(textResponse) }
      : route,
  );
  return { ...json, routes };
}

const NAME_MEANS: Record<string, string> = {
  cookie: 'name of the request cookie',
  jsonpath: 'JSONPath into the JSON body ($.user.id, $.items[*].sku)',
  xpath: 'XPath 1.0 expression into the XML body (/order/item/@sku)',
  form: 'name of the form field (urlencoded or multipart body)',
  body: 'dotted path into the JSON body (user.id)',
  state: 'name of the state machine, as responses\' "setState" name it',
};

/** The name a rule reads; null when bad (reported). */
function ruleName(
  value: unknown,
  path: string,
  target: string | undefined,
  pathParams: string[] | undefined,
  problems: Problems,
): string | undefined | null {
  if (target === undefined) return undefined;
  const given = value !== undefined && value !== null && value !== '';
  if (!NAMED_TARGETS.has(target)) {
    if (!given) return undefined;
    problems.add(path, `is not used with target "${target}"; leave it out`);
    return null;
  }
  if (given && typeof value !== 'string') return null;
  const name = value as string | undefined | null;
  if (name === undefined || name === null || name === '') {
    problems.add(path, `is needed with target "${target}": the ${NAME_MEANS[target] ?? `${target} name`}`);
    return null;
  }
  if (target === 'param' && pathParams && !pathParams.includes(name)) {
    problems.add(
      path,
      `names the path parameter "${name}", which the route's path does not have; ${pathParams.length ? `its parameters are ${pathParams.join(', ')}` : 'it has no parameters'}`,
    );
    return null;
  }
  const problem = targetNameProblem(target, name);
  if (problem !== null) {
    problems.add(path, problem);
    return null;
  }
  if (target === 'body' && !DOTTED.test(name)) {
    problems.add(path, `must be a dotted path into the JSON body, such as user.id or items.0.sku, got ${shown(name)}`);
    return null;
  }
  return name;
}

/** What the target asks of a name's text (a cookie's name, a JSONPath that compiles), or null. */
function targetNameProblem(target: string, name: string): string | null {
  if (target === 'jsonpath' || target === 'xpath') {
    const compiled = target === 'jsonpath' ? compileJsonPath(name) : compileXPath(name);
    return typeof compiled === 'string' ? compiled : null;
  }
  if (name.length > MAX_NAME_CHARS) return `is ${name.length} characters long; at most ${MAX_NAME_CHARS} are allowed`;
  return target === 'cookie' ? cookieRuleNameProblem(name) : null;
}

/** The value a rule compares with; null when bad (reported). */
function ruleValueFor(
  value: unknown,
  path: string,
  target: string | undefined,
  operator: string | undefined,
  problems: Problems,
  regexWork: DocumentRegexWork,
): string | undefined | null {
  if (operator === undefined) return undefined;
  const given = value !== undefined && value !== null;
  if (!NEEDS_VALUE.has(operator)) {
    if (!given) return undefined;
    problems.add(path, `is not used with operator "${operator}"; leave it out`);
    return null;
  }
  if (given && typeof value !== 'string') return null;
  const text = value as string | undefined | null;
  if (text === undefined || text === null) {
    problems.add(path, `is needed with operator "${operator}"`);
    return null;
  }
  if ((operator === 'gt' || operator === 'lt') && (text.trim() === '' || !Number.isFinite(Number(text)))) {
    problems.add(path, `must be a number for operator "${operator}", got ${shown(text)}`);
    return null;
  }
  if (operator === 'regex') return regexProblem(text, path, problems, regexWork) ? null : text;
  if (operator === 'contains' && text === '') {
    problems.add(path, 'must be some text for operator "contains" (every value contains ""; use "exists")');
    return null;
  }
  if (operator === 'in' && text.split(',').every((item) => item.trim() === '')) {
    problems.add(path, 'must be a comma-separated list of values for operator "in"');
    return null;
  }
  if (target === 'request_number' && operator !== 'in' && (!/^\d+$/.test(text.trim()) || text.trim() === '0')) {
    problems.add(path, `must be a request number (1 or more) for target "request_number", got ${shown(text)}`);
    return null;
  }
  return text;
}

function regexProblem(pattern: string, path: string, problems: Problems, regexWork: DocumentRegexWork): boolean {
  const problem = rulePatternProblem(pattern, regexWork);
  if (problem !== null) problems.add(path, problem);
  return problem !== null;
}

const CONTROL = /[\u0000-\u001f\u007f]/;

/** A response's setState: machine names and states as text without control characters; undefined when absent, null when bad (reported). */
export function readSetState(
  value: unknown,
  path: string,
  problems: Problems,
): Record<string, string> | undefined | null {
  if (value === undefined || value === null) return undefined;
  if (!isObject(value)) return null;
  let ok = true;
  for (const [name, state] of Object.entries(value)) {
    if (name === '' || name.length > 100 || CONTROL.test(name)) {
      problems.add(
        path,
        `must name each state machine with 1 to 100 characters without control characters, got ${shown(name)}`,
      );
      ok = false;
    }
    if (typeof state === 'string' && (state === '' || state.length > 100 || CONTROL.test(state))) {
      problems.add(
        at(path, name),
        `must be a state of 1 to 100 characters without control characters, got ${shown(state)}`,
      );
      ok = false;
    }
  }
  return ok ? (value as Record<string, string>) : null;
}
