/**
 * Columns of numbers: integers (a row number 1, 2, 3..., a sequence, or a range), decimals
 * (their range and how many decimals they are written with), amounts with a currency symbol
 * (Money), and digit strings that are not numbers (zero-padded codes: a Digit Sequence).
 */
import type { Proposal } from './proposal.js';
import type { ValueKind } from './value-kind.js';

export interface NumberGuess {
  kind: ValueKind;
  proposal: Proposal;
}

const INTEGER = /^[-+]?\d{1,15}$/;
const DECIMAL = /^[-+]?\d{0,15}\.(\d{1,10})$/;
const MONEY = /^([$£€¥])\s?(-?\d{1,3}(?:,\d{3})*(?:\.\d{1,2})?|-?\d+(?:\.\d{1,2})?)$/;
const DIGITS = /^\d+$/;

/** 007, 02134: digits whose leading zero matters. */
const zeroPadded = (value: string) => value.length > 1 && value.startsWith('0');

function range(numbers: readonly number[]): { min: number; max: number } {
  let min = Infinity;
  let max = -Infinity;
  for (const n of numbers) {
    if (n < min) min = n;
    if (n > max) max = n;
  }
  return { min, max };
}

/** The shape of a digit string as a mask (# a digit). */
const digitMask = (value: string) => '#'.repeat(value.length);

function integerGuess(values: readonly string[]): NumberGuess {
  const numbers = values.map(Number);
  const step = numbers.length > 1 ? numbers[1] - numbers[0] : 0;
  const stepped = numbers.length > 1 && step !== 0 && numbers.every((n, i) => n === numbers[0] + i * step);
  // 1, 2 already reads as a row number; any other step needs a third value to be a pattern.
  if (stepped && numbers[0] === 1 && step === 1)
    return {
      kind: 'integer',
      proposal: { type: 'Row Number', params: {}, reason: `the ${values.length} values count 1, 2, 3...` },
    };
  if (stepped && numbers.length > 2)
    return {
      kind: 'integer',
      proposal: {
        type: 'Sequence',
        params: { start: numbers[0], step },
        reason: `the ${values.length} values go from ${numbers[0]} in steps of ${step}`,
      },
    };
  const { min, max } = range(numbers);
  return {
    kind: 'integer',
    proposal: {
      type: 'Number',
      params: { min, max, decimals: 0 },
      reason: `all ${values.length} values are whole numbers from ${min} to ${max}`,
    },
  };
}

/** A number guess when every value is one kind of number, else null. */
export function numberGuess(values: readonly string[]): NumberGuess | null {
  if (values.length === 0) return null;
  if (values.every((v) => DIGITS.test(v)) && (values.some(zeroPadded) || values.some((v) => v.length > 15))) {
    const lengths = new Set(values.map((v) => v.length));
    const mask = digitMask(values[0]);
    return {
      kind: 'digits',
      proposal: {
        type: 'Digit Sequence',
        params: { format: lengths.size === 1 ? mask : '#'.repeat(Math.max(...lengths)) },
        reason: `all ${values.length} values are digit strings${lengths.size === 1 ? ` of ${values[0].length} digits` : ''} (leading zeros kept)`,
      },
    };
  }
  if (values.every((v) => INTEGER.test(v))) return integerGuess(values);
  if (values.every((v) => INTEGER.test(v) || DECIMAL.test(v))) {
    const decimals = Math.max(...values.map((v) => DECIMAL.exec(v)?.[1].length ?? 0));
    const { min, max } = range(values.map(Number));
    return {
      kind: 'decimal',
      proposal: {
        type: 'Number',
        params: { min, max, decimals },
        reason: `all ${values.length} values are numbers from ${min} to ${max} with ${decimals} decimal${decimals === 1 ? '' : 's'}`,
      },
    };
  }
  const money = values.map((v) => MONEY.exec(v));
  if (money.every((m) => m !== null)) {
    const symbols = new Set(money.map((m) => m![1]));
    const { min, max } = range(money.map((m) => Number(m![2].replace(/,/g, ''))));
    return {
      kind: 'money',
      proposal: {
        type: 'Money',
        params: { min, max, symbol: symbols.size === 1 ? money[0]![1] : 'random' },
        reason: `all ${values.length} values are amounts of money from ${min} to ${max}`,
      },
    };
  }
  return null;
}
