/**
 * Methods on values (`x.upcase`, `s.split('-')`, `d.strftime('%Y')`), one table like the
 * functions. A method called on a value it does not apply to gives nil (Ruby would raise).
 */
import { byArguments, type MethodSpec } from './method-spec.js';
import { RUBY_METHODS } from './ruby-methods.js';
import { DURATION_METHODS } from './duration-methods.js';
import { HASH_METHODS } from './hash-methods.js';
import { toInteger, toNumber, toText } from './runtime.js';
import { TEXT_METHODS } from './text-methods.js';
import { DATE_METHODS, NUMBER_METHODS } from './number-date-methods.js';

export type { MethodSpec, Receiver } from './method-spec.js';

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
  ...TEXT_METHODS,
  ...NUMBER_METHODS,
  ...DATE_METHODS,
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

export const METHODS_BY_NAME: ReadonlyMap<string, MethodSpec> = new Map(METHODS.map((m) => [m.name, m]));

/** Methods named as coming in a later release rather than "unknown" (none at present). */
export const PLANNED_METHODS: readonly string[] = [];
