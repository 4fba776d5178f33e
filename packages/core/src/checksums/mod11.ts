/**
 * Weighted modulus-11 check digits: the NHS number (weights 10 down to 2) and ISBN-10 (the same
 * weights, with X standing for 10).
 */

/** Sum of digits[i] * weights[i] over the weights' length, starting at `from`. */
export function weightedSum(digits: readonly number[], weights: readonly number[], from = 0): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += digits[from + i] * weights[i];
  return sum;
}

const DESCENDING_WEIGHTS = [10, 9, 8, 7, 6, 5, 4, 3, 2];

/**
 * The NHS number's check digit for its first nine digits, or null when the remainder makes it
 * 10: such nine digits are never issued, so the caller draws others.
 */
export function nhsCheckDigit(nineDigits: readonly number[]): number | null {
  const check = 11 - (weightedSum(nineDigits, DESCENDING_WEIGHTS) % 11);
  if (check === 11) return 0;
  return check === 10 ? null : check;
}

/** The ISBN-10 check character for the first nine digits: '0'-'9' or 'X' for 10. */
export function isbn10CheckCharacter(nineDigits: readonly number[]): string {
  // Weighted sum plus check must be a multiple of 11.
  const check = (11 - (weightedSum(nineDigits, DESCENDING_WEIGHTS) % 11)) % 11;
  return check === 10 ? 'X' : String(check);
}
