import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { getCountrySpecifications, isValidIBAN, validateIBAN } from 'ibantools';
import { generateObjects } from '../engine/sample.js';
import { ibanCountries } from '../checksums/iban.js';
import { testReproducibility } from '../testing/type-reproducibility.js';

const require = createRequire(import.meta.url);
const creditCardType = require('credit-card-type') as (number: string) => { type: string; lengths: number[] }[];
const bs58check = (require('bs58check') as { default: { decode(text: string): Uint8Array } }).default;

function rows(
  fields: Record<string, unknown>[],
  count: number,
  seed: string | number = 'finance',
): Record<string, unknown>[] {
  return generateObjects(fields, { count, seed });
}

function values(type: string, count = 5000, seed: string | number = 'finance'): string[] {
  return rows([{ name: 'v', type }], count, seed).map((row) => row.v as string);
}

/** Published issuer prefixes and lengths of each card type (written here, independently of credit-cards.json). */
const CARD_RULES: Record<string, { prefix: RegExp; lengths: number[] }> = {
  americanexpress: { prefix: /^3[47]/, lengths: [15] },
  bankcard: { prefix: /^(5610|56022[1-5])/, lengths: [16] },
  'china-unionpay': {
    prefix: /^(62212[6-9]|6221[3-9]|622[2-8]|6229[01]|62292[0-5]|62[4-6]|628[2-8])/,
    lengths: [16, 17, 18, 19],
  },
  'diners-club-carte-blanche': { prefix: /^30[0-5]/, lengths: [14] },
  'diners-club-enroute': { prefix: /^(2014|2149)/, lengths: [15] },
  'diners-club-international': { prefix: /^36/, lengths: [14] },
  'diners-club-us-ca': { prefix: /^5[45]/, lengths: [16] },
  instapayment: { prefix: /^63[7-9]/, lengths: [16] },
  jcb: { prefix: /^35(2[89]|[3-8]\d)/, lengths: [16] },
  laser: { prefix: /^(6304|6706|6709|6771)/, lengths: [16, 17, 18, 19] },
  maestro: { prefix: /^(5018|5020|5038|5893|6304|6759|676[1-3])/, lengths: [12, 13, 14, 15, 16, 17, 18, 19] },
  mastercard: { prefix: /^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]|27[01]|2720)/, lengths: [16] },
  solo: { prefix: /^(6334|6767)/, lengths: [16, 18, 19] },
  switch: { prefix: /^(4903|4905|4911|4936|564182|633110|6333|6759)/, lengths: [16, 18, 19] },
  visa: { prefix: /^4/, lengths: [16] },
  'visa-electron': { prefix: /^(4026|417500|4508|4844|4913|4917)/, lengths: [16] },
};

/** Current brands as the credit-card-type package names them. */
const ORACLE_TYPE: Record<string, string> = {
  americanexpress: 'american-express',
  'china-unionpay': 'unionpay',
  'diners-club-carte-blanche': 'diners-club',
  'diners-club-international': 'diners-club',
  'diners-club-us-ca': 'mastercard',
  jcb: 'jcb',
  maestro: 'maestro',
  mastercard: 'mastercard',
  visa: 'visa',
  'visa-electron': 'visa',
};

/** Luhn validity, recomputed here: from the right, double every second digit. */
function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

function assertCardOfType(type: string, number: string): void {
  const rule = CARD_RULES[type];
  assert.ok(rule, `unknown card type ${type}`);
  assert.match(number, /^\d+$/);
  assert.match(number, rule.prefix, `${type} ${number}`);
  assert.ok(rule.lengths.includes(number.length), `${type} ${number}: length ${number.length}`);
  assert.ok(passesLuhn(number), `${type} ${number}: Luhn`);
  const oracleType = ORACLE_TYPE[type];
  if (oracleType) {
    // Elo (Brazil) issues cards in a few six-digit ranges inside Visa's 4: credit-card-type then
    // names only Elo. Such numbers are real Visa-range numbers; about 1 in 10,000 lands there.
    const accepted = oracleType === 'visa' ? ['visa', 'elo'] : [oracleType];
    const match = creditCardType(number).find((card) => accepted.includes(card.type));
    assert.ok(
      match,
      `${type} ${number}: credit-card-type says ${
        creditCardType(number)
          .map((card) => card.type)
          .join(', ') || 'nothing'
      }`,
    );
    assert.ok(
      match.lengths.includes(number.length),
      `${type} ${number}: credit-card-type lengths ${match.lengths.join(', ')}`,
    );
  }
}

