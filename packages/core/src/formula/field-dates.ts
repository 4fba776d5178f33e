/**
 * Date, Datetime and Time fields inside formulas. The fields write plain text (their hot path
 * stays as fast as without formulas); a formula that reads one, or the field's own formula
 * reading `this`, parses that text back with the field's format into a FormulaDate, and a date
 * the formula returns is written in the formula field's format (ISO 8601 for other types).
 * See docs/design.md, "Dates inside formulas".
 */
import { compileStrftime, checkStrftime } from '../time/strftime.js';
import { compileStrptime } from '../time/strptime.js';
import type { FieldDateFormat, OutputKind, ResolvedParams } from '../kernel/define-type.js';
import { FormulaDate, type DateWriter, type NumberUnit } from './runtime.js';

/** How a date result is written when the formula's field is not a date type: Datetime's default. */
export const DEFAULT_DATE_FORMAT = '%FT%T%:z';

/** A field's date format when its type writes dates (output date, datetime or time), else undefined. */
export function fieldDateFormat(output: OutputKind, params: ResolvedParams): FieldDateFormat | undefined {
  if (output !== 'date' && output !== 'datetime' && output !== 'time') return undefined;
  return typeof params.format === 'string' ? { output, format: params.format } : undefined;
}

/** Ruby's classes: a Date and a DateTime add days, a Time adds seconds. */
const UNIT_OF: Readonly<Record<FieldDateFormat['output'], NumberUnit>> = {
  date: 'days',
  datetime: 'days',
  time: 'seconds',
};

/**
 * Reads a field's value as a date: its text parsed with the field's format, parts the format
 * leaves out taken from the reference instant (now()). A text that does not parse (a format
 * strptime cannot read back) stays text, so text methods keep working on it.
 */
export function dateReader(date: FieldDateFormat, referenceMs: number): (value: unknown) => unknown {
  const parse = compileStrptime(date.format);
  if (parse === null) return (value) => value;
  const unit = UNIT_OF[date.output];
  const format = date.format;
  return (value) => {
    if (typeof value !== 'string') return value;
    const ms = parse(value, referenceMs);
    return ms === null ? value : new FormulaDate(ms, unit, { text: value, format });
  };
}

/** Writes date results in the field's format, or ISO 8601 when the field is not a date type. */
export function dateWriter(date: FieldDateFormat | undefined): DateWriter {
  const format = date && checkStrftime(date.format) === null ? date.format : null;
  return { format, write: compileStrftime(format ?? DEFAULT_DATE_FORMAT) };
}
