/**
 * Regular expressions inside formulas (`=~`, gsub, sub, scan, match?). Matching runs on RE2JS,
 * a port of RE2: time linear in the text whatever the pattern, so no formula can stall the
 * server with catastrophic backtracking (JavaScript's own RegExp backtracks). The price is RE2's
 * syntax: no backreferences or lookarounds in patterns, reported when the formula is compiled.
 */
import { createRequire } from 'node:module';
import type { RE2JS } from 're2js';

/** RE2JS is loaded with the first regular expression: most formulas (and processes) have none. */
let re2: typeof RE2JS | null = null;
function engine(): typeof RE2JS {
  re2 ??= (createRequire(import.meta.url)('re2js') as { RE2JS: typeof RE2JS }).RE2JS;
  return re2;
}
import { MAX_LIST, MAX_TEXT } from './limits.js';
import { rowBudget } from '../kernel/row-budget.js';

/**
 * Matching work allowed per formula evaluation, in text characters times pattern instructions
 * (RE2's cost model: linear in both): about 60 ms at worst, and far above what matching field
 * values needs (a 1,000-character text against a 100-step pattern costs 100,000). Past it a
 * match gives nil (documented), so one row can never stall a generation.
 */
export const MATCH_BUDGET = 2_000_000;
/** Largest compiled pattern accepted: ((a{1000}){1000}) and the like are refused up front. */
export const MAX_INSTRUCTIONS = 10_000;

let budgetLeft = MATCH_BUDGET;

/** Called at the start of each formula evaluation. */
export function resetMatchBudget(): void {
  budgetLeft = MATCH_BUDGET;
}

/** A compiled `/pattern/flags` value. */
export class FormulaRegex {
  /** Size of RE2's program: the per-character cost of matching. */
  readonly instructions: number;
  constructor(
    readonly source: string,
    readonly flags: string,
    readonly compiled: RE2JS,
  ) {
    this.instructions = programSize(compiled, source);
  }

  toString(): string {
    return `/${this.source}/${this.flags}`;
  }
}

/**
 * Compiles a pattern with Ruby's meaning of the flags: `^` and `$` always match at line
 * boundaries (RE2's MULTILINE), `i` ignores case and `m` lets `.` match a newline (RE2's DOTALL).
 * Throws Error with RE2's message for a pattern it cannot take.
 */
export function compileRegex(source: string, flags: string): FormulaRegex {
  const RE2 = engine();
  let mask = RE2.MULTILINE;
  if (flags.includes('i')) mask |= RE2.CASE_INSENSITIVE;
  if (flags.includes('m')) mask |= RE2.DOTALL;
  let regex: FormulaRegex;
  try {
    regex = new FormulaRegex(source, flags, RE2.compile(source, mask));
  } catch (error) {
    // RE2's message ends with the pattern as it saw it, flag prefix included: left out.
    const message =
      error instanceof Error
        ? error.message.replace(/^error parsing regexp: /, '').replace(/: `[^]*`$/, '')
        : String(error);
    throw new Error(
      `invalid regular expression /${source}/: ${message}${/\\[1-9]|\(\?<?[=!]/.test(source) ? ' (backreferences and lookarounds are not supported: matching is guaranteed linear-time)' : ''}`,
    );
  }
  if (regex.instructions > MAX_INSTRUCTIONS) {
    throw new Error(
      `regular expression /${source}/ is too complex: it compiles to ${regex.instructions} steps per character, at most ${MAX_INSTRUCTIONS} are allowed (large counted repetitions such as {1000} multiply)`,
    );
  }
  return regex;
}

/** RE2's instruction count; the pattern length when the library does not expose it. */
function programSize(compiled: RE2JS, source: string): number {
  const program = (compiled.re2() as unknown as { prog?: { inst?: unknown[] } }).prog;
  return Array.isArray(program?.inst) ? program.inst.length : source.length + 1;
}

/**
 * Charges a match of `text` against the evaluation's budget and the row's (shared by all the
 * row's formulas, kernel/limits.ts ROW_MATCH_STEPS); false when it would exceed either.
 */
