/**
 * Numbers as bytes, exactly the text kernel/number-text.ts gives (String(n)'s), written as
 * digits: integers up to 2^53 and values with at most two decimals, which is nearly every number
 * a schema makes. Anything else takes numberText's text.
 */
import { numberText } from '../kernel/number-text.js';
import { writeByte, writeDigits, writeText, type ByteOut } from './byte-out.js';

const MINUS = 45;
const POINT = 46;
const ZERO = 48;
/** Beyond this a double's integer digits are not exact in floating point arithmetic. */
const EXACT_INTEGERS = 2 ** 53;

export function writeNumber(out: ByteOut, n: number): void {
  if (Number.isInteger(n) && n <= EXACT_INTEGERS && n >= -EXACT_INTEGERS) {
    // -0 is written "0", as String(-0) is.
    if (n < 0) writeByte(out, MINUS);
    writeDigits(out, n < 0 ? -n : n);
    return;
  }
  // numberText's rule: a value with at most two decimals below 1e13 is that decimal.
  const hundredths = n > -1e13 && n < 1e13 ? Math.round(n * 100) : NaN;
  if (hundredths / 100 !== n) {
    writeText(out, numberText(n));
    return;
  }
  const magnitude = hundredths < 0 ? -hundredths : hundredths;
  const whole = Math.floor(magnitude / 100);
  const fraction = magnitude - whole * 100;
  if (hundredths < 0) writeByte(out, MINUS);
  writeDigits(out, whole);
  out.room(3);
  const buffer = out.buffer;
  let at = out.used;
  buffer[at++] = POINT;
  buffer[at++] = ZERO + Math.floor(fraction / 10);
  // The trailing zero is dropped (.5, not .50); a fraction of 0 is an integer, handled above.
  if (fraction % 10 !== 0) buffer[at++] = ZERO + (fraction % 10);
  out.used = at;
}
