/**
 * Validating the parts routes and responses share: latency, faults, response headers and rules.
 * Each reader reports every problem under its JSON path and returns the value with its defaults
 * filled (or undefined when it is unusable).
 */
import { FAULT_KINDS, MOCK_LIMITS, RULE_OPERATORS, RULE_TARGETS, type Fault, type Latency, type Rule } from '@rowloom/contract';
import { mockHeaderProblem } from './mock-header-policy.js';
import { DocumentRegexWork, rulePatternProblem } from './rule-regex.js';
import { at, checkKeys, isObject, listOf, numberIn, oneOf, optionalText, shown, utf8Bytes, type Problems } from './mock-problems.js';

export const DEFAULT_FAULT_BODY = '{"error": "simulated fault"}';
export const DEFAULT_DRIBBLE = { chunks: 10, durationMs: 2000 };
/** A lognormal's sigma past this makes latencies that are all either ~0 or the cap. */
const MAX_SIGMA = 3;
const MAX_RULE_VALUE_CHARS = 4096;
const MAX_HEADER_VALUE_CHARS = 8192;

export function readLatency(value: unknown, path: string, problems: Problems): Latency | null | undefined {
  if (value === undefined || value === null) return null;
  if (!isObject(value)) {
    problems.add(path, `must be {"type": "fixed", "ms": N}, {"type": "uniform", "min": N, "max": N} or {"type": "lognormal", "median": N, "sigma": S}, got ${shown(value)}`);
    return undefined;
  }
  const limit = MOCK_LIMITS.latencyMs;
  const type = oneOf(value.type, at(path, 'type'), ['fixed', 'uniform', 'lognormal'] as const, problems);
  if (type === 'fixed') {
    checkKeys(value, path, ['type', 'ms'], problems);
    const ms = numberIn(value.ms, at(path, 'ms'), 0, limit, problems);
    return ms === undefined ? undefined : { type, ms };
  }
  if (type === 'uniform') {
    checkKeys(value, path, ['type', 'min', 'max'], problems);
    const min = numberIn(value.min, at(path, 'min'), 0, limit, problems);
    const max = numberIn(value.max, at(path, 'max'), 0, limit, problems);
    if (min === undefined || max === undefined) return undefined;
    if (min > max) {
      problems.add(at(path, 'min'), `(${min}) must not be more than max (${max})`);
      return undefined;
    }
    return { type, min, max };
  }
  if (type === 'lognormal') {
    checkKeys(value, path, ['type', 'median', 'sigma'], problems);
    const median = numberIn(value.median, at(path, 'median'), 0, limit, problems);
    const sigma = numberIn(value.sigma, at(path, 'sigma'), 0, MAX_SIGMA, problems);
    return median === undefined || sigma === undefined ? undefined : { type, median, sigma };
  }
  return undefined;
}

export function readFaults(value: unknown, path: string, problems: Problems): Fault[] | undefined {
  const list = listOf(value, path, MOCK_LIMITS.faultsPerTarget, problems, 'faults');
  if (!list) return undefined;
  const faults = list.map((item, index) => readFault(item, `${path}[${index}]`, problems));
  return faults.every((fault) => fault !== undefined) ? (faults as Fault[]) : undefined;
}