function affordable(regex: FormulaRegex, text: string): boolean {
  const cost = (text.length + 1) * regex.instructions;
  if (cost > budgetLeft || cost > rowBudget.matchSteps) return false;
  budgetLeft -= cost;
  rowBudget.matchSteps -= cost;
  return true;
}

/** A text pattern (`s.gsub('.', '-')`) matches itself literally, as in Ruby. */
const literalCache = new Map<string, FormulaRegex>();
export function asRegex(pattern: unknown): FormulaRegex | null {
  if (pattern instanceof FormulaRegex) return pattern;
  if (typeof pattern !== 'string') return null;
  let regex = literalCache.get(pattern);
  if (!regex) {
    regex = new FormulaRegex(pattern, '', engine().compile(engine().quote(pattern)));
    if (literalCache.size < 1000) literalCache.set(pattern, regex);
  }
  return regex;
}

/** `s.split(/re/)`: at most MAX_LIST parts; nil past the matching budget. */
export function splitOn(text: string, regex: FormulaRegex): string[] | null {
  return affordable(regex, text) ? regex.compiled.split(text, MAX_LIST) : null;
}

/** `text =~ /re/`: the index of the first match, or nil. */
export function matchIndex(text: unknown, regex: FormulaRegex): number | null {
  if (typeof text !== 'string' || !affordable(regex, text)) return null;
  const matcher = regex.compiled.matcher(text);
  return matcher.find() ? matcher.start() : null;
}

/** Every match, as Ruby's scan gives them: the matched texts, or each match's groups when the pattern has groups. */
export function scan(text: string, regex: FormulaRegex): unknown[] | null {
  if (!affordable(regex, text)) return null;
  const matcher = regex.compiled.matcher(text);
  const groups = matcher.groupCount();
  const out: unknown[] = [];
  while (out.length < MAX_LIST && matcher.find()) {
    if (groups === 0) out.push(matcher.group());
    else {
      const captured: (string | null)[] = [];
      for (let g = 1; g <= groups; g++) captured.push(matcher.group(g));
      out.push(captured);
    }
  }
  return out;
}

/**
 * sub (first match) and gsub (every match), nil past the matching budget, with Ruby's replacement escapes: \0 or \& the match,
 * \1..\9 a group, \k<name> a named group, \\ a backslash. The result stops growing at MAX_TEXT
 * characters (a documented bound on every text a formula builds).
 */
export function substitute(text: string, regex: FormulaRegex, replacement: string, everyMatch: boolean): string | null {
  if (!affordable(regex, text)) return null;
  const matcher = regex.compiled.matcher(text);
  let out = '';
  let last = 0;
  while (matcher.find()) {
    out += text.slice(last, matcher.start()) + expandReplacement(replacement, (group) => matcher.group(group) ?? '');
    last = matcher.end();
    if (!everyMatch || out.length > MAX_TEXT) break;
  }
  out += text.slice(last);
  return out.length > MAX_TEXT ? out.slice(0, MAX_TEXT) : out;
}

function expandReplacement(replacement: string, group: (g: number | string) => string): string {
  if (!replacement.includes('\\')) return replacement;
  let out = '';
  for (let i = 0; i < replacement.length; i++) {
    const c = replacement[i];
    if (c !== '\\' || i + 1 === replacement.length) {
      out += c;
      continue;
    }
    const next = replacement[i + 1];
    if (next >= '0' && next <= '9') {
      out += safeGroup(group, Number(next));
      i++;
    } else if (next === '&') {
      out += group(0);
      i++;
    } else if (next === '\\') {
      out += '\\';
      i++;
    } else if (next === 'k' && replacement[i + 2] === '<' && replacement.indexOf('>', i + 3) > 0) {
      const close = replacement.indexOf('>', i + 3);
      out += safeGroup(group, replacement.slice(i + 3, close));
      i = close;
    } else out += c;
  }
  return out;
}

/** A group the pattern does not have is empty, as in Ruby. */
function safeGroup(group: (g: number | string) => string, name: number | string): string {
  try {
    return group(name);
  } catch {
    return '';
  }
}
