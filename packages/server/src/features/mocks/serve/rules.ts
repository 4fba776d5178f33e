/**
 * Testing a response's rules against a request. Values are compared as text: a path, query or
 * header value as sent, a cookie's value percent-decoded, a JSON body value as its text (numbers as written, objects as JSON);
 * gt and lt compare as numbers and fail when either side is not one; contains finds the text
 * anywhere in the value, regex a match (RE2 syntax, ../rule-regex.ts); missing and its synonym
 * absent hold when there is no value. A query parameter given several times
 * has several values, and so have a form field given several times and a JSONPath selecting
 * several nodes: a rule matches when one of
 * them does, and not_equals when none equals (so equals and not_equals never agree).
 */
import { INITIAL_MOCK_STATE, type MockResponse, type Rule } from '@rowloom/contract';
import { MatchSteps, ruleRegexTest, RuleRegexError } from '../rule-regex.js';
import { ruleJsonPathTexts } from '../json-path.js';
import { RuleWorkError } from '../rule-work.js';
import { parseXmlBody, ruleXPathTexts, type XmlBody } from '../xml-path.js';
import type { MockCall } from './mock-call.js';
import type { FormFields } from './request-form.js';
import { HttpError } from '../../../http/http-error.js';

export interface RuleInput {
  call: MockCall;
  pathParams: Record<string, string>;
  requestNumber: number;
  /** The API's state machines and their states, read when the route has a rule on one. */
  states?: Record<string, string>;
  /** The body's form fields, read when the route has a form rule (request-form.ts). */
  form?: FormFields;
  /** Shared by all of one request's regex rules (chooseResponse gives each request its own). */
  matchSteps?: MatchSteps;
}

/** `user.id`, `items.0.sku` into the JSON body. */
export function bodyValue(body: unknown, path: string): unknown {
  let value: unknown = body;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = Object.prototype.hasOwnProperty.call(value, key) ? (value as Record<string, unknown>)[key] : undefined;
  }
  return value;
}

/** The parsed body when it was JSON; undefined for none or text (which readCall keeps as it came). */
function jsonBody(call: MockCall): unknown {
  if (call.body === null || (typeof call.body === 'string' && call.body === call.bodyText)) return undefined;
  return call.body;
}

/** Each request's body parsed as XML once, however many xpath rules read it. */
const xmlBodies = new WeakMap<MockCall, XmlBody | null>();

function xmlBody(call: MockCall): XmlBody | null {
  let document = xmlBodies.get(call);
  if (document === undefined) {
    document = parseXmlBody(call.bodyText);
    xmlBodies.set(call, document);
  }
  return document;
}

function asText(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (value === null || typeof value !== 'object') return String(value);
  return JSON.stringify(value);
}

function own<T>(record: Record<string, T>, name: string | undefined): T | undefined {
  return name !== undefined && Object.prototype.hasOwnProperty.call(record, name) ? record[name] : undefined;
}

function ruleValue(rule: Rule, input: RuleInput): string | string[] | undefined {
  switch (rule.target) {
    case 'param':
      return own(input.pathParams, rule.name);
    case 'query':
      return own(input.call.query, rule.name);
    case 'header':
      return own(input.call.headers, rule.name?.toLowerCase());
    case 'cookie':
      return own(input.call.cookies, rule.name);
    case 'body':
      return rule.name ? asText(bodyValue(input.call.body, rule.name)) : asText(input.call.body ?? undefined);
    case 'xpath':
      return rule.name === undefined
        ? undefined
        : ruleXPathTexts(rule.name, xmlBody(input.call), input.matchSteps ?? new MatchSteps());
    case 'form':
      return own(input.form ?? {}, rule.name);
    case 'jsonpath':
      return rule.name === undefined
        ? undefined
        : ruleJsonPathTexts(rule.name, jsonBody(input.call), input.matchSteps ?? new MatchSteps());
    case 'method':
      return input.call.method;
    case 'request_number':
      return String(input.requestNumber);
    case 'state':
      return own(input.states ?? {}, rule.name) ?? INITIAL_MOCK_STATE;
  }
}

function numeric(text: string | undefined): number | null {
  if (text === undefined || text.trim() === '') return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : null;
}

function compare(value: string | undefined, expected: string | undefined, sign: 1 | -1): boolean {
  const a = numeric(value);
  const b = numeric(expected);
  return a !== null && b !== null && (sign > 0 ? a > b : a < b);
}

export function ruleMatches(rule: Rule, input: RuleInput): boolean {
  const value = ruleValue(rule, input);
  if (!Array.isArray(value)) return valueMatches(rule, value, input);
  if (rule.operator === 'not_equals')
    return !value.some((one) => valueMatches({ ...rule, operator: 'equals' }, one, input));
  return value.some((one) => valueMatches(rule, one, input));
}

function valueMatches(rule: Rule, value: string | undefined, input: RuleInput): boolean {
  const expected = rule.value ?? '';
  switch (rule.operator) {
    case 'exists':
      return value !== undefined;
    case 'missing':
    case 'absent':
      return value === undefined;
    case 'equals':
      return value === expected;
    case 'not_equals':
      return value !== expected;
    case 'contains':
      return value !== undefined && value.includes(expected);
    case 'in':
      return value !== undefined && expected.split(',').some((item) => item.trim() === value);
    case 'gt':
      return compare(value, expected, 1);
    case 'lt':
      return compare(value, expected, -1);
    case 'regex':
      return value !== undefined && ruleRegexTest(expected, value, input.matchSteps ?? new MatchSteps());
  }
}

/** A response with rules matches when all (or any) of them do; one without rules never does. */
export function responseMatches(response: MockResponse, input: RuleInput, where: string): boolean {
  const rules = response.rules ?? [];
  if (rules.length === 0) return false;
  const test = (rule: Rule, index: number) => {
    try {
      return ruleMatches(rule, input);
    } catch (error) {
      if (error instanceof RuleRegexError) throw new HttpError(422, `${where}.rules[${index}].value ${error.message}`);
      if (error instanceof RuleWorkError) throw new HttpError(422, `${where}.rules[${index}].name ${error.message}`);
      throw error;
    }
  };
  return response.rulesOperator === 'any' ? rules.some(test) : rules.every(test);
}
