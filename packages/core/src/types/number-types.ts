/**
 * Plain numeric and technical scalars: Number, Boolean, Money, IP Address v4.
 *
 * Number and Money draw a whole number of steps (10^-decimals, cents) rather than rounding a
 * continuous draw: both ends of the range are then exactly as likely as any other value and
 * every value printed is the shortest decimal for its step.
 */
import { defineType, type TypeDefinition } from '../kernel/define-type.js';
import { withBytes } from '../bytes/byte-forms.js';
import { putGroup } from '../bytes/byte-out.js';

/** Keeps min * 10^decimals within 2^53, where integer steps are exact. */
const NUMBER_LIMIT = 1e15;
const MONEY_LIMIT = 1e13;

/**
 * The first and last whole step (of size 1/scale) inside [min, max]. Products like 0.3 * 10
 * land a hair off the integer, so values within a relative 1e-9 of a step count as on it.
 */
function stepBounds(min: number, max: number, scale: number): { low: number; high: number } {
  return { low: snap(min * scale, Math.ceil), high: snap(max * scale, Math.floor) };
}

function snap(scaled: number, direction: (x: number) => number): number {
  const nearest = Math.round(scaled);
  return Math.abs(scaled - nearest) <= 1e-9 * Math.max(1, Math.abs(scaled)) ? nearest : direction(scaled);
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

const number = defineType({
  name: 'Number',
  category: 'Numbers',
  description: 'A uniformly random number between min and max, rounded to the given number of decimal places.',
  params: [
    {
      name: 'min',
      kind: 'decimal',
      default: 1,
      min: -NUMBER_LIMIT,
      max: NUMBER_LIMIT,
      description: 'Smallest value (inclusive).',
    },
    {
      name: 'max',
      kind: 'decimal',
      default: 100,
      min: -NUMBER_LIMIT,
      max: NUMBER_LIMIT,
      description: 'Largest value (inclusive).',
    },
    {
      name: 'decimals',
      kind: 'integer',
      default: 2,
      min: 0,
      max: 10,
      description: 'Decimal places, 0 to 10; 0 gives whole numbers. Trailing zeros are not written (2.5, not 2.50).',
    },
  ],
  output: 'number',
  smallValues: true,
  check(params, problem) {
    const { min, max, decimals } = params;
    if (!isNumber(min) || !isNumber(max)) return;
    if (min > max) {
      problem('max', `max (${max}) must be >= min (${min})`);
      return;
    }
    if (!isNumber(decimals)) return;
    const { low, high } = stepBounds(min, max, 10 ** decimals);
    if (low > high) {
      problem(
        'decimals',
        `no number with ${decimals} decimal places lies between min (${min}) and max (${max}); widen the range or allow more decimals`,
      );
    }
  },
  create(params) {
    const min = params.min as number;
    const max = params.max as number;
    const scale = 10 ** (params.decimals as number);
    const { low, high } = stepBounds(min, max, scale);
    const span = high - low + 1;
    if (span <= 9007199254740992) {
      if (scale === 1) return (random) => random.intBetween(low, high);
      // k / scale is the double nearest the decimal k·10^-d, so it prints as that decimal.
      return (random) => random.intBetween(low, high) / scale;
    }
    // More steps than 2^53: draw a step from the 53-bit double; not every step is reachable, but
    // the values stay uniform and on the decimal grid as far as a double can show it.
    return (random) => {
      const step = low + Math.floor(random.double() * span);
      return (step > high ? high : step) / scale;
    };
  },
});

const boolean = defineType({
  name: 'Boolean',
  category: 'Basic',
  description: 'true or false, each half of the time.',
  params: [],
  output: 'boolean',
  smallValues: true,
  create() {
    return (random) => (random.uint32() & 1) === 1;
  },
});

const MONEY_SYMBOLS = ['$', '£', '€', '¥'] as const;
const MONEY_CHOICES = [...MONEY_SYMBOLS, 'random', 'none'] as const;

/** "00".."99": the cents of every amount come from here. */
const CENTS: readonly string[] = Array.from({ length: 100 }, (_, i) => (i < 10 ? '0' : '') + i);

function formatCents(cents: number, symbol: string): string {
  if (cents < 0) {
    const positive = -cents;
    return '-' + symbol + Math.floor(positive / 100) + '.' + CENTS[positive % 100];
  }
  return symbol + Math.floor(cents / 100) + '.' + CENTS[cents % 100];
}

const money = defineType({
  name: 'Money',
  category: 'Numbers',
  description:
    'An amount between min and max written with exactly two decimals and a currency symbol, e.g. "$4.99"; ' +
    'with symbol "none" the bare decimal text, e.g. "4.99" (a string, so the cents are kept).',
  params: [
    {
      name: 'min',
      kind: 'decimal',
      default: 0,
      min: -MONEY_LIMIT,
      max: MONEY_LIMIT,
      description: 'Smallest amount (inclusive).',
    },
    {
      name: 'max',
      kind: 'decimal',
      default: 10,
      min: -MONEY_LIMIT,
      max: MONEY_LIMIT,
      description: 'Largest amount (inclusive).',
    },
    {
      name: 'symbol',
      kind: 'string',
      default: '$',
      allowed: MONEY_CHOICES,
      description:
        'Currency symbol written before the amount: $, £, € or ¥; "random" picks one of those four for each value; "none" writes no symbol.',
    },
  ],
  output: 'string',
  smallValues: true,
  check(params, problem) {
    const { min, max } = params;
    if (!isNumber(min) || !isNumber(max)) return;
    if (min > max) {
      problem('max', `max (${max}) must be >= min (${min})`);
      return;
    }
    const { low, high } = stepBounds(min, max, 100);
    if (low > high) problem('max', `no whole-cent amount lies between min (${min}) and max (${max}); widen the range`);
  },
  create(params) {
    const { low, high } = stepBounds(params.min as number, params.max as number, 100);
    const symbol = params.symbol as string;
    if (symbol === 'random') {
      return (random) => {
        const cents = random.intBetween(low, high);
        return formatCents(cents, random.pick(MONEY_SYMBOLS));
      };
    }
    const prefix = symbol === 'none' ? '' : symbol;
    return (random) => formatCents(random.intBetween(low, high), prefix);
  },
});

/** "0".."255" followed by a dot, and without, so an address is four lookups and three joins. */
const OCTET_DOT: readonly string[] = Array.from({ length: 256 }, (_, i) => i + '.');
const OCTET: readonly string[] = Array.from({ length: 256 }, (_, i) => String(i));
const DOT = 46;

const ipAddressV4 = defineType({
  name: 'IP Address v4',
  category: 'IT',
  description: 'A uniformly random IPv4 address in dotted-decimal form, e.g. 203.0.113.7 (any of the 2^32 addresses).',
  params: [],
  output: 'string',
  smallValues: true,
  create(_params, context) {
    context.declareCharacters('0123456789.');
    return withBytes(
      (random) => {
        const bits = random.uint32();
        return (
          OCTET_DOT[bits >>> 24] + OCTET_DOT[(bits >>> 16) & 255] + OCTET_DOT[(bits >>> 8) & 255] + OCTET[bits & 255]
        );
      },
      (random, _row, out) => {
        const bits = random.uint32();
        out.room(15);
        const buffer = out.buffer;
        let at = putGroup(buffer, out.used, bits >>> 24);
        buffer[at] = DOT;
        at = putGroup(buffer, at + 1, (bits >>> 16) & 255);
        buffer[at] = DOT;
        at = putGroup(buffer, at + 1, (bits >>> 8) & 255);
        buffer[at] = DOT;
        out.used = putGroup(buffer, at + 1, bits & 255);
      },
    );
  },
});

export const numberTypes: TypeDefinition[] = [number, boolean, money, ipAddressV4];
