/**
 * The Luhn (mod 10) check digit of payment card numbers (ISO/IEC 7812-1): from the right, every
 * second digit of the payload is doubled (9 subtracted when it exceeds 9) and the check digit
 * brings the total to a multiple of 10.
 */

/** The check digit to append to `payload` (digits 0-9, most significant first). */
export function luhnCheckDigit(payload: readonly number[]): number {
  let sum = 0;
  // The digit next to the check digit is the first one doubled.
  let double = true;
  for (let i = payload.length - 1; i >= 0; i--) {
    let digit = payload[i];
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return (10 - (sum % 10)) % 10;
}
