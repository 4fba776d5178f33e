import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateObjects } from '../engine/sample.js';
import { assertDeclared } from '../testing/type-values.js';
import { readTable, stateOfZip } from '../testing/data-tables.js';
import { findType } from './registry.js';

const HOSPITALS = readTable('hospitals.json');
const TYPES: Record<string, string> = {
  'Hospital Name': 'name',
  'Hospital Street Address': 'street',
  'Hospital City': 'city',
  'Hospital State': 'state',
  'Hospital Postal Code': 'postalCode',
  'Hospital NPI': 'npi',
};
const SCHEMA = Object.keys(TYPES).map((type) => ({ name: type, type }));

/** Luhn written out for the test: doubling every second digit from the right, total a multiple of 10. */
function luhnValid(digits: string): boolean {
  let sum = 0;
  [...digits].reverse().forEach((character, i) => {
    const value = Number(character) * (i % 2 === 1 ? 2 : 1);
    sum += value > 9 ? value - 9 : value;
  });
  return sum % 10 === 0;
}

describe('hospital data', () => {
  test('150+ hospitals; NPIs are 10 digits starting 1 or 2, valid with the 80840 prefix, unique', () => {
    assert.ok(HOSPITALS.length >= 150, `${HOSPITALS.length} hospitals`);
    assert.equal(new Set(HOSPITALS.map((h) => h.npi)).size, HOSPITALS.length, 'duplicate NPI');
    for (const h of HOSPITALS) {
      assert.match(String(h.npi), /^[12]\d{9}$/);
      assert.ok(luhnValid(`80840${String(h.npi)}`), `NPI ${String(h.npi)} fails the check`);
      assert.match(String(h.postalCode), /^\d{5}$/);
    }
  });

  test('the Luhn check above rejects a changed digit (it can fail)', () => {
    const npi = String(HOSPITALS[0].npi);
    const changed = npi.slice(0, 9) + ((Number(npi[9]) + 1) % 10);
    assert.ok(!luhnValid(`80840${changed}`));
  });

  test("every ZIP code is a real ZIP code of the hospital's state (zipcodes, via places-us.json)", () => {
    const states = stateOfZip();
    for (const h of HOSPITALS)
      assert.equal(states.get(h.postalCode as string), h.state, `${String(h.name)} ${String(h.postalCode)}`);
  });

  test('name and street together identify one hospital', () => {
    assert.equal(new Set(HOSPITALS.map((h) => `${String(h.name)}|${String(h.street)}`)).size, HOSPITALS.length);
  });
});

describe('hospital family', () => {
  const rows = generateObjects(SCHEMA, { count: 1000, seed: 'hospitals' });
  const byNpi = new Map(HOSPITALS.map((h) => [h.npi, h]));

  test('name, address, city, state, ZIP and NPI of a row are one hospital', () => {
    for (const row of rows) {
      const hospital = byNpi.get(row['Hospital NPI'] as string);
      assert.ok(hospital, `unknown NPI ${String(row['Hospital NPI'])}`);
      for (const [type, column] of Object.entries(TYPES)) assert.equal(row[type], hospital[column], type);
    }
    assert.ok(new Set(rows.map((r) => r['Hospital Name'])).size > 120);
  });

  test('every type names the hospital family and declares its characters', () => {
    for (const type of Object.keys(TYPES)) {
      assert.equal(findType(type)?.family, 'hospital', type);
      assertDeclared(
        type,
        rows.map((r) => String(r[type])),
      );
    }
  });
});
