/**
 * Payment identifiers: credit cards (a family: the row's card type decides the number's issuer
 * prefix and length; Luhn check digit), IBANs (the country's BBAN structure, its national check
 * digits and the mod-97 pair) and Bitcoin addresses (Base58Check).
 */
import { base58CheckEncode, BASE58_ALPHABET } from '../checksums/base58check.js';
import { IBAN_CHARACTERS, ibanCountries, makeIban } from '../checksums/iban.js';
import { luhnCheckDigit } from '../checksums/luhn.js';
import { derivedData, readDataFile } from '../data/data-files.js';
import type { CounterRandom } from '../random/counter-random.js';
import { DIGITS } from '../kernel/characters.js';
import { defineType, type TypeDefinition } from '../kernel/define-type.js';
import { recordFamily, recordField } from './record-family.js';

// ---------------------------------------------------------------------------------------------
// Credit cards

/** A row of credit-cards.json: a card type, its issuer prefixes ("4", "51-55") and lengths. */
interface CardRecord {
  type: string;
  prefixes: string[];
  lengths: number[];
}

/** An issuer prefix range: the numbers low..high, written with `width` digits. */
interface PrefixRange {
  low: number;
  high: number;
  width: number;
}

function parsePrefix(card: string, prefix: string): PrefixRange {
  const match = /^(\d+)(?:-(\d+))?$/.exec(prefix);
  const high = match?.[2] ?? match?.[1];
  if (!match || high === undefined || high.length !== match[1].length || Number(high) < Number(match[1])) {
    throw new Error(
      `credit-cards.json: the prefix "${prefix}" of ${card} is not a digit string or a range like "51-55"`,
    );
  }
  return { low: Number(match[1]), high: Number(high), width: match[1].length };
}

/** The card types with their prefixes parsed, checked once when first used. */
const cards = derivedData(() =>
  readDataFile<CardRecord[]>('credit-cards.json').map((record) => {
    const ranges = record.prefixes.map((prefix) => parsePrefix(record.type, prefix));
    const shortest = Math.min(...record.lengths);
    if (ranges.length === 0 || record.lengths.length === 0 || ranges.some((range) => range.width >= shortest)) {
      throw new Error(`credit-cards.json: ${record.type} needs prefixes shorter than its lengths`);
    }
    return { type: record.type, ranges, lengths: record.lengths };
  }),
);

/** The row's card: every Credit Card Type and Credit Card # field of the row reads the same one. */
const cardFamily = recordFamily('card', cards);

/** A number of the card type: one of its prefixes, random digits and the Luhn check digit. */
function cardNumber(random: CounterRandom, card: ReturnType<typeof cards>[number], digits: number[]): string {
  const range = card.ranges[random.below(card.ranges.length)];
  const length = card.lengths[random.below(card.lengths.length)];
  let prefix = random.intBetween(range.low, range.high);
  for (let i = range.width - 1; i >= 0; i--) {
    digits[i] = prefix % 10;
    prefix = Math.floor(prefix / 10);
  }
  for (let i = range.width; i < length - 1; i++) digits[i] = random.below(10);
  digits.length = length - 1;
  return digits.join('') + luhnCheckDigit(digits);
}

const creditCardType = recordField(cardFamily, {
  name: 'Credit Card Type',
  category: 'Commerce',
  description:
    "A payment card brand as the established product names it (visa, mastercard, americanexpress, jcb, maestro, laser...); agrees with the row's Credit Card #.",
  read: (card) => card.type,
});

const creditCardNumber = defineType({
  name: 'Credit Card #',
  category: 'Commerce',
  family: cardFamily.family.name,
  description:
    "A card number of the row's Credit Card Type: one of its issuer prefixes, its length and a valid Luhn check digit.",
  params: [],
  output: 'string',
  smallValues: true,
  create: (_params, context) => {
    context.declareCharacters(DIGITS);
    const all = cards();
    const digits: number[] = [];
    return (random, row) => cardNumber(random, all[row.family(cardFamily.family)], digits);
  },
});

// ---------------------------------------------------------------------------------------------
// IBAN

const iban = defineType({
  name: 'IBAN',
  category: 'Commerce',
  description:
    'An International Bank Account Number of a country in the IBAN registry, in electronic form (no spaces), with valid national and mod-97 check digits.',
  params: [],
  output: 'string',
  smallValues: true,
  create: (_params, context) => {
    context.declareCharacters(IBAN_CHARACTERS);
    const countries = ibanCountries().accepted;
    const values: number[] = [];
    return (random) => makeIban(random, countries[random.below(countries.length)], values);
  },
});

// ---------------------------------------------------------------------------------------------
// Bitcoin

/** Share of pay-to-public-key-hash addresses ("1..."); the others are pay-to-script-hash ("3..."). */
const P2PKH_SHARE = 0.7;

const bitcoinAddress = defineType({
  name: 'Bitcoin Address',
  category: 'Crypto',
  description:
    'A Base58Check Bitcoin address: version 0x00 ("1...", pay to key hash) or 0x05 ("3...", pay to script hash), a random 20-byte hash and a valid checksum.',
  params: [],
  output: 'string',
  create: (_params, context) => {
    context.declareCharacters(BASE58_ALPHABET);
    const payload = new Uint8Array(21);
    const words = new DataView(payload.buffer);
    return (random) => {
      payload[0] = random.chance(P2PKH_SHARE) ? 0x00 : 0x05;
      for (let i = 0; i < 5; i++) words.setUint32(1 + 4 * i, random.uint32());
      return base58CheckEncode(payload);
    };
  },
});

export const financeTypes: TypeDefinition[] = [creditCardType, creditCardNumber, iban, bitcoinAddress];