function readFault(value: unknown, path: string, problems: Problems): Fault | undefined {
  if (!isObject(value)) {
    problems.add(path, `must be a fault such as {"kind": "status", "status": 503, "probability": 0.1}, got ${shown(value)}`);
    return undefined;
  }
  checkKeys(value, path, ['kind', 'probability', 'everyNth', 'status', 'body', 'chunks', 'durationMs'], problems);
  const kind = oneOf(value.kind, at(path, 'kind'), FAULT_KINDS, problems);
  const fault: Partial<Fault> = { kind };
  const hasProbability = value.probability !== undefined && value.probability !== null;
  const hasNth = value.everyNth !== undefined && value.everyNth !== null;
  if (hasProbability === hasNth) {
    problems.add(path, 'must have exactly one of "probability" (0..1) and "everyNth" (1 or more)');
  } else if (hasProbability) {
    fault.probability = numberIn(value.probability, at(path, 'probability'), 0, 1, problems);
  } else {
    fault.everyNth = numberIn(value.everyNth, at(path, 'everyNth'), 1, 1_000_000_000, problems, true);
  }
  notFor(value, path, kind, 'status', ['status', 'body'], problems);
  notFor(value, path, kind, 'dribble', ['chunks', 'durationMs'], problems);
  if (kind === 'status') {
    fault.status = value.status === undefined || value.status === null ? 500 : numberIn(value.status, at(path, 'status'), 100, 599, problems, true);
    const body = optionalText(value.body, at(path, 'body'), MOCK_LIMITS.literalBodyBytes, problems);
    if (typeof body === 'string' && utf8Bytes(body) > MOCK_LIMITS.literalBodyBytes) problems.add(at(path, 'body'), `is more than ${MOCK_LIMITS.literalBodyBytes} bytes`);
    fault.body = body ?? DEFAULT_FAULT_BODY;
  }
  if (kind === 'dribble') {
    fault.chunks = value.chunks === undefined || value.chunks === null ? DEFAULT_DRIBBLE.chunks : numberIn(value.chunks, at(path, 'chunks'), 1, 1000, problems, true);
    fault.durationMs = value.durationMs === undefined || value.durationMs === null ? DEFAULT_DRIBBLE.durationMs : numberIn(value.durationMs, at(path, 'durationMs'), 0, MOCK_LIMITS.latencyMs, problems);
  }
  return Object.values(fault).some((v) => v === undefined) ? undefined : (fault as Fault);
}

/** Keys that only mean something for one kind of fault. */
function notFor(value: Record<string, unknown>, path: string, kind: string | undefined, owner: string, keys: string[], problems: Problems): void {
  if (kind === undefined || kind === owner) return;
  for (const key of keys) if (value[key] !== undefined && value[key] !== null) problems.add(at(path, key), `only applies to "${owner}" faults, not "${kind}"`);
}

/** RFC 9110 token characters. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Visible ASCII and Latin-1, space and tab: what Node writes as is. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
/** Headers the server computes itself: a configured one would contradict the body or the connection. */
const MANAGED_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'trailer', 'te', 'proxy-connection']);

