/**
 * Values inside formulas and the rules that combine them. Ruby-flavoured where users expect it
 * (only nil and false are falsy; integer division floors; `%` takes the divisor's sign), and
 * forgiving where Ruby would raise: a formula never crashes a download.
 *
 * Documented run-time rules (docs/formulas.md):
 * - arithmetic or comparison with nil gives nil; division or modulo by zero gives nil;
 * - `+` with a string on either side concatenates text;
 * - a date plus or minus a number moves it by days (Date, DateTime) or seconds (Time), as in Ruby;
 * - a value that cannot be converted (to_i of "abc") gives 0, like Ruby;
 * - a text longer than MAX_TEXT characters is cut there; a list longer than MAX_LIST items is nil;
 * - past the row's budgets (kernel/limits.ts: text built, matching work) a formula gives nil.
 */
import { ItemList, JsonFragment, Verbatim, type Value } from '../kernel/values.js';
import { parseDateParam } from '../time/parse.js';
import { MAX_LIST, MAX_TEXT } from './limits.js';
import { rowBudget } from '../kernel/row-budget.js';

/** Texts longer than MAX_TEXT are cut there (documented), so no formula builds unbounded text. */
export function boundedText(text: string): string {
  return chargeText(text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text);
}

/**
 * Thrown when the formulas of one row have built all the text they may (kernel/limits.ts
 * ROW_FORMULA_TEXT); the formula being evaluated then gives nil.
 */
export const ROW_TEXT_SPENT = new Error('the row has built all the text its formulas may');

/** Charges a text a formula made against its row's budget (other values pass through). */
export function chargeText<T>(value: T): T {
  if (typeof value === 'string' && (rowBudget.formulaText -= value.length) < 0) throw ROW_TEXT_SPENT;
  return value;
}

/** What a number added to a date counts, as in Ruby: Date and DateTime add days, Time adds seconds. */
export type NumberUnit = 'days' | 'seconds';

/** A date read from a Date, Datetime or Time field: the text the field wrote, in its format. */
export interface WrittenDate {
  readonly text: string;
  readonly format: string;
}

/**
 * A point in time inside a formula (UTC). A date read from a field remembers the text it was
 * read from: text methods, to_s and interpolation see that text (as before dates were dates),
 * and when the formula returns it unchanged in the same format it is written back as it was.
 * Arithmetic makes a new date without it.
 */
export class FormulaDate {
  constructor(
    readonly epochMs: number,
    readonly numberUnit: NumberUnit = 'seconds',
    readonly written: WrittenDate | null = null,
  ) {}
}

const UNIT_MS: Readonly<Record<NumberUnit, number>> = { days: 86_400_000, seconds: 1000 };

/** A duration from years(n), days(n)...: added to or subtracted from a date. */
export class FormulaDuration {
  constructor(
    readonly months: number,
    readonly milliseconds: number,
  ) {}
}

export type FormulaValue =
  | string
  | number
  | boolean
  | null
  | FormulaDate
  | FormulaDuration
  | Verbatim
  | RegExp
  | FormulaValue[]
  | { [key: string]: FormulaValue };

export function truthy(value: unknown): boolean {
  return value !== null && value !== undefined && value !== false;
}

function pad2(n: number): string {
  return n < 10 ? '0' + n : String(n);
}

