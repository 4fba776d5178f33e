/**
 * Methods on values (`x.upcase`, `s.split('-')`, `d.strftime('%Y')`), one table like the
 * functions. A method called on a value it does not apply to gives nil (Ruby would raise).
 */
import { checkStrftime, compileStrftime, StrftimeError } from '../time/strftime.js';
import { byArguments, type MethodSpec } from './method-spec.js';
import { MAX_LIST, MAX_TEXT } from './limits.js';
import { asRegex, FormulaRegex, matchIndex, scan, splitOn, substitute } from './regex-value.js';
import { RUBY_METHODS } from './ruby-methods.js';
import { dateOrDuration, DURATION_METHODS } from './duration-methods.js';
import { HASH_METHODS, isHash } from './hash-methods.js';
import { FormulaDate, textOf, toInteger, toNumber, toText } from './runtime.js';

export type { MethodSpec, Receiver } from './method-spec.js';

/** strftime with a format computed per row: nil when the format is not valid (e.g. a width above the bound). */
function strftimeOrNil(format: string, epochMs: number): string | null {
  try {
    return compileStrftime(format)(epochMs); // compiled formats are cached: a format per row costs a lookup
  } catch (error) {
    if (error instanceof StrftimeError) return null;
    throw error;
  }
}

/** A text method; a date read from a field offers the text it was read from. */
const text = (fn: (s: string, args: unknown[]) => unknown) => (receiver: unknown, args: unknown[]) => {
  const s = textOf(receiver);
  return s === null ? null : fn(s, args);
};
/** A text method's direct form (method-spec.ts byArguments): nil unless the receiver is a text or a date's text. */
const textDirect =
  (fn: (s: string, a: unknown, b: unknown) => unknown) => (receiver: unknown, a?: unknown, b?: unknown) => {
    const s = textOf(receiver);
    return s === null ? null : fn(s, a, b);
  };
const number = (fn: (n: number, args: unknown[]) => unknown) => (receiver: unknown, args: unknown[]) =>
  typeof receiver === 'number' ? fn(receiver, args) : null;
const date = (fn: (d: Date) => unknown) => (receiver: unknown) =>
  receiver instanceof FormulaDate ? fn(new Date(receiver.epochMs)) : null;

/** floor or ceil at a number of decimals (0 to 15); the tiny epsilon keeps 2.78 * 100 from flooring to 277. */
function roundWith(direction: (x: number) => number, n: number, places: unknown): number {
  if (places === undefined) return direction(n);
  const f = 10 ** Math.max(0, Math.min(15, toInteger(places)));
  const scaled = n * f;
  const nearest = Math.round(scaled);
  return (Math.abs(scaled - nearest) < 1e-9 ? nearest : direction(scaled)) / f;
}

/** The smallest number of a list (other items ignored); nil when it has none. */
function smallest(list: unknown[]): number | null {
  const numbers = list.filter((x): x is number => typeof x === 'number');
  return numbers.length > 0 ? Math.min(...numbers) : null;
}

/** The receiver of a method for texts and lists: a text (or a date's text), a list, else null. */
function textOrList(receiver: unknown): string | unknown[] | null {
  return textOf(receiver) ?? (Array.isArray(receiver) ? receiver : null);
}

function lengthOf(receiver: unknown): number | null {
  return isHash(receiver) ? Object.keys(receiver).length : (textOrList(receiver)?.length ?? null);
}

/**
 * Ruby's delete/tr character sets: "a-z", "^0-9" (negated). The ranges are sorted and merged
 * once per call and searched by halving, so a set written with thousands of ranges costs
 * log(ranges) per character of the text, not ranges.
 */