export function readHeaders(value: unknown, path: string, problems: Problems): Record<string, string> | undefined {
  if (value === undefined || value === null) return {};
  if (!isObject(value)) {
    problems.add(path, `must be an object of header names to values, got ${shown(value)}`);
    return undefined;
  }
  const entries = Object.entries(value);
  if (entries.length > MOCK_LIMITS.headersPerResponse) {
    problems.add(path, `has ${entries.length} headers; at most ${MOCK_LIMITS.headersPerResponse} are allowed`);
    return undefined;
  }
  const headers: Record<string, string> = {};
  const seen = new Set<string>();
  let ok = true;
  for (const [name, raw] of entries) {
    const where = `${path}[${JSON.stringify(name.slice(0, 60))}]`;
    const text = typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : raw;
    if (!HEADER_NAME.test(name) || name.length > 256) {
      problems.add(where, 'is not a valid header name: use letters, digits and !#$%&\'*+.^_`|~- (no spaces or colons)');
      ok = false;
    } else if (MANAGED_HEADERS.has(name.toLowerCase())) {
      problems.add(where, 'is set by the server from the body and connection; leave it out');
      ok = false;
    } else if (seen.has(name.toLowerCase())) {
      problems.add(where, 'is given twice (header names are case-insensitive)');
      ok = false;
    } else if (typeof text !== 'string' || text.length > MAX_HEADER_VALUE_CHARS || !HEADER_VALUE.test(text)) {
      problems.add(where, `must be a header value: text of at most ${MAX_HEADER_VALUE_CHARS} characters without line breaks or control characters, got ${shown(raw)}`);
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
const NEEDS_VALUE = new Set(['equals', 'not_equals', 'regex', 'in', 'gt', 'lt']);
const NAMED_TARGETS = new Set(['param', 'query', 'header', 'body']);
const DOTTED = /^[^.\s]+(\.[^.\s]+)*$/;

/** `regexWork`: what the whole document's patterns may still compile (one per document being read). */
export function readRules(value: unknown, path: string, pathParams: string[] | undefined, problems: Problems, regexWork: DocumentRegexWork = new DocumentRegexWork()): Rule[] | undefined {
  const list = listOf(value, path, MOCK_LIMITS.rulesPerResponse, problems, 'rules');
  if (!list) return undefined;
  const rules = list.map((item, index) => readRule(item, `${path}[${index}]`, pathParams, problems, regexWork));
  return rules.every((rule) => rule !== undefined) ? (rules as Rule[]) : undefined;
}

function readRule(value: unknown, path: string, pathParams: string[] | undefined, problems: Problems, regexWork: DocumentRegexWork): Rule | undefined {
  if (!isObject(value)) {
    problems.add(path, `must be a rule such as {"target": "query", "name": "status", "operator": "equals", "value": "sold"}, got ${shown(value)}`);
    return undefined;
  }
  checkKeys(value, path, ['target', 'name', 'operator', 'value'], problems);
  const target = oneOf(value.target, at(path, 'target'), RULE_TARGETS, problems);
  const operator = oneOf(value.operator, at(path, 'operator'), RULE_OPERATORS, problems);
  const name = ruleName(value.name, at(path, 'name'), target, pathParams, problems);
  const ruleValue = ruleValueFor(value.value, at(path, 'value'), target, operator, problems, regexWork);
  if (target === undefined || operator === undefined || name === null || ruleValue === null) return undefined;
  const rule: Rule = { target, operator };
  if (name !== undefined) rule.name = name;
  if (ruleValue !== undefined) rule.value = ruleValue;
  return rule;
}

/** The name a rule reads; null when bad (reported). */
function ruleName(value: unknown, path: string, target: string | undefined, pathParams: string[] | undefined, problems: Problems): string | undefined | null {
  if (target === undefined) return undefined;
  const given = value !== undefined && value !== null && value !== '';
  if (!NAMED_TARGETS.has(target)) {
    if (!given) return undefined;
    problems.add(path, `is not used with target "${target}"; leave it out`);
    return null;
  }
  const name = optionalText(value, path, 256, problems);
  if (name === null) return null;
  if (name === undefined || name === '') {
    problems.add(path, `is needed with target "${target}": the ${target === 'body' ? 'dotted path into the JSON body (user.id)' : `${target} name`}`);
    return null;
  }
  if (target === 'param' && pathParams && !pathParams.includes(name)) {
    problems.add(path, `names the path parameter "${name}", which the route's path does not have; ${pathParams.length ? `its parameters are ${pathParams.join(', ')}` : 'it has no parameters'}`);
    return null;
  }
  if (target === 'body' && !DOTTED.test(name)) {
    problems.add(path, `must be a dotted path into the JSON body, such as user.id or items.0.sku, got ${shown(name)}`);
    return null;
  }
  return name;
}

/** The value a rule compares with; null when bad (reported). */
function ruleValueFor(value: unknown, path: string, target: string | undefined, operator: string | undefined, problems: Problems, regexWork: DocumentRegexWork): string | undefined | null {
  if (operator === undefined) return undefined;
  const given = value !== undefined && value !== null;
  if (!NEEDS_VALUE.has(operator)) {
    if (!given) return undefined;
    problems.add(path, `is not used with operator "${operator}"; leave it out`);
    return null;
  }
  const text = typeof value === 'number' || typeof value === 'boolean' ? String(value) : optionalText(value, path, MAX_RULE_VALUE_CHARS, problems);
  if (text === null) return null;
  if (text === undefined) {
    problems.add(path, `is needed with operator "${operator}"`);
    return null;
  }
  if ((operator === 'gt' || operator === 'lt') && (text.trim() === '' || !Number.isFinite(Number(text)))) {
    problems.add(path, `must be a number for operator "${operator}", got ${shown(text)}`);
    return null;
  }
  if (operator === 'regex') return regexProblem(text, path, problems, regexWork) ? null : text;
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