export function isoText(date: FormulaDate): string {
  const d = new Date(date.epochMs);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}T${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}+00:00`;
}

/** How any value reads as text (to_s, concat, interpolation). */
export function toText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof FormulaDate) return value.written?.text ?? isoText(value);
  if (value instanceof Verbatim) return value.text;
  if (value instanceof RegExp) return value.source;
  // A list's text is measured before it is built: a list of long texts could make hundreds of
  // megabytes (or more than a string can hold), so past LIST_TEXT_LIMIT the formula is nil.
  if (textExceeds(value, LIST_TEXT_LIMIT)) throw ROW_TEXT_SPENT;
  if (Array.isArray(value)) return JSON.stringify(value.map(toPlain));
  if (value instanceof ItemList) return JSON.stringify(value.items);
  return JSON.stringify(toPlain(value));
}

/** Longest text a list, hash or item list may be turned into (ten maximal texts). */
export const LIST_TEXT_LIMIT = 10 * MAX_TEXT;

/** Whether the JSON text of `value` would be longer than `limit` (a lower estimate, stopping early). */
function textExceeds(value: unknown, limit: number): boolean {
  let size = 0;
  const visit = (v: unknown): boolean => {
    if (typeof v === 'string') size += v.length + 2;
    else if (v instanceof Verbatim) size += v.text.length + 2;
    else if (v instanceof ItemList) return v.items.some(visit);
    else if (Array.isArray(v)) {
      size += v.length + 1;
      return size > limit || v.some(visit);
    } else if (v !== null && typeof v === 'object' && !(v instanceof FormulaDate) && !(v instanceof RegExp)) {
      return Object.entries(v).some(([key, item]) => (size += key.length + 3) > limit || visit(item));
    } else size += 1;
    return size > limit;
  };
  return visit(value);
}

function toPlain(value: unknown): unknown {
  if (value instanceof FormulaDate) return toText(value);
  if (value instanceof Verbatim) return value.text;
  if (Array.isArray(value)) return value.map(toPlain);
  if (value && typeof value === 'object' && !(value instanceof RegExp)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toPlain(v)]));
  }
  return value;
}

/** How a formula's field writes a date result: in the field's own format (see field-dates.ts). */
export interface DateWriter {
  /** The field's own date format; null when the field is not a date type (ISO 8601 is written). */
  readonly format: string | null;
  write(epochMs: number): string;
}

/** An unchanged date read from a field keeps its text, unless the formula's field is a date type with another format. */
function writeDate(date: FormulaDate, dates: DateWriter): string {
  if (date.written !== null && (dates.format === null || dates.format === date.written.format))
    return date.written.text;
  return dates.write(date.epochMs);
}

/** A formula's result as a field value; dates are written with `dates` (the field's format). */
export function toFieldValue(value: unknown, dates: DateWriter): Value {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value instanceof Verbatim) return value;
  if (value instanceof FormulaDate) return writeDate(value, dates);
  if (Array.isArray(value)) return value.map((item) => toFieldValue(item, dates));
  // A hash is a JSON object in JSON output (and its JSON text elsewhere).
  if (Object.getPrototypeOf(value) === Object.prototype) return new JsonFragment(toText(value));
  return toText(value);
}

/** Number from a field value or text, Ruby's to_f: leading number or 0. */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean' || value === null || value === undefined) return 0;
  // Ruby's Time#to_i: seconds since the epoch; a date read from a field reads as its text.
  if (value instanceof FormulaDate && value.written === null) return value.epochMs / 1000;
  const match = /^\s*[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?/i.exec(toText(value));
  return match ? Number(match[0]) : 0;
}

export function toInteger(value: unknown): number {
  const n = toNumber(value);
  return Number.isFinite(n) ? Math.trunc(n) : 0;
}

function addDuration(date: FormulaDate, duration: FormulaDuration, sign: number): FormulaDate {
  let ms = date.epochMs;
  if (duration.months !== 0) {
    const d = new Date(ms);
    const targetMonth = d.getUTCMonth() + sign * duration.months;
    const day = d.getUTCDate();
    d.setUTCDate(1);
    d.setUTCMonth(targetMonth);
    // Ruby's >> clamps the day to the month's end (Jan 31 + 1 month = Feb 28/29).
    const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
    d.setUTCDate(Math.min(day, lastDay));
    ms = d.getTime();
  }
  return new FormulaDate(ms + sign * duration.milliseconds, date.numberUnit);
}

/**
 * A date written as text (another Formula field's date, which is written out as text) plus or
 * minus a duration: `placed_at + days(2)` works as in Mockaroo, where that field holds a Time.
 * Text that is no date stays text: "a" + days(1) joins them as before.
 */
function textDatePlus(text: string, duration: FormulaDuration, sign: number): unknown {
  const date = toDate(text);
  if (date) return addDuration(date, duration, sign);
  return sign > 0 ? boundedText(text + toText(duration)) : toNumber(text) - toNumber(duration);
}

/** date + n: n days for a Date or DateTime, n seconds for a Time (Ruby). */
function addNumber(date: FormulaDate, n: number): FormulaDate {
  return new FormulaDate(date.epochMs + n * UNIT_MS[date.numberUnit], date.numberUnit);
}

/** A date from a date, a text in a date form (mm/dd/yyyy, ISO) or epoch seconds; null otherwise. */
export function toDate(value: unknown): FormulaDate | null {
  if (value instanceof FormulaDate) return value;
  if (typeof value === 'string') {
    const ms = parseDateParam(value);
    if (ms !== null) return new FormulaDate(ms, 'days');
    const iso = Date.parse(value);
    return Number.isNaN(iso) ? null : new FormulaDate(iso);
  }
  if (typeof value === 'number') return new FormulaDate(value * 1000);
  return null;
}

export function add(left: unknown, right: unknown): unknown {
  if (typeof left === 'number' && typeof right === 'number') return left + right;
  if (left === null || right === null || left === undefined || right === undefined) return null;
  if (left instanceof FormulaDate && right instanceof FormulaDuration) return addDuration(left, right, 1);
  if (left instanceof FormulaDuration && right instanceof FormulaDate) return addDuration(right, left, 1);
  if (typeof left === 'string' && right instanceof FormulaDuration) return textDatePlus(left, right, 1);
  if (left instanceof FormulaDuration && right instanceof FormulaDuration)
    return new FormulaDuration(left.months + right.months, left.milliseconds + right.milliseconds);
  if (left instanceof FormulaDate && typeof right === 'number') return addNumber(left, right);
  if (typeof left === 'number' && right instanceof FormulaDate) return addNumber(right, left);
  if (Array.isArray(left) && Array.isArray(right))
    return left.length + right.length > MAX_LIST ? null : [...left, ...right];
  if (typeof left === 'string' || typeof right === 'string' || left instanceof Verbatim || right instanceof Verbatim)
    return boundedText(toText(left) + toText(right));
  return toNumber(left) + toNumber(right);
}

export function subtract(left: unknown, right: unknown): unknown {
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  if (left === null || right === null || left === undefined || right === undefined) return null;
  if (left instanceof FormulaDate && right instanceof FormulaDuration) return addDuration(left, right, -1);
  if (typeof left === 'string' && right instanceof FormulaDuration) return textDatePlus(left, right, -1);
  if (left instanceof FormulaDate && typeof right === 'number') return addNumber(left, -right);
  // date - date: days between them as Ruby's Date subtraction gives, seconds between two Times.
  if (left instanceof FormulaDate && right instanceof FormulaDate) {
    const unit = left.numberUnit === 'seconds' && right.numberUnit === 'seconds' ? 'seconds' : 'days';
    return (left.epochMs - right.epochMs) / UNIT_MS[unit];
  }
  return toNumber(left) - toNumber(right);
}

export function multiply(left: unknown, right: unknown): unknown {
  if (left === null || right === null || left === undefined || right === undefined) return null;
  if (typeof left === 'string' && typeof right === 'number') {
    if (!(right >= 1) || left === '') return '';
    // Repeat only as far as the bound: 'abc' * 1e9 costs what 'abc' * 33,334 does.
    return boundedText(left.repeat(Math.min(Math.floor(right), Math.ceil(MAX_TEXT / left.length))));
  }
  return toNumber(left) * toNumber(right);
}

export function divide(left: unknown, right: unknown, decimal = false): unknown {
  if (left === null || right === null || left === undefined || right === undefined) return null;
  const a = toNumber(left);
  const b = toNumber(right);
  if (b === 0) return null;
  // Integers divide like Ruby's: floored.
  return !decimal && Number.isInteger(a) && Number.isInteger(b) && typeof left === 'number' && typeof right === 'number'
    ? Math.floor(a / b)
    : a / b;
}

export function modulo(left: unknown, right: unknown): unknown {
  if (left === null || right === null || left === undefined || right === undefined) return null;
  const a = toNumber(left);
  const b = toNumber(right);
  if (b === 0) return null;
  return flooredRemainder(a, b);
}

/** Ruby's remainder of two numbers: it takes the divisor's sign (-7 % 3 == 2). `b` is not 0. */
export function flooredRemainder(a: number, b: number): number {
  return ((a % b) + b) % b;
}

function comparable(value: unknown): number | string | null {
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (value instanceof FormulaDate) return value.epochMs;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return null;
}

export function compare(operator: '<' | '>' | '<=' | '>=', left: unknown, right: unknown): boolean | null {
  // A date against a text in a date form ('2020-01-01') compares the moments.
  if (left instanceof FormulaDate && typeof right === 'string') right = toDate(right);
  else if (right instanceof FormulaDate && typeof left === 'string') left = toDate(left);
  let a = comparable(left);
  let b = comparable(right);
  if (a === null || b === null) return null;
  if (typeof a !== typeof b) {
    // "10" < 9: compare as numbers when either side is a number, as users mean.
    a = toNumber(a);
    b = toNumber(b);
  }
  switch (operator) {
    case '<':
      return a < b;
    case '>':
      return a > b;
    case '<=':
      return a <= b;
    case '>=':
      return a >= b;
  }
}

export function equals(left: unknown, right: unknown): boolean {
  if (left === undefined) left = null;
  if (right === undefined) right = null;
  if (left instanceof FormulaDate && right instanceof FormulaDate) return left.epochMs === right.epochMs;
  if (left instanceof FormulaDate || right instanceof FormulaDate)
    return typeof left === 'string' || typeof right === 'string' ? toText(left) === toText(right) : false;
  if (left instanceof Verbatim || right instanceof Verbatim) return toText(left) === toText(right);
  if (Array.isArray(left) && Array.isArray(right))
    return left.length === right.length && left.every((v, i) => equals(v, right[i]));
  return left === right;
}

/** What a text method works on: a text, or the text a date was read from; null otherwise. */
export function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  return value instanceof FormulaDate && value.written !== null ? value.written.text : null;
}