function characterSet(spec: string): (ch: string) => boolean {
  const negated = spec.length > 1 && spec.startsWith('^');
  const body = negated ? spec.slice(1) : spec;
  const ranges: [number, number][] = [];
  for (let i = 0; i < body.length; i++) {
    if (body[i + 1] === '-' && i + 2 < body.length) {
      ranges.push([body.charCodeAt(i), body.charCodeAt(i + 2)]);
      i += 2;
    } else ranges.push([body.charCodeAt(i), body.charCodeAt(i)]);
  }
  const merged = mergeRanges(ranges);
  return (ch) => {
    const inside = inRanges(merged, ch.charCodeAt(0));
    return negated ? !inside : inside;
  };
}

/** Sorted, non-overlapping ranges covering the same codes (empty ranges such as z-a dropped). */
function mergeRanges(ranges: [number, number][]): [number, number][] {
  const sorted = ranges.filter(([a, b]) => a <= b).sort((x, y) => x[0] - y[0]);
  const merged: [number, number][] = [];
  for (const [a, b] of sorted) {
    const last = merged[merged.length - 1];
    if (last && a <= last[1] + 1) last[1] = Math.max(last[1], b);
    else merged.push([a, b]);
  }
  return merged;
}

function inRanges(ranges: readonly [number, number][], code: number): boolean {
  let low = 0;
  let high = ranges.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (code < ranges[middle][0]) high = middle - 1;
    else if (code > ranges[middle][1]) low = middle + 1;
    else return true;
  }
  return false;
}

