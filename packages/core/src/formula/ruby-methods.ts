/**
 * Ruby and Rails methods found in real Mockaroo formulas that the core table in
 * methods.ts lacked: padding to the centre, case changes, number tests, list sums and extremes,
 * and text to date. Kept apart so methods.ts stays readable; methods.ts includes this table.
 */
import type { MethodSpec } from './method-spec.js';
import { isHash } from './hash-methods.js';
import { MAX_LIST, MAX_TEXT } from './limits.js';
import { FormulaDate, textOf, toDate, toInteger, toNumber, toText } from './runtime.js';

const DAY_MS = 86_400_000;

const text = (fn: (s: string, args: unknown[]) => unknown) => (receiver: unknown, args: unknown[]) => {
  const s = textOf(receiver);
  return s === null ? null : fn(s, args);
};
const number = (fn: (n: number, args: unknown[]) => unknown) => (receiver: unknown, args: unknown[]) =>
  typeof receiver === 'number' ? fn(receiver, args) : null;

/** Ruby's center: the padding split with the smaller half on the left. */
function center(s: string, width: number, fill: string): string {
  const total = Math.min(MAX_TEXT, width) - [...s].length;
  if (total <= 0) return s;
  const left = Math.floor(total / 2);
  return ''.padStart(left, fill) + s + ''.padEnd(total - left, fill);
}

/** Rails' titleize: underscores become spaces and every word starts with a capital. */
function titleize(s: string): string {
  return s
    .replace(/_/g, ' ')
    .toLowerCase()
    .replace(/(^|[\s-])(\p{L})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase());
}

/** Ruby's squeeze: runs of the same character become one. */
function squeeze(s: string): string {
  let out = '';
  for (const ch of s) if (!out.endsWith(ch)) out += ch;
  return out;
}

