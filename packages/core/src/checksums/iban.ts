/**
 * IBANs of the official registry's countries: the BBAN follows the country's structure from
 * ibantools' specifications, national check digits are set where the country has them, and the
 * two IBAN check digits come from MOD 97-10.
 */
import { createRequire } from 'node:module';
import type * as IbanTools from 'ibantools';
import { derivedData } from '../data/data-files.js';
import { CounterRandom, hashString } from '../random/counter-random.js';
import { NATIONAL_CHECKS, type NationalCheck } from './iban-national.js';
import { ibanCheckDigits } from './mod97.js';

const DIGIT = 0;
const LETTER = 1;

/** A country's BBAN layout: one slot kind per character, and its national check if it has one. */
export interface IbanCountry {
  code: string;
  slots: number[];
  national: NationalCheck | undefined;
}

/**
 * Slot kinds from ibantools' BBAN pattern, e.g. ^[A-Z]{4}[0-9]{10}$. Alphanumeric slots get
 * digits, as nearly all real account numbers do. null when the pattern has another shape.
 */
function bbanSlots(pattern: string, length: number): number[] | null {
  const slots: number[] = [];
  const body = pattern.replace(/^\^/, '').replace(/\$$/, '');
  const token = /\[(0-9|A-Z|A-Z0-9|0-9A-Z)\]\{(\d+)\}/y;
  let at = 0;
  while (at < body.length) {
    token.lastIndex = at;
    const match = token.exec(body);
    if (!match) return null;
    const kind = match[1] === 'A-Z' ? LETTER : DIGIT;
    for (let i = 0; i < Number(match[2]); i++) slots.push(kind);
    at = token.lastIndex;
  }
  return slots.length === length ? slots : null;
}

export const IBAN_CHARACTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Fills `values` (character values, see mod97.ts) with a BBAN of `country` and returns the IBAN. */
export function makeIban(random: CounterRandom, country: IbanCountry, values: number[]): string {
  const { slots } = country;
  values.length = slots.length;
  for (let i = 0; i < slots.length; i++) values[i] = slots[i] === DIGIT ? random.below(10) : 10 + random.below(26);
  country.national?.(values);
  const check = ibanCheckDigits(country.code, values);
  let text = country.code + (check < 10 ? '0' : '') + check;
  for (let i = 0; i < values.length; i++) text += IBAN_CHARACTERS[values[i]];
  return text;
}

/** Samples per country in the first-use self-check. */
const SELF_CHECK_SAMPLES = 16;

/**
 * The countries of the official IBAN registry (in ibantools' country specifications) whose
 * IBANs we generate. Each one is checked once, on first use, against ibantools' validator
 * (format, national check digits, mod 97): a country whose rules we do not meet (a future
 * ibantools with a new national check) is left out rather than producing invalid IBANs.
 */
export const ibanCountries = derivedData(() => {
  // Loaded only when a schema uses IBAN, so other schemas never pay for it.
  const ibantools = createRequire(import.meta.url)('ibantools') as typeof IbanTools;
  const accepted: IbanCountry[] = [];
  const rejected: string[] = [];
  const random = new CounterRandom(hashString('IBAN self-check'));
  const values: number[] = [];
  const specs = ibantools.getCountrySpecifications();
  for (const code of Object.keys(specs).sort()) {
    const spec = specs[code];
    if (!spec.IBANRegistry || !spec.chars || !spec.bban_regexp) continue;
    const slots = bbanSlots(spec.bban_regexp, spec.chars - 4);
    const country: IbanCountry = {
      code,
      slots: slots ?? [],
      national: Object.hasOwn(NATIONAL_CHECKS, code) ? NATIONAL_CHECKS[code] : undefined,
    };
    let valid = slots !== null;
    for (let i = 0; valid && i < SELF_CHECK_SAMPLES; i++) {
      random.reset(i);
      valid = ibantools.isValidIBAN(makeIban(random, country, values));
    }
    if (valid) accepted.push(country);
    else rejected.push(code);
  }
  if (accepted.length === 0) throw new Error('no IBAN country passed the self-check');
  return { accepted, rejected };
});