export const METHODS: readonly MethodSpec[] = [
  {
    name: 'nil?',
    receivers: ['any'],
    minArgs: 0,
    maxArgs: 0,
    signature: 'x.nil?',
    description: 'true when x is nil (a blank field reads as nil).',
    example: 'email.nil?',
    call: (r) => r === null || r === undefined,
  },
  {
    name: 'to_s',
    receivers: ['any'],
    minArgs: 0,
    maxArgs: 0,
    signature: 'x.to_s',
    description: 'As text (nil.to_s is empty text, as in Ruby).',
    example: 'id.to_s',
    ...byArguments((r) => toText(r)),
  },
  {
    name: 'to_i',
    receivers: ['any'],
    minArgs: 0,
    maxArgs: 0,
    signature: 'x.to_i',
    description:
      'As a whole number: the leading number of a text, else 0 (nil.to_i is 0, as in Ruby); decimals are truncated; a moment such as now() gives its epoch seconds.',
    example: "'42abc'.to_i → 42",
    call: (r) => toInteger(r),
  },
  {
    name: 'to_f',
    receivers: ['any'],
    minArgs: 0,
    maxArgs: 0,
    signature: 'x.to_f',
    description: 'As a decimal number (0 when the text has none; nil.to_f is 0.0).',
    example: "'2.5'.to_f → 2.5",
    call: (r) => toNumber(r),
  },
  {
    name: 'upcase',
    receivers: ['text'],
    minArgs: 0,
    maxArgs: 0,
    signature: 's.upcase',
    description: 'Uppercase.',
    example: '\'abc\'.upcase → "ABC"',
    ...byArguments(textDirect((s) => s.toUpperCase())),
  },
  {
    name: 'downcase',
    receivers: ['text'],
    minArgs: 0,
    maxArgs: 0,
    signature: 's.downcase',
    description: 'Lowercase.',
    example: '\'ABC\'.downcase → "abc"',
    ...byArguments(textDirect((s) => s.toLowerCase())),
  },
  {
    name: 'capitalize',
    receivers: ['text'],
    minArgs: 0,
    maxArgs: 0,
    signature: 's.capitalize',
    description: 'First letter uppercase, the rest lowercase.',
    example: '\'hELLO\'.capitalize → "Hello"',
    call: text((s) => s.charAt(0).toUpperCase() + s.slice(1).toLowerCase()),
  },
  {
    name: 'length',
    receivers: ['text', 'list', 'hash'],
    minArgs: 0,
    maxArgs: 0,
    signature: 's.length',
    description: 'Characters in a text, items in a list, keys of a hash.',
    example: "'abc'.length → 3",
    ...byArguments(lengthOf),
  },
  {
    name: 'size',
    receivers: ['text', 'list', 'hash'],
    minArgs: 0,
    maxArgs: 0,
    signature: 's.size',
    description: 'Same as length.',
    example: '[1, 2].size → 2',
    ...byArguments(lengthOf),
  },
  {
    name: 'strip',
    receivers: ['text'],
    minArgs: 0,
    maxArgs: 0,
    signature: 's.strip',
    description: 'Without leading and trailing white space.',
    example: '\' a \'.strip → "a"',
    call: text((s) => s.trim()),
  },
  {
    name: 'reverse',
    receivers: ['text', 'list'],
    minArgs: 0,
    maxArgs: 0,
    signature: 's.reverse',
    description: 'Reversed.',
    example: '\'abc\'.reverse → "cba"',
    call: (r) => {
      const t = textOrList(r);
      return typeof t === 'string' ? [...t].reverse().join('') : t ? [...t].reverse() : null;
    },
  },
  {
    name: 'split',
    receivers: ['text'],
    minArgs: 0,
    maxArgs: 1,
    signature: 's.split(separator)',
    description: `A list of the parts between separators: a text, a regular expression, or white space by default (at most ${MAX_LIST} parts).`,
    example: '\'a, b,c\'.split(/,\\s*/)[1] → "b"',
    call: text((s, [sep]) => {
      if (sep instanceof FormulaRegex) return splitOn(s, sep);
      return sep === undefined || sep === ' ' ? s.trim().split(/\s+/, MAX_LIST) : s.split(toText(sep), MAX_LIST);
    }),
  },
  {
    name: 'include?',
    receivers: ['text', 'list'],
    minArgs: 1,
    maxArgs: 1,
    signature: 's.include?(x)',
    description: 'true when the text contains x (or the list holds x).',
    example: "email.include?('@') → true",
    call: (r, [x]) => {
      const t = textOrList(r);
      return typeof t === 'string' ? t.includes(toText(x)) : t ? t.includes(x) : null;
    },
  },
  {
    name: 'start_with?',
    receivers: ['text'],
    minArgs: 1,
    maxArgs: 1,
    signature: 's.start_with?(x)',
    description: 'true when the text starts with x.',
    example: "'abc'.start_with?('a') → true",
    call: text((s, [x]) => s.startsWith(toText(x))),
  },
  {
    name: 'end_with?',
    receivers: ['text'],
    minArgs: 1,
    maxArgs: 1,
    signature: 's.end_with?(x)',
    description: 'true when the text ends with x.',
    example: "'abc'.end_with?('c') → true",
    call: text((s, [x]) => s.endsWith(toText(x))),
  },
  {
    name: 'delete',
    receivers: ['text'],
    minArgs: 1,
    maxArgs: 1,
    signature: 's.delete(chars)',
    description: 'Without the given characters; ranges (a-z) and negation (^0-9) as in Ruby.',
    example: "'(555) 123'.delete('^0-9') → \"555123\"",
    call: text((s, [chars]) => {
      const match = characterSet(toText(chars));
      return [...s].filter((c) => !match(c)).join('');
    }),
  },
  {
    name: 'tr',
    receivers: ['text'],
    minArgs: 2,
    maxArgs: 2,
    signature: 's.tr(from, to)',
    description:
      'Replaces each character of the set from (ranges and ^ as in delete) by the character at the same place in to (its last one when to is shorter).',
    example: "'hello'.tr('el', 'ip') → \"hippo\"",
    call: text((s, [from, to]) => translate(s, toText(from), toText(to))),
  },
  {
    name: 'sub',
    receivers: ['text'],
    minArgs: 2,
    maxArgs: 2,
    signature: 's.sub(pattern, replacement)',
    description:
      'Replaces the first match of a regular expression (or text) by the replacement, where \\0 is the match and \\1..\\9 its groups.',
    example: "'2024-07-01'.sub(/(\\d+)-(\\d+)/, '\\2/\\1') → \"07/2024-01\"",
    call: text((s, [pattern, replacement]) => substituteWith(s, pattern, replacement, false)),
  },
  {
    name: 'gsub',
    receivers: ['text'],
    minArgs: 2,
    maxArgs: 2,
    signature: 's.gsub(pattern, replacement)',
    description: 'Replaces every match of a regular expression (or text), with the escapes of sub.',
    example: "'(555) 123-4567'.gsub(/[^0-9]/, '') → \"5551234567\"",
    call: text((s, [pattern, replacement]) => substituteWith(s, pattern, replacement, true)),
  },
  {
    name: 'scan',
    receivers: ['text'],
    minArgs: 1,
    maxArgs: 1,
    signature: 's.scan(pattern)',
    description: 'Every match of a regular expression, as a list (lists of groups when it has groups).',
    example: '\'a1b22\'.scan(/\\d+/) → ["1", "22"]',
    call: text((s, [pattern]) => {
      const regex = asRegex(pattern);
      return regex ? scan(s, regex) : null;
    }),
  },
  {
    name: 'match?',
    receivers: ['text'],
    minArgs: 1,
    maxArgs: 1,
    signature: 's.match?(pattern)',
    description: 'true when the regular expression (or text) matches somewhere in the text.',
    example: 'email.match?(/@example\\.com$/)',
    call: text((s, [pattern]) => {
      const regex = asRegex(pattern);
      return regex ? matchIndex(s, regex) !== null : null;
    }),
  },
  {
    name: 'rjust',
    receivers: ['text'],
    minArgs: 1,
    maxArgs: 2,
    signature: 's.rjust(width, fill)',
    description: "Padded on the left to width with fill (default ' ').",
    example: "'7'.rjust(3, '0') → \"007\"",
    ...byArguments(
      textDirect((s, w, f) => s.padStart(Math.min(MAX_TEXT, toInteger(w)), f === undefined ? ' ' : toText(f) || ' ')),
    ),
  },
  {
    name: 'ljust',
    receivers: ['text'],
    minArgs: 1,
    maxArgs: 2,
    signature: 's.ljust(width, fill)',
    description: "Padded on the right to width with fill (default ' ').",
    example: "'7'.ljust(3, '0') → \"700\"",
    ...byArguments(
      textDirect((s, w, f) => s.padEnd(Math.min(MAX_TEXT, toInteger(w)), f === undefined ? ' ' : toText(f) || ' ')),
    ),
  },
  {
    name: 'round',
    receivers: ['number'],
    minArgs: 0,
    maxArgs: 1,
    signature: 'n.round(places)',
    description: 'Rounded to places decimals (default 0), halves away from zero.',
    example: '2.345.round(2) → 2.35',
    call: number((n, [p]) => {
      const f = 10 ** Math.max(0, Math.min(15, p === undefined ? 0 : toInteger(p)));
      return (Math.sign(n) * Math.round(Math.abs(n) * f + Number.EPSILON)) / f;
    }),
  },
  {
    name: 'floor',
    receivers: ['number'],
    minArgs: 0,
    maxArgs: 1,
    signature: 'n.floor(places)',
    description: 'Rounded down to places decimals (default 0: the largest whole number not above n).',
    example: '2.789.floor(2) → 2.78',
    call: number((n, [p]) => roundWith(Math.floor, n, p)),
  },
  {
    name: 'ceil',
    receivers: ['number'],
    minArgs: 0,
    maxArgs: 1,
    signature: 'n.ceil(places)',
    description: 'Rounded up to places decimals (default 0: the smallest whole number not below n).',
    example: '2.121.ceil(2) → 2.13',
    call: number((n, [p]) => roundWith(Math.ceil, n, p)),
  },
  {
    name: 'abs',
    receivers: ['number'],
    minArgs: 0,
    maxArgs: 0,
    signature: 'n.abs',
    description: 'Absolute value.',
    example: '-3.abs → 3',
    call: number((n) => Math.abs(n)),
  },
  {
    name: 'strftime',
    receivers: ['date'],
    minArgs: 1,
    maxArgs: 1,
    signature: 'd.strftime(format)',
    description:
      'The date as text in a strftime format (the directives of the Date type). A format written in the formula is checked when it compiles; one computed per row that is not valid gives nil.',
    example: "now().strftime('%Y-%m-%d')",
    checkLiteral: checkStrftime,
    call: (r, [format]) => (r instanceof FormulaDate ? strftimeOrNil(toText(format), r.epochMs) : null),
  },
  {
    name: 'year',
    receivers: ['date', 'number'],
    minArgs: 0,
    maxArgs: 0,
    signature: 'd.year',
    description: 'The year. On a number, a duration (1.year).',
    example: 'now().year',
    call: dateOrDuration(
      'year',
      date((d) => d.getUTCFullYear()),
    ),
  },
  {
    name: 'month',
    receivers: ['date', 'number'],
    minArgs: 0,
    maxArgs: 0,
    signature: 'd.month',
    description: 'The month, 1 to 12. On a number, a duration (1.month).',
    example: 'now().month',
    call: dateOrDuration(
      'month',
      date((d) => d.getUTCMonth() + 1),
    ),
  },
  {
    name: 'day',
    receivers: ['date', 'number'],
    minArgs: 0,
    maxArgs: 0,
    signature: 'd.day',
    description: 'The day of the month. On a number, a duration (1.day).',
    example: 'now().day',
    call: dateOrDuration(
      'day',
      date((d) => d.getUTCDate()),
    ),
  },
  {
    name: 'hour',
    receivers: ['date', 'number'],
    minArgs: 0,
    maxArgs: 0,
    signature: 'd.hour',
    description: 'The hour, 0 to 23. On a number, a duration (1.hour).',
    example: 'now().hour',
    call: dateOrDuration(
      'hour',
      date((d) => d.getUTCHours()),
    ),
  },
  {
    name: 'minute',
    receivers: ['date', 'number'],
    minArgs: 0,
    maxArgs: 0,
    signature: 'd.minute',
    description: 'The minute, 0 to 59 (also d.min). On a number, a duration (1.minute).',
    example: 'now().minute',
    call: dateOrDuration(
      'minute',
      date((d) => d.getUTCMinutes()),
    ),
  },
  {
    name: 'min',
    receivers: ['date', 'list'],
    minArgs: 0,
    maxArgs: 0,
    signature: 'd.min',
    description: 'Same as minute (Ruby Time); on a list, its smallest number (nil when empty).',
    example: 'now().min',
    call: (r) =>
      Array.isArray(r) ? smallest(r) : r instanceof FormulaDate ? new Date(r.epochMs).getUTCMinutes() : null,
  },
  {
    name: 'second',
    receivers: ['date', 'number'],
    minArgs: 0,
    maxArgs: 0,
    signature: 'd.second',
    description: 'The second, 0 to 59 (also d.sec). On a number, a duration (1.second).',
    example: 'now().second',
    call: dateOrDuration(
      'second',
      date((d) => d.getUTCSeconds()),
    ),
  },
  {
    name: 'sec',
    receivers: ['date'],
    minArgs: 0,
    maxArgs: 0,
    signature: 'd.sec',
    description: 'Same as second (Ruby Time).',
    example: 'now().sec',
    call: date((d) => d.getUTCSeconds()),
  },
  {
    name: 'wday',
    receivers: ['date'],
    minArgs: 0,
    maxArgs: 0,
    signature: 'd.wday',
    description: 'The day of the week, 0 (Sunday) to 6.',
    example: 'now().wday',
    call: date((d) => d.getUTCDay()),
  },
  {
    name: 'first',
    receivers: ['list'],
    minArgs: 0,
    maxArgs: 1,
    signature: 'list.first(n)',
    description: 'The first item (nil when empty); with n, a list of the first n items.',
    example: '[1, 2, 3].first(2) → [1, 2]',
    call: (r, [n]) =>
      !Array.isArray(r) ? null : n === undefined ? (r[0] ?? null) : r.slice(0, Math.max(0, toInteger(n))),
  },
  {
    name: 'last',
    receivers: ['list'],
    minArgs: 0,
    maxArgs: 1,
    signature: 'list.last(n)',
    description: 'The last item (nil when empty); with n, a list of the last n items.',
    example: '[1, 2, 3].last(2) → [2, 3]',
    call: (r, [n]) =>
      !Array.isArray(r)
        ? null
        : n === undefined
          ? (r[r.length - 1] ?? null)
          : r.slice(Math.max(0, r.length - Math.max(0, toInteger(n)))),
  },
  {
    name: 'join',
    receivers: ['list'],
    minArgs: 0,
    maxArgs: 1,
    signature: 'list.join(separator)',
    description: 'The items as text, separated (default: nothing).',
    example: '[1, 2].join(\'-\') → "1-2"',
    call: (r, [sep]) => (Array.isArray(r) ? r.map(toText).join(sep === undefined ? '' : toText(sep)) : null),
  },
  ...RUBY_METHODS,
  ...DURATION_METHODS,
  ...HASH_METHODS,
  {
    name: 'sample',
    receivers: ['list'],
    minArgs: 0,
    maxArgs: 0,
    signature: 'list.sample',
    description: 'One item at random.',
    example: "['a', 'b'].sample",
    call: (r, _args, { random }) => (Array.isArray(r) && r.length > 0 ? r[random.below(r.length)] : null),
  },
];