/** A copy of the list in random order (Fisher-Yates with the row's random numbers). */
function shuffled(list: unknown[], random: { below(n: number): number }): unknown[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = random.below(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** The numbers of a list (other items ignored, as nil would make Ruby raise). */
function numbersOf(receiver: unknown): number[] | null {
  return Array.isArray(receiver) ? receiver.filter((x): x is number => typeof x === 'number') : null;
}

export const RUBY_METHODS: readonly MethodSpec[] = [
  {
    name: 'center',
    receivers: ['text'],
    minArgs: 1,
    maxArgs: 2,
    signature: 's.center(width, fill)',
    description: "Padded on both sides to width with fill (default ' '), the extra one on the right.",
    example: "'ab'.center(6, '*') → \"**ab**\"",
    call: text((s, [w, f]) => center(s, toInteger(w), f === undefined ? ' ' : toText(f) || ' ')),
  },
  {
    name: 'titleize',
    receivers: ['text'],
    minArgs: 0,
    maxArgs: 0,
    signature: 's.titleize',
    description: 'Every word capitalized, underscores as spaces (Rails).',
    example: '\'hello big_world\'.titleize → "Hello Big World"',
    call: text(titleize),
  },
  {
    name: 'swapcase',
    receivers: ['text'],
    minArgs: 0,
    maxArgs: 0,
    signature: 's.swapcase',
    description: 'Uppercase letters lowercase and the other way round.',
    example: '\'Hello\'.swapcase → "hELLO"',
    call: text((s) => [...s].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('')),
  },
  {
    name: 'empty?',
    receivers: ['text', 'list'],
    minArgs: 0,
    maxArgs: 0,
    signature: 's.empty?',
    description: 'true when the text or list has nothing in it.',
    example: "''.empty? → true",
    call: (r) => {
      const s = textOf(r);
      return s !== null ? s.length === 0 : Array.isArray(r) ? r.length === 0 : null;
    },
  },
  {
    name: 'even?',
    receivers: ['number'],
    minArgs: 0,
    maxArgs: 0,
    signature: 'n.even?',
    description: 'true when n is an even whole number.',
    example: '4.even? → true',
    call: number((n) => Number.isInteger(n) && n % 2 === 0),
  },
  {
    name: 'odd?',
    receivers: ['number'],
    minArgs: 0,
    maxArgs: 0,
    signature: 'n.odd?',
    description: 'true when n is an odd whole number.',
    example: '3.odd? → true',
    call: number((n) => Number.isInteger(n) && n % 2 !== 0),
  },
  {
    name: 'between?',
    receivers: ['number'],
    minArgs: 2,
    maxArgs: 2,
    signature: 'n.between?(low, high)',
    description: 'true when low <= n <= high.',
    example: '3.between?(1, 5) → true',
    call: number((n, [a, b]) => n >= toNumber(a) && n <= toNumber(b)),
  },
  {
    name: 'to_a',
    receivers: ['list', 'hash'],
    minArgs: 0,
    maxArgs: 0,
    signature: 'list.to_a',
    description: 'The list itself; a hash as its [key, value] pairs; (1..5).to_a the numbers of a range.',
    example: '(1..3).to_a → [1, 2, 3]',
    call: (r) => (Array.isArray(r) ? r : isHash(r) ? Object.entries(r) : null),
  },
  {
    name: 'sum',
    receivers: ['list'],
    minArgs: 0,
    maxArgs: 0,
    signature: 'list.sum',
    description: 'The sum of the numbers in the list (0 when empty).',
    example: '[1, 2, 3].sum → 6',
    call: (r) => numbersOf(r)?.reduce((a, b) => a + b, 0) ?? null,
  },
  {
    name: 'max',
    receivers: ['list'],
    minArgs: 0,
    maxArgs: 0,
    signature: 'list.max',
    description: 'The largest number in the list (nil when empty).',
    example: '[4, 9, 2].max → 9',
    call: (r) => {
      const ns = numbersOf(r);
      return ns && ns.length > 0 ? Math.max(...ns) : null;
    },
  },
  {
    name: 'to_date',
    receivers: ['text', 'date'],
    minArgs: 0,
    maxArgs: 0,
    signature: 's.to_date',
    description: 'The date (midnight UTC) of a date text or moment; nil when the text is not a date.',
    example: "'2024-03-05'.to_date",
    call: (r) => {
      const d = toDate(r instanceof FormulaDate ? r : textOf(r));
      return d ? new FormulaDate(Math.floor(d.epochMs / DAY_MS) * DAY_MS, 'days') : null;
    },
  },
  {
    name: 'slice',
    receivers: ['text', 'list'],
    minArgs: 1,
    maxArgs: 2,
    signature: 's.slice(start, length)',
    description:
      'Same as s[start, length]: the part from start (negative counts from the end), length characters or items (default 1).',
    example: '\'abcdef\'.slice(1, 3) → "bcd"',
    call: (r, [start, length]) => slice(r, toInteger(start), length === undefined ? 1 : toInteger(length)),
  },
  {
    name: 'chars',
    receivers: ['text'],
    minArgs: 0,
    maxArgs: 0,
    signature: 's.chars',
    description: `The characters as a list (at most ${MAX_LIST}).`,
    example: '\'abc\'.chars → ["a", "b", "c"]',
    call: text((s) => [...s].slice(0, MAX_LIST)),
  },
  {
    name: 'count',
    receivers: ['text', 'list', 'hash'],
    minArgs: 0,
    maxArgs: 1,
    signature: 'list.count, s.count(x)',
    description:
      'Without x, how many items a list (or pairs a hash) has; with x, how many characters of the text are in the set x (ranges as in delete), or how many items of the list equal x.',
    example: "'banana'.count('a') → 3",
    call: (r, args) => countOf(r, args),
  },
  {
    name: 'squeeze',
    receivers: ['text'],
    minArgs: 0,
    maxArgs: 0,
    signature: 's.squeeze',
    description: 'Runs of the same character reduced to one.',
    example: '\'aaabbc\'.squeeze → "abc"',
    call: text(squeeze),
  },
  {
    name: 'chomp',
    receivers: ['text'],
    minArgs: 0,
    maxArgs: 0,
    signature: 's.chomp',
    description: 'Without one trailing line break.',
    example: '"ab\\n".chomp → "ab"',
    call: text((s) => s.replace(/(\r\n|\r|\n)$/, '')),
  },
  {
    name: 'zero?',
    receivers: ['number'],
    minArgs: 0,
    maxArgs: 0,
    signature: 'n.zero?',
    description: 'true when n is 0.',
    example: '0.zero? → true',
    call: number((n) => n === 0),
  },
  {
    name: 'positive?',
    receivers: ['number'],
    minArgs: 0,
    maxArgs: 0,
    signature: 'n.positive?',
    description: 'true when n > 0.',
    example: '3.positive? → true',
    call: number((n) => n > 0),
  },
  {
    name: 'negative?',
    receivers: ['number'],
    minArgs: 0,
    maxArgs: 0,
    signature: 'n.negative?',
    description: 'true when n < 0.',
    example: '-3.negative? → true',
    call: number((n) => n < 0),
  },
  {
    name: 'clamp',
    receivers: ['number'],
    minArgs: 2,
    maxArgs: 2,
    signature: 'n.clamp(low, high)',
    description: 'n held between low and high.',
    example: '12.clamp(1, 10) → 10',
    call: number((n, [a, b]) => Math.min(Math.max(n, toNumber(a)), toNumber(b))),
  },
  {
    name: 'uniq',
    receivers: ['list'],
    minArgs: 0,
    maxArgs: 0,
    signature: 'list.uniq',
    description: 'The list without repeated items (the first of each kept).',
    example: '[1, 1, 2].uniq → [1, 2]',
    call: (r) => (Array.isArray(r) ? [...new Set(r)] : null),
  },
  {
    name: 'compact',
    receivers: ['list'],
    minArgs: 0,
    maxArgs: 0,
    signature: 'list.compact',
    description: 'The list without its nils.',
    example: '[1, nil, 2].compact → [1, 2]',
    call: (r) => (Array.isArray(r) ? r.filter((x) => x !== null && x !== undefined) : null),
  },
  {
    name: 'shuffle',
    receivers: ['list'],
    minArgs: 0,
    maxArgs: 0,
    signature: 'list.shuffle',
    description: 'The items in random order.',
    example: "['a', 'b', 'c'].shuffle.first",
    call: (r, _args, { random }) => (Array.isArray(r) ? shuffled(r, random) : null),
  },
];

/** Ruby's s[start, length] for texts and lists: nil when start lies beyond the end. */
function slice(receiver: unknown, start: number, length: number): unknown {
  const s = textOf(receiver);
  const items: string[] | unknown[] | null = s !== null ? [...s] : Array.isArray(receiver) ? receiver : null;
  if (items === null || length < 0) return null;
  const from = start < 0 ? items.length + start : start;
  if (from < 0 || from > items.length) return null;
  const part = items.slice(from, from + length);
  return s !== null ? part.join('') : part;
}

function countOf(receiver: unknown, args: unknown[]): number | null {
  if (args.length === 0)
    return Array.isArray(receiver) ? receiver.length : isHash(receiver) ? Object.keys(receiver).length : null;
  const [x] = args;
  const s = textOf(receiver);
  if (s !== null) {
    const set = new Set(toText(x));
    return [...s].filter((c) => set.has(c)).length;
  }
  return Array.isArray(receiver) ? receiver.filter((item) => item === x).length : null;
}
