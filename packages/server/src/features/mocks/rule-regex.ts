/**
 * Regular expressions of mock rules, on RE2JS (a port of RE2): matching takes time linear in
 * the text and the pattern's size whatever the pattern, so no request can backtrack for ever and
 * nothing needs a time limit or a list of patterns that once ran too long. The bounds are
 * counts, the same on every machine and for every request:
 * - a pattern has at most MAX_REGEX_CHARS characters and compiles to at most
 *   MAX_RULE_INSTRUCTIONS steps per character; compiling is the expensive part for a short
 *   pattern (RE2 expands counted repetitions), so a pattern whose size bound (regex-size.ts,
 *   read from its text) passes MAX_RULE_BOUND is refused before it is compiled;
 * - a value is tested on its first MOCK_LIMITS.regexInputChars characters;
 * - one request's regex work together is at most REQUEST_MATCH_STEPS steps, about 10 ms at the
 *   worst measured rate: each test costs (characters + 1) x the pattern's size, and each pattern
 *   the request uses COMPILE_STEPS + COMPILE_STEPS_PER_INSTRUCTION x its size bound, whether or
 *   not this instance has it compiled already (so the answer never depends on a cache); a
 *   request past it (long values against many regex rules) is answered 422 itself, and nothing
 *   is remembered for the next;
 * - a document's distinct patterns together have a size bound of at most
 *   DOCUMENT_REGEX_INSTRUCTIONS, so checking one on save compiles a bounded amount.
 * RE2's syntax has no backreferences or lookarounds: such a pattern is refused when a document
 * is saved, and answered 422 (naming the rule) for a document saved before.
 */
import { RE2JS } from 're2js';
import { MOCK_LIMITS } from '@rowloom/contract';
import { programSizeBound } from './regex-size.js';

/** Regular expressions run on bounded input at request time; their own length is bounded here. */
export const MAX_REGEX_CHARS = 200;
export const MAX_RULE_INSTRUCTIONS = 1000;
/** The size bound past which a pattern is not compiled at all (the bound is at most about twice the real size). */
export const MAX_RULE_BOUND = 4 * MAX_RULE_INSTRUCTIONS;
export const REQUEST_MATCH_STEPS = 1_000_000;
/** Compiling costs about 60 times as much per instruction as matching one character, plus a fixed part (measured). */
export const COMPILE_STEPS = 1000;
export const COMPILE_STEPS_PER_INSTRUCTION = 60;
export const DOCUMENT_REGEX_INSTRUCTIONS = 100_000;
const CACHE_SIZE = 500;

/** A pattern that cannot be used, or a request past its matching steps; the message follows the rule's place. */
export class RuleRegexError extends Error {}

/**
 * One request's JSONPath and XPath reads of its body (rule-work.ts): about 0.5 to 2 µs each (measured,
 * selecting and filtering included, up to 2 µs in a body nested 90 deep), so some 50 ms at most.
 */
export const REQUEST_JSON_READS = 25_000;

/** What one request's rule work may still use (regex steps, JSONPath reads), and the patterns it has paid the compiling of. */
export class MatchSteps {
  readonly patterns = new Set<string>();
  constructor(
    public remaining: number = REQUEST_MATCH_STEPS,
    public jsonReads: number = REQUEST_JSON_READS,
  ) {}
}

interface Compiled {
  regex: RE2JS;
  instructions: number;
  bound: number;
}

/** Compiled patterns and compile errors (a pure function of the text, so safe to share). */
const cache = new Map<string, Compiled | RuleRegexError>();

/** RE2's program size: the per-character cost of matching. */
function programSize(regex: RE2JS, source: string): number {
  const program = (regex.re2() as unknown as { prog?: { inst?: unknown[] } }).prog;
  return Array.isArray(program?.inst) ? program.inst.length : source.length + 1;
}

const tooComplex = (size: number) =>
  new RuleRegexError(
    `is too complex a regular expression: it compiles to ${size} steps per character, at most ${MAX_RULE_INSTRUCTIONS} are allowed (counted repetitions such as {100} multiply)`,
  );

