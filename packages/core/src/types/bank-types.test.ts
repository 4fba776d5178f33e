import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateObjects } from '../engine/sample.js';
import { assertDeclared } from '../testing/type-values.js';
import { countryCodes, readTable } from '../testing/data-tables.js';
import { findType } from './registry.js';

const BANKS = readTable('banks.json');
const TYPES: Record<string, string> = {
  'Bank Name': 'name',
  'Bank Street Address': 'street',
  'Bank City': 'city',
  'Bank State': 'state',
  'Bank Country Code': 'country',
  'Bank Routing Number': 'routingNumber',
  'Bank SWIFT BIC': 'bic',
  'Bank LEI': 'lei',
  'Bank RIAD Code': 'riad',
};
const SCHEMA = Object.keys(TYPES).map((type) => ({ name: type, type }));

/** ABA: 3, 7, 1 weights repeated over the 9 digits, total a multiple of 10. */
function abaValid(routing: string): boolean {
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  return [...routing].reduce((sum, digit, i) => sum + Number(digit) * weights[i], 0) % 10 === 0;
}

/** ISO 7064 MOD 97-10 as ISO 17442 applies it: letters become 10-35, the number leaves 1 mod 97. */
function leiValid(lei: string): boolean {
  const digits = [...lei].map((c) => (/\d/.test(c) ? c : String(c.charCodeAt(0) - 55))).join('');
  return BigInt(digits) % 97n === 1n;
}

const BIC = /^([A-Z]{4})([A-Z]{2})([A-Z0-9]{2})([A-Z0-9]{3})?$/;

describe('bank data', () => {
  test('150+ banks; routing numbers, LEIs, RIAD codes and BICs (first 8) unique', () => {
    assert.ok(BANKS.length >= 150, `${BANKS.length} banks`);
    for (const column of ['name', 'routingNumber', 'lei', 'riad']) {
      assert.equal(new Set(BANKS.map((b) => b[column])).size, BANKS.length, `duplicate ${column}`);
    }
    assert.equal(new Set(BANKS.map((b) => String(b.bic).slice(0, 8))).size, BANKS.length, 'duplicate BIC');
  });

  test('routing numbers pass the ABA checksum with a Federal Reserve district prefix', () => {
    for (const { routingNumber } of BANKS) {
      assert.match(String(routingNumber), /^(0[1-9]|1[0-2])\d{7}$/);
      assert.ok(abaValid(String(routingNumber)), `routing number ${String(routingNumber)}`);
    }
    assert.ok(!abaValid('021000022'), 'the ABA check can fail');
  });

  test('LEIs are 20 characters (issuer prefix, 00, entity part) with MOD 97-10 check digits', () => {
    for (const { lei } of BANKS) {
      assert.match(String(lei), /^[0-9A-Z]{4}00[0-9A-Z]{12}\d{2}$/);
      assert.ok(leiValid(String(lei)), `LEI ${String(lei)}`);
    }
    assert.ok(leiValid('529900T8BM49AURSDO55'), "a real LEI (Deutsche Boerse's) passes");
    assert.ok(!leiValid('529900T8BM49AURSDO56'), 'a changed check digit fails');
  });

  test("BICs are well formed and carry the bank's country; RIAD codes start with it", () => {
    const countries = countryCodes();
    for (const bank of BANKS) {
      const match = BIC.exec(String(bank.bic));
      assert.ok(match, `BIC ${String(bank.bic)}`);
      assert.equal(match[2], bank.country, `${String(bank.name)}: ${String(bank.bic)}`);
      assert.ok(countries.has(bank.country as string), String(bank.country));
      assert.ok(!['0', '1', '2'].includes(match[3][1]), `location code ${match[3]} is a special one`);
      assert.match(String(bank.riad), new RegExp(`^${String(bank.country)}\\d{5}$`));
    }
  });
});

describe('bank family', () => {
  const rows = generateObjects(SCHEMA, { count: 1000, seed: 'banks' });
  const byLei = new Map(BANKS.map((b) => [b.lei, b]));

  test('all nine fields of a row are one bank; BIC country = Bank Country Code', () => {
    for (const row of rows) {
      const bank = byLei.get(row['Bank LEI'] as string);
      assert.ok(bank, `unknown LEI ${String(row['Bank LEI'])}`);
      for (const [type, column] of Object.entries(TYPES)) assert.equal(row[type], bank[column], type);
      assert.equal(String(row['Bank SWIFT BIC']).slice(4, 6), row['Bank Country Code']);
    }
    assert.ok(new Set(rows.map((r) => r['Bank Name'])).size > 120);
    assert.ok(new Set(rows.map((r) => r['Bank Country Code'])).size > 20);
  });

  test('every type names the bank family and declares its characters', () => {
    for (const type of Object.keys(TYPES)) {
      assert.equal(findType(type)?.family, 'bank', type);
      assertDeclared(
        type,
        rows.map((r) => String(r[type])),
      );
    }
  });
});
