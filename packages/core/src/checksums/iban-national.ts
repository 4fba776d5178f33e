/**
 * National check digits inside BBANs (the domestic part of an IBAN). Many countries protect
 * their account numbers with their own check digits besides the IBAN's mod-97 pair; a random
 * BBAN fails them, so these functions set them. Each takes the BBAN as character values (digits
 * 0-9 at every position they read, letters 10-35 elsewhere) and overwrites its check positions.
 * Written from the countries' published rules (central bank and banking association standards).
 */
import { weightedSum } from './mod11.js';
import { mod97OfValues } from './mod97.js';

export type NationalCheck = (bban: number[]) => void;

/** Sets two digits at `at` to the value `n` (0-99). */
function setTwoDigits(bban: number[], at: number, n: number): void {
  bban[at] = Math.floor(n / 10);
  bban[at + 1] = n % 10;
}

/** 10 minus the sum's last digit (0 stays 0): the common mod-10 weighted check. */
function mod10Complement(sum: number): number {
  return (10 - (sum % 10)) % 10;
}

/**
 * A mod-11 check digit for weights ending in 1 at the check position: 11 - remainder (0 for 0).
 * A remainder of 1 would need the digit 10, which these schemes never issue, so the digit at
 * `adjust` (weight 2) is moved on until the remainder allows a digit.
 */
function mod11WithAdjustment(bban: number[], from: number, weights: readonly number[], adjust: number): number {
  let remainder = weightedSum(bban, weights, from) % 11;
  while (remainder === 1) {
    bban[adjust] = (bban[adjust] + 1) % 10;
    remainder = weightedSum(bban, weights, from) % 11;
  }
  return remainder === 0 ? 0 : 11 - remainder;
}

/** ISO 7064 MOD 97-10 over the whole BBAN, check digits last (BA, ME, MK, PT, RS, SI). */
const wholeMod97: NationalCheck = (bban) => {
  const at = bban.length - 2;
  const r = (mod97OfValues(bban, 0, at) * 100) % 97;
  setTwoDigits(bban, at, 98 - r);
};

/** Belgium: the last two digits are the first ten mod 97, with 97 in place of 0. */
const belgium: NationalCheck = (bban) => {
  const r = mod97OfValues(bban, 0, 10);
  setTwoDigits(bban, 10, r === 0 ? 97 : r);
};

/** France and the countries using its RIB: the key makes bank + branch + account + key ≡ 0 (mod 97). */
const frenchRib: NationalCheck = (bban) => {
  const at = bban.length - 2;
  const r = (mod97OfValues(bban, 0, at) * 100) % 97;
  setTwoDigits(bban, at, 97 - r);
};

/** Spain: one check digit for bank + branch, one for the account; 10 is written 1 and 11 as 0. */
const spain: NationalCheck = (bban) => {
  const spanishDigit = (sum: number) => {
    const d = 11 - (sum % 11);
    return d === 11 ? 0 : d === 10 ? 1 : d;
  };
  bban[8] = spanishDigit(weightedSum(bban, [4, 8, 5, 10, 9, 7, 3, 6], 0));
  bban[9] = spanishDigit(weightedSum(bban, [1, 2, 4, 8, 5, 10, 9, 7, 3, 6], 10));
};

/** Czech Republic and Slovakia: mod-11 checks over the account prefix and the account number. */
const czechSlovak: NationalCheck = (bban) => {
  bban[9] = mod11WithAdjustment(bban, 4, [10, 5, 8, 4, 2], 8);
  bban[19] = mod11WithAdjustment(bban, 10, [6, 3, 7, 9, 10, 5, 8, 4, 2], 18);
};

/** Norway: mod 11 with weights 5,4,3,2,7,6,5,4,3,2 over the first ten digits. */
const norway: NationalCheck = (bban) => {
  bban[10] = mod11WithAdjustment(bban, 0, [5, 4, 3, 2, 7, 6, 5, 4, 3, 2], 9);
};

/** Poland: the bank branch code's eighth digit, weights 3,9,7,1,3,9,7 mod 10. */
const poland: NationalCheck = (bban) => {
  bban[7] = mod10Complement(weightedSum(bban, [3, 9, 7, 1, 3, 9, 7], 0));
};

/** Estonia: the account's last digit, weights 7,3,1 from the right (7,1,3 from position 2). */
const estonia: NationalCheck = (bban) => {
  bban[15] = mod10Complement(weightedSum(bban, [7, 1, 3, 7, 1, 3, 7, 1, 3, 7, 1, 3, 7], 2));
};

/** ISO 7064 MOD 11,10 check digit of `count` digits from `from`. */
function mod1110(bban: readonly number[], from: number, count: number): number {
  let product = 10;
  for (let i = from; i < from + count; i++) {
    const sum = (product + bban[i]) % 10 || 10;
    product = (sum * 2) % 11;
  }
  return (11 - product) % 10;
}

/** Croatia: MOD 11,10 over the bank code (7th digit) and over the account (last digit). */
const croatia: NationalCheck = (bban) => {
  bban[6] = mod1110(bban, 0, 6);
  bban[16] = mod1110(bban, 7, 9);
};

const HUNGARIAN_WEIGHTS = [9, 7, 3, 1, 9, 7, 3, 1, 9, 7, 3, 1, 9, 7, 3];
const HUNGARIAN_SHORT_WEIGHTS = HUNGARIAN_WEIGHTS.slice(0, 7);

/**
 * Hungary: weights 9,7,3,1 mod 10 over bank + branch (8th digit) and over the account, which is
 * either 16 digits padded with eight zeros (check at the 16th) or 24 digits (check at the 24th).
 */
const hungary: NationalCheck = (bban) => {
  bban[7] = mod10Complement(weightedSum(bban, HUNGARIAN_SHORT_WEIGHTS, 0));
  // The last digit is overwritten in both forms, so its random value can choose the form.
  if (bban[23] < 5) {
    for (let i = 16; i < 24; i++) bban[i] = 0;
    bban[15] = mod10Complement(weightedSum(bban, HUNGARIAN_SHORT_WEIGHTS, 8));
  } else {
    // The short form is told apart by eight trailing zeros: a long account must not end so.
    if (bban[16] === 0 && bban.slice(16, 23).every((digit) => digit === 0)) bban[22] = 1;
    bban[23] = mod10Complement(weightedSum(bban, HUNGARIAN_WEIGHTS, 8));
  }
};

/** The countries whose BBAN carries national check digits, and how to set them. */
export const NATIONAL_CHECKS: Readonly<Record<string, NationalCheck>> = {
  BA: wholeMod97,
  ME: wholeMod97,
  MK: wholeMod97,
  PT: wholeMod97,
  RS: wholeMod97,
  SI: wholeMod97,
  BE: belgium,
  ES: spain,
  CZ: czechSlovak,
  SK: czechSlovak,
  NO: norway,
  PL: poland,
  EE: estonia,
  HR: croatia,
  HU: hungary,
  // France, Monaco and the French overseas territories share the RIB structure and key.
  FR: frenchRib,
  MC: frenchRib,
  BL: frenchRib,
  GF: frenchRib,
  GP: frenchRib,
  MF: frenchRib,
  MQ: frenchRib,
  NC: frenchRib,
  PF: frenchRib,
  PM: frenchRib,
  RE: frenchRib,
  TF: frenchRib,
  WF: frenchRib,
  YT: frenchRib,
};
