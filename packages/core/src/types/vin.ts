/**
 * The arithmetic of North American VINs (49 CFR 565): the characters allowed, the model-year
 * code of position 10 and the check digit of position 9.
 */

/** The 33 characters a VIN may contain: digits and capitals except I, O and Q (they look like 1 and 0). */
export const VIN_CHARACTERS = '0123456789ABCDEFGHJKLMNPRSTUVWXYZ';

/** Position 10 cycles through these 30 codes, one per model year: 1980 = A ... 2000 = Y, 2001 = 1 ... 2009 = 9, 2010 = A again. */
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';
const YEAR_CODE_BASE = 1980;

/** The position-10 character for a model year (any year: the cycle repeats every 30 years). */
export function modelYearCode(year: number): string {
  const offset = (((year - YEAR_CODE_BASE) % YEAR_CODES.length) + YEAR_CODES.length) % YEAR_CODES.length;
  return YEAR_CODES[offset];
}

/** Letters count as the digit the standard assigns them, digits as themselves; indexed by character code. */
const TRANSLITERATION = new Uint8Array(128);
const LETTER_VALUES = 'A1B2C3D4E5F6G7H8J1K2L3M4N5P7R9S2T3U4V5W6X7Y8Z9';
for (let i = 0; i < LETTER_VALUES.length; i += 2)
  TRANSLITERATION[LETTER_VALUES.charCodeAt(i)] = Number(LETTER_VALUES[i + 1]);
for (let digit = 0; digit <= 9; digit++) TRANSLITERATION[48 + digit] = digit;

/** Position 9 weighs nothing, so the check digit can be computed with any placeholder there. */
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** The check digit ('0'-'9' or 'X') of a 17-character VIN made of VIN_CHARACTERS; position 9 is ignored. */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += TRANSLITERATION[vin.charCodeAt(i)] * WEIGHTS[i];
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}
