/**
 * Rule regexes are written by a mock's owner, so one like /^(a+)+$/ could backtrack for ever on
 * a crafted request and block the event loop for everyone. Each test runs in a vm context with a
 * timeout (V8 interrupts a running regex when it expires), on input cut to
 * MOCK_LIMITS.regexInputChars; a pattern that once ran out of time is refused from then on
 * without running again. One request's tests share a RegexBudget too: a route may have 20 x 20
 * rules, and as many patterns each staying just under the limit would otherwise hold the event
 * loop for seconds on every request.
 */
import { performance } from 'node:perf_hooks';
import { createContext, Script } from 'node:vm';
import { MOCK_LIMITS } from '@rowloom/core/mock-document';

/** Long enough for any sane pattern on 4096 characters, short enough not to be felt. */
export const REGEX_TIME_LIMIT_MS = 25;
/** All the regex tests of one request together: twice one test's limit. */
export const REQUEST_REGEX_TIME_LIMIT_MS = 2 * REGEX_TIME_LIMIT_MS;
const CACHE_SIZE = 500;

export class RegexError extends Error {}

/** The time one request's regex tests may still take. */
export class RegexBudget {
  constructor(public remainingMs: number = REQUEST_REGEX_TIME_LIMIT_MS) {}
}

const compiled = new Map<string, RegExp>();
const tooSlow = new Set<string>();
const context = createContext({ pattern: /(?:)/, input: '' });
const test = new Script('pattern.test(input)');

function pattern(source: string): RegExp {
  let regex = compiled.get(source);
  if (regex) return regex;
  try {
    regex = new RegExp(source);
  } catch (error) {
    throw new RegexError(`is not a valid regular expression (${(error as Error).message})`);
  }
  if (compiled.size >= CACHE_SIZE) compiled.delete(compiled.keys().next().value!);
  compiled.set(source, regex);
  return regex;
}

const overBudget = () => new RegexError(`could not run: this request's regular expressions together took longer than ${REQUEST_REGEX_TIME_LIMIT_MS} ms; use fewer or simpler ones`);

/** Throws RegexError when the pattern is invalid or takes too long (alone, or with the request's others). */
export function boundedTest(source: string, input: string, budget: RegexBudget = new RegexBudget()): boolean {
  if (tooSlow.has(source)) throw new RegexError(`took longer than ${REGEX_TIME_LIMIT_MS} ms on an earlier request and is no longer run; simplify it`);
  const regex = pattern(source);
  if (budget.remainingMs <= 0) throw overBudget();
  const timeout = Math.min(REGEX_TIME_LIMIT_MS, budget.remainingMs);
  context.pattern = regex;
  context.input = input.slice(0, MOCK_LIMITS.regexInputChars);
  const started = performance.now();
  try {
    return test.runInContext(context, { timeout: Math.max(1, Math.ceil(timeout)) }) === true;
  } catch {
    // Cut short by the request's budget rather than its own limit: the pattern is not to blame.
    if (timeout < REGEX_TIME_LIMIT_MS) throw overBudget();
    if (tooSlow.size >= CACHE_SIZE) tooSlow.delete(tooSlow.values().next().value!);
    tooSlow.add(source);
    throw new RegexError(`took longer than ${REGEX_TIME_LIMIT_MS} ms (catastrophic backtracking?); simplify it`);
  } finally {
    budget.remainingMs -= performance.now() - started;
    regex.lastIndex = 0;
  }
}