/** The pattern's size bound; throws when its text alone refuses it (too long, or repetitions too large to compile). */
function checkedBound(source: string): number {
  if (source.length > MAX_REGEX_CHARS)
    throw new RuleRegexError(
      `is a regular expression of ${source.length} characters; at most ${MAX_REGEX_CHARS} are allowed`,
    );
  const bound = programSizeBound(source);
  if (bound > MAX_RULE_BOUND) throw tooComplex(bound);
  return bound;
}

function compile(source: string, bound: number): Compiled | RuleRegexError {
  let regex: RE2JS;
  try {
    regex = RE2JS.compile(source);
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).replace(/^error parsing regexp: /, '');
    const hint = /\\[1-9]|\(\?<?[=!]/.test(source)
      ? ' (RE2 syntax: backreferences and lookarounds are not supported, so matching stays linear-time)'
      : ' (RE2 syntax)';
    return new RuleRegexError(`is not a valid regular expression: ${reason}${hint}`);
  }
  const instructions = programSize(regex, source);
  return instructions > MAX_RULE_INSTRUCTIONS ? tooComplex(instructions) : { regex, instructions, bound };
}

/** The compiled pattern (cached), once its bound has passed; throws RuleRegexError for one RE2 refuses. */
function compiled(source: string, bound: number): Compiled {
  let entry = cache.get(source);
  if (entry === undefined) {
    entry = compile(source, bound);
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(source, entry);
  }
  if (entry instanceof RuleRegexError) throw entry;
  return entry;
}

/** What checking a document's patterns on save may still compile. */
export class DocumentRegexWork {
  private readonly seen = new Set<string>();
  constructor(public remaining: number = DOCUMENT_REGEX_INSTRUCTIONS) {}

  /** False when a new pattern of this bound would take the document past its own (nothing is compiled then). */
  take(source: string, bound: number): boolean {
    if (this.seen.has(source)) return true;
    if (bound > this.remaining) return false;
    this.remaining -= bound;
    this.seen.add(source);
    return true;
  }
}

/** Why `source` cannot be a rule's pattern, or null (for validation when a document is saved). */
export function rulePatternProblem(source: string, work: DocumentRegexWork = new DocumentRegexWork()): string | null {
  try {
    const bound = checkedBound(source);
    if (!work.take(source, bound)) {
      return `could not be checked: the document's regular expressions together may compile to more than ${DOCUMENT_REGEX_INSTRUCTIONS} steps; use fewer or simpler regex rules (the same pattern repeated counts once)`;
    }
    compiled(source, bound);
    return null;
  } catch (error) {
    if (error instanceof RuleRegexError) return error.message;
    throw error;
  }
}

const overSteps = () =>
  new RuleRegexError(
    `could not be tested: this request's regex work would take more than ${REQUEST_MATCH_STEPS} steps (each pattern's size, and the characters tested x that size); send shorter values, or use fewer or simpler regex rules`,
  );

/** Charges `cost` to the request, or throws past its steps. */
function charge(steps: MatchSteps, cost: number): void {
  if (cost > steps.remaining) throw overSteps();
  steps.remaining -= cost;
}

/** Does `input` (its first regexInputChars characters) contain a match? Throws RuleRegexError for a pattern RE2 refuses or past the request's steps. */
export function ruleRegexTest(source: string, input: string, steps: MatchSteps): boolean {
  const cached = cache.get(source);
  if (cached instanceof RuleRegexError) throw cached;
  const bound = cached?.bound ?? checkedBound(source);
  if (!steps.patterns.has(source)) {
    // Paid by every request that uses the pattern, compiled on this instance already or not.
    charge(steps, COMPILE_STEPS + COMPILE_STEPS_PER_INSTRUCTION * bound);
    steps.patterns.add(source);
  }
  const { regex, instructions } = cached ?? compiled(source, bound);
  const text = input.length > MOCK_LIMITS.regexInputChars ? input.slice(0, MOCK_LIMITS.regexInputChars) : input;
  charge(steps, (text.length + 1) * instructions);
  return regex.matcher(text).find();
}