/**
 * Ruby's tr: characters of the `from` set map to `to` by position. Positions are looked up in a
 * map built once per call (the first occurrence wins, as in Ruby), so the work is linear in the
 * text and the sets, however long either is.
 */
function translate(s: string, from: string, to: string): string {
  const negated = from.length > 1 && from.startsWith('^');
  const source = expandSet(negated ? from.slice(1) : from);
  const target = expandSet(to);
  const positions = new Map<string, number>();
  source.forEach((ch, at) => {
    if (!positions.has(ch)) positions.set(ch, at);
  });
  const lastTarget = target[target.length - 1] ?? '';
  let out = '';
  for (const ch of s) {
    const at = positions.get(ch);
    if (negated) out += at === undefined ? lastTarget : ch;
    else out += at === undefined ? ch : (target[Math.min(at, target.length - 1)] ?? '');
  }
  return out;
}

/** "a-e" -> "abcde" (for tr, where positions matter); at most MAX_TEXT characters. */
function expandSet(spec: string): string[] {
  const out: string[] = [];
  const chars = [...spec];
  for (let i = 0; i < chars.length && out.length < MAX_TEXT; i++) {
    if (chars[i + 1] === '-' && i + 2 < chars.length) {
      const a = chars[i].codePointAt(0)!;
      const b = chars[i + 2].codePointAt(0)!;
      for (let c = a; c <= b && out.length < MAX_TEXT; c++) out.push(String.fromCodePoint(c));
      i += 2;
    } else out.push(chars[i]);
  }
  return out;
}

function substituteWith(s: string, pattern: unknown, replacement: unknown, everyMatch: boolean): string | null {
  const regex = asRegex(pattern);
  return regex ? substitute(s, regex, toText(replacement), everyMatch) : null;
}

export const METHODS_BY_NAME: ReadonlyMap<string, MethodSpec> = new Map(METHODS.map((m) => [m.name, m]));

/** Methods named as coming in a later release rather than "unknown" (none at present). */
export const PLANNED_METHODS: readonly string[] = [];
