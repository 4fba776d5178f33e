/**
 * Regular expressions of mock rules, on RE2JS (a port of RE2): matching takes time linear in
 * the text and the pattern's size whatever the pattern, so no request can backtrack for ever and
 * nothing needs a time limit or a list of patterns that once ran too long. The bounds are
 * counts, the same on every machine and for every request:
 * - a pattern has at most MAX_REGEX_CHARS characters and compiles to at most
 *   MAX_RULE_INSTRUCTIONS steps per character;
 * - a value is tested on its first MOCK_LIMITS.regexInputChars characters;
 * - one request's regex tests together take at most REQUEST_MATCH_STEPS steps (characters
 *   tested x the pattern's steps), a few milliseconds at worst; a request past it (long values
 *   against many regex rules) is answered 422 itself, and nothing is remembered for the next.
 * RE2's syntax has no backreferences or lookarounds: such a pattern is refused when a document
 * is saved, and answered 422 (naming the rule) for a document saved before.
 */
import { RE2JS } from 're2js';
import { MOCK_LIMITS } from '@rowloom/core/mock-document';

/** Regular expressions run on bounded input at request time; their own length is bounded here. */
export const MAX_REGEX_CHARS = 200;
export const MAX_RULE_INSTRUCTIONS = 1000;
export const REQUEST_MATCH_STEPS = 1_000_000;
const CACHE_SIZE = 500;

/** A pattern that cannot be used, or a request past its matching steps; the message follows the rule's place. */
export class RuleRegexError extends Error {}

/** What one request's regex tests may still use. */
export class MatchSteps {
  constructor(public remaining: number = REQUEST_MATCH_STEPS) {}
}

interface Compiled {
  regex: RE2JS;
  instructions: number;
}

/** Compiled patterns and compile errors (a pure function of the text, so safe to share). */
const cache = new Map<string, Compiled | RuleRegexError>();

/** RE2's program size: the per-character cost of matching. */
function programSize(regex: RE2JS, source: string): number {
  const program = (regex.re2() as unknown as { prog?: { inst?: unknown[] } }).prog;
  return Array.isArray(program?.inst) ? program.inst.length : source.length + 1;
}

function compile(source: string): Compiled | RuleRegexError {
  if (source.length > MAX_REGEX_CHARS) return new RuleRegexError(`is a regular expression of ${source.length} characters; at most ${MAX_REGEX_CHARS} are allowed`);
  let regex: RE2JS;
  try {
    regex = RE2JS.compile(source);
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).replace(/^error parsing regexp: /, '');
    const hint = /\\[1-9]|\(\?<?[=!]/.test(source) ? ' (RE2 syntax: backreferences and lookarounds are not supported, so matching stays linear-time)' : ' (RE2 syntax)';
    return new RuleRegexError(`is not a valid regular expression: ${reason}${hint}`);
  }
  const instructions = programSize(regex, source);
  if (instructions > MAX_RULE_INSTRUCTIONS) {
    return new RuleRegexError(`is too complex a regular expression: it compiles to ${instructions} steps per character, at most ${MAX_RULE_INSTRUCTIONS} are allowed (counted repetitions such as {100} multiply)`);
  }
  return { regex, instructions };
}

function compiled(source: string): Compiled {
  let entry = cache.get(source);
  if (entry === undefined) {
    entry = compile(source);
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(source, entry);
  }
  if (entry instanceof RuleRegexError) throw entry;
  return entry;
}

/** Why `source` cannot be a rule's pattern, or null (for validation when a document is saved). */
export function rulePatternProblem(source: string): string | null {
  const entry = cache.get(source) ?? compile(source);
  return entry instanceof RuleRegexError ? entry.message : null;
}

/** Does `input` (its first regexInputChars characters) contain a match? Throws RuleRegexError for a pattern RE2 refuses or past the request's steps. */
export function ruleRegexTest(source: string, input: string, steps: MatchSteps): boolean {
  const { regex, instructions } = compiled(source);
  const text = input.length > MOCK_LIMITS.regexInputChars ? input.slice(0, MOCK_LIMITS.regexInputChars) : input;
  const cost = (text.length + 1) * instructions;
  if (cost > steps.remaining) {
    throw new RuleRegexError(`could not be tested: this request's regex tests would take more than ${REQUEST_MATCH_STEPS} steps (characters tested x the pattern's size); send shorter values, or use fewer or simpler regex rules`);
  }
  steps.remaining -= cost;
  return regex.matcher(text).find();
}
