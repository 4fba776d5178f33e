/** A value's text (kernel/value-text.ts) as bytes: what a field reading it, such as a Template, copies. */
import { valueToText } from '../kernel/value-text.js';
import type { Value } from '../kernel/values.js';
import { writeText, type ByteOut } from './byte-out.js';
import { writeNumber } from './number-bytes.js';

export function writeValueText(out: ByteOut, value: Value): void {
  if (typeof value === 'string') writeText(out, value);
  else if (typeof value === 'number') writeNumber(out, value);
  else writeText(out, valueToText(value));
}
