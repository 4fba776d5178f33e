/**
 * Numbers as text, exactly as String(n) writes them, but fast for the common case of a value
 * with at most two decimals (money, Number's default). V8's double-to-string is the single
 * largest cost of a row otherwise (~150 ns for a fresh value such as 193250.46).
 *
 * Why it is exact: when |n| < 1e13 the doubles are spaced far more finely than 0.01, so if some
 * decimal with two places parses to n it is the only one, and it is also String(n)'s shortest
 * round-trip form (trailing zeros dropped).
 */
import { integerText } from './integer-text.js';

/** ".5", ".05", ".25" (trailing zero dropped) for each count of hundredths 1..99; one piece to join. */
const POINT_HUNDREDTHS: readonly string[] = Array.from(
  { length: 100 },
  (_, i) => '.' + (i % 10 === 0 ? String(i / 10) : (i < 10 ? '0' : '') + i),
);

export function numberText(n: number): string {
  if (Number.isInteger(n)) return integerText(n);
  if (!(n > -1e13 && n < 1e13)) return String(n);
  const hundredths = Math.round(n * 100);
  if (hundredths / 100 !== n) return String(n);
  const negative = hundredths < 0;
  const magnitude = negative ? -hundredths : hundredths;
  const whole = Math.floor(magnitude / 100);
  const fraction = magnitude - whole * 100;
  const text = integerText(whole) + POINT_HUNDREDTHS[fraction];
  return negative ? '-' + text : text;
}
