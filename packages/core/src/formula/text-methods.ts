/**
 * The methods on texts (`s.upcase`, `s.split('-')`, `s.tr('a-y', 'b-z')`), in the order the
 * reference lists them.
 */
import { byArguments, type MethodSpec } from './method-spec.js';
import { MAX_LIST, MAX_TEXT } from './limits.js';
import { asRegex, FormulaRegex, matchIndex, scan, splitOn, substitute } from './regex-value.js';
import { toInteger, toText } from './runtime.js';
import { lengthOf, text, textDirect, textOrList } from './method-receivers.js';

export const TEXT_METHODS: readonly MethodSpec[] = [
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
];

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