describe('Credit Card Type and Credit Card #', () => {
  const schema = [
    { name: 'type', type: 'Credit Card Type' },
    { name: 'number', type: 'Credit Card #' },
    { name: 'second', type: 'Credit Card #' },
  ];

  test("each number matches its row's type: prefix, length, Luhn; current brands agree with credit-card-type", () => {
    for (const row of rows(schema, 16000)) {
      assertCardOfType(row.type as string, row.number as string);
      // The second number is a second card, of its own (unnamed) type.
      assert.ok(
        Object.keys(CARD_RULES).some(
          (type) =>
            CARD_RULES[type].prefix.test(row.second as string) &&
            CARD_RULES[type].lengths.includes((row.second as string).length),
        ),
      );
    }
  });

  test('the 16 types of the established product, in about equal shares', () => {
    const counts = new Map<string, number>();
    const n = 32000;
    for (const type of values('Credit Card Type', n)) counts.set(type, (counts.get(type) ?? 0) + 1);
    assert.deepEqual([...counts.keys()].sort(), Object.keys(CARD_RULES).sort());
    const expected = n / 16;
    const sd = Math.sqrt(n * (1 / 16) * (15 / 16));
    for (const [type, count] of counts) assert.ok(Math.abs(count - expected) < 6 * sd, `${type}: ${count}`);
  });

  test('a number field alone is a valid number of some type, and numbers vary in every digit', () => {
    const numbers = values('Credit Card #', 10000);
    for (const number of numbers) {
      const types = Object.keys(CARD_RULES).filter(
        (type) => CARD_RULES[type].prefix.test(number) && CARD_RULES[type].lengths.includes(number.length),
      );
      assert.ok(types.length > 0 && passesLuhn(number), number);
    }
    assert.ok(new Set(numbers).size > 9990);
    const lengths = new Set(numbers.map((number) => number.length));
    for (const length of [12, 14, 15, 16, 19]) assert.ok(lengths.has(length), `length ${length}`);
  });

  test('the type and numbers of a row do not depend on the other fields or their order (a repeated # is a second card)', () => {
    const reordered = rows([schema[1], { name: 'x', type: 'SSN' }, schema[0], schema[2]], 300);
    const original = rows(schema, 300);
    assert.deepEqual(
      reordered.map((row) => [row.type, row.number, row.second]),
      original.map((row) => [row.type, row.number, row.second]),
    );
  });
});

describe('IBAN', () => {
  const specs = getCountrySpecifications();

  test('valid by ibantools: structure, national check digits and mod 97', () => {
    for (const iban of values('IBAN', 30000)) {
      const result = validateIBAN(iban);
      assert.ok(result.valid && isValidIBAN(iban), `${iban}: error codes ${result.errorCodes.join(', ')}`);
    }
  });

  test('mod 97 recomputed with big integers', () => {
    for (const iban of values('IBAN', 3000, 2)) {
      const moved = iban.slice(4) + iban.slice(0, 4);
      const digits = [...moved].map((c) => (c >= 'A' ? String(c.charCodeAt(0) - 55) : c)).join('');
      assert.equal(BigInt(digits) % 97n, 1n, iban);
    }
  });

  test('every country of the IBAN registry appears, with its own length', () => {
    const registry = Object.keys(specs).filter((code) => specs[code].IBANRegistry && specs[code].chars);
    assert.ok(registry.length >= 90, `registry countries: ${registry.length}`);
    assert.deepEqual(ibanCountries().rejected, [], 'countries that failed the self-check');
    const seen = new Set<string>();
    for (const iban of values('IBAN', 30000, 3)) {
      const country = iban.slice(0, 2);
      seen.add(country);
      assert.ok(specs[country]?.IBANRegistry, `${country} is not in the registry`);
      assert.equal(iban.length, specs[country].chars, iban);
    }
    assert.deepEqual([...seen].sort(), registry.sort());
  });

  test('countries with national checks get them right (Spain, France, Belgium, Hungary, Norway...)', () => {
    const byCountry = new Map<string, string[]>();
    for (const iban of values('IBAN', 60000, 4))
      byCountry.set(iban.slice(0, 2), [...(byCountry.get(iban.slice(0, 2)) ?? []), iban]);
    for (const country of ['ES', 'FR', 'BE', 'HU', 'NO', 'CZ', 'PL', 'HR', 'EE', 'PT', 'MC']) {
      const ibans = byCountry.get(country) ?? [];
      assert.ok(ibans.length > 100, `${country}: ${ibans.length}`);
      for (const iban of ibans) assert.ok(validateIBAN(iban).valid, iban);
    }
    // Hungarian accounts come in both the 16-digit (zero-padded) and the 24-digit form.
    const hungarian = byCountry.get('HU') ?? [];
    assert.ok(
      hungarian.some((iban) => iban.endsWith('00000000')) && hungarian.some((iban) => !iban.endsWith('00000000')),
    );
  });
});

describe('Bitcoin Address', () => {
  test('Base58Check valid (bs58check), version 0x00 or 0x05 with a 20-byte hash', () => {
    const all = values('Bitcoin Address', 10000);
    let p2pkh = 0;
    for (const address of all) {
      const payload = bs58check.decode(address);
      assert.equal(payload.length, 21, address);
      assert.ok(payload[0] === 0x00 || payload[0] === 0x05, address);
      assert.equal(address[0], payload[0] === 0 ? '1' : '3', address);
      assert.ok(address.length >= 26 && address.length <= 35, address);
      if (payload[0] === 0) p2pkh++;
    }
    assert.ok(p2pkh > 6700 && p2pkh < 7300, `pay-to-key-hash share ${p2pkh}`);
    assert.equal(new Set(all).size, all.length);
  });
});

describe('all finance types', () => {
  const TYPES = ['Credit Card Type', 'Credit Card #', 'IBAN', 'Bitcoin Address'];

  testReproducibility(TYPES);

  test('no parameters: stray keys change nothing', () => {
    for (const type of TYPES) {
      const withStray = rows([{ name: 'v', type, country: 'DE', cardType: 'visa' }], 50, 1).map((row) => row.v);
      assert.deepEqual(withStray, values(type, 50, 1), type);
    }
  });
});
