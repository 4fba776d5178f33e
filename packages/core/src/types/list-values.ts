/**
 * Custom List values as the established product gives them: a value written as a plain number
 * is a number (JSON 5, SQL 5 unquoted), every other value is text. "Plain" is strict, so that
 * no value's text ever changes in a text format (CSV, XML, a Template): a value becomes a number
 * only when the number is written exactly as the value was. So these stay text: leading zeros
 * and signs ("007", "+1"), trailing zeros ("9.90", "1.0", "-0"), exponents and spaces ("1e3",
 * " 5"), and integers beyond 2^53 - 1 ("12345678901234567890"), which JSON readers would round.
 * true and false stay text too (see docs/types.md, Custom List).
 */
import type { OutputKind } from '../kernel/define-type.js';
import { numberText } from '../kernel/number-text.js';

/** An optional minus, no leading zeros, optional decimals: what a JSON number without an exponent looks like. */
const PLAIN_NUMBER = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?$/;

/** The value a Custom List gives for one of its values as written. */
export function listValue(text: string): string | number {
  if (!PLAIN_NUMBER.test(text)) return text;
  const n = Number(text);
  if (Number.isInteger(n) && !Number.isSafeInteger(n)) return text;
  return numberText(n) === text ? n : text;
}

/** The values of a list, each as listValue gives it. */
export function listValues(texts: readonly string[]): (string | number)[] {
  return texts.map(listValue);
}

/** What a list's values are, for column types (SQL create table): integer or number when all are, else string. */
export function listOutput(values: readonly (string | number)[]): OutputKind {
  if (values.length === 0 || values.some((value) => typeof value !== 'number')) return 'string';
  return values.every((value) => Number.isInteger(value)) ? 'integer' : 'number';
}
