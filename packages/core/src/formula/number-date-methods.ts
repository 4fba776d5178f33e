/**
 * The methods on numbers (`x.round(2)`) and dates (`d.strftime('%Y')`, `d.year`).
 */
import { checkStrftime, compileStrftime, StrftimeError } from '../time/strftime.js';
import { type MethodSpec } from './method-spec.js';
import { dateOrDuration } from './duration-methods.js';
import { FormulaDate, toInteger, toText } from './runtime.js';
import { date, number, smallest } from './method-receivers.js';

/** strftime with a format computed per row: nil when the format is not valid (e.g. a width above the bound). */
function strftimeOrNil(format: string, epochMs: number): string | null {
  try {
    return compileStrftime(format)(epochMs); // compiled formats are cached: a format per row costs a lookup
  } catch (error) {
    if (error instanceof StrftimeError) return null;
    throw error;
  }
}

/** floor or ceil at a number of decimals (0 to 15); the tiny epsilon keeps 2.78 * 100 from flooring to 277. */
function roundWith(direction: (x: number) => number, n: number, places: unknown): number {
  if (places === undefined) return direction(n);
  const f = 10 ** Math.max(0, Math.min(15, toInteger(places)));
  const scaled = n * f;
  const nearest = Math.round(scaled);
  return (Math.abs(scaled - nearest) < 1e-9 ? nearest : direction(scaled)) / f;
}

export const NUMBER_METHODS: readonly MethodSpec[] = [
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
];

export const DATE_METHODS: readonly MethodSpec[] = [
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
];
