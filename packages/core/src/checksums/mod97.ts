/**
 * ISO 7064 MOD 97-10, the IBAN check: letters count as two-digit numbers (A = 10 ... Z = 35)
 * and the whole text, read as one big number, must leave 1 when divided by 97. Computed digit by
 * digit so no big integers are needed.
 */

/** A character's IBAN value: '0'-'9' are 0-9, 'A'-'Z' (either case) are 10-35; -1 otherwise. */
export function ibanCharacterValue(character: string): number {
  const code = character.charCodeAt(0);
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 90) return code - 55;
  if (code >= 97 && code <= 122) return code - 87;
  return -1;
}

/** Carries remainder `r` over one more character value (one digit, or two for a letter). */
export function mod97Step(r: number, value: number): number {
  return value < 10 ? (r * 10 + value) % 97 : (r * 100 + value) % 97;
}

/** The remainder mod 97 of a sequence of character values (see ibanCharacterValue). */
export function mod97OfValues(values: readonly number[], start = 0, end = values.length, remainder = 0): number {
  let r = remainder;
  for (let i = start; i < end; i++) r = mod97Step(r, values[i]);
  return r;
}

/** The remainder mod 97 of alphanumeric text; throws on other characters. */
export function mod97OfText(text: string): number {
  let r = 0;
  for (const character of text) {
    const value = ibanCharacterValue(character);
    if (value < 0) throw new Error(`"${character}" cannot occur in a MOD 97-10 number`);
    r = mod97Step(r, value);
  }
  return r;
}

/**
 * The two IBAN check digits (2-98) for a country code and the BBAN's character values:
 * BBAN + country + "00" is taken mod 97 and the digits bring it to 1.
 */
export function ibanCheckDigits(countryCode: string, bbanValues: readonly number[]): number {
  let r = mod97OfValues(bbanValues);
  r = mod97Step(r, ibanCharacterValue(countryCode[0]));
  r = mod97Step(r, ibanCharacterValue(countryCode[1]));
  r = (r * 100) % 97;
  return 98 - r;
}
