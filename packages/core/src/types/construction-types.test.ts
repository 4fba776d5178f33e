import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { assertDeclared, typeValues } from '../testing/type-values.js';
import { testReproducibility } from '../testing/type-reproducibility.js';

const DATA = JSON.parse(readFileSync(new URL('../../data/construction.json', import.meta.url), 'utf8')) as Record<
  string,
  unknown[]
>;

const TYPES = [
  'Construction Heavy Equipment',
  'Construction Material',
  'Construction Role',
  'Construction Standard Cost Code',
  'Construction Subcontract Category',
  'Construction Trade',
];

describe('Construction types', () => {
  test('the lists have no duplicates (cost codes by section number)', () => {
    for (const [name, list] of Object.entries(DATA)) {
      if (!Array.isArray(list)) continue;
      const keys = list.map((item) => (Array.isArray(item) ? item[0] : item));
      assert.equal(new Set(keys).size, keys.length, `${name} has duplicates`);
    }
  });

  test('cost codes are MasterFormat section numbers with titles, "NN NN 00 - Title", from divisions 01 to 49', () => {
    const all = typeValues('Construction Standard Cost Code', {}, 2000);
    for (const value of all) {
      const match = /^(\d\d) \d\d 00 - [A-Z][A-Za-z ,-]+$/.exec(value);
      assert.ok(match, value);
      assert.ok(Number(match[1]) >= 1 && Number(match[1]) <= 49, value);
    }
    assert.equal(new Set(all).size, DATA.costCodes.length);
  });

  test('every type gives every entry of its list, within its declared characters', () => {
    for (const type of TYPES) {
      const all = typeValues(type, {}, 3000);
      assert.ok(
        all.every((v) => typeof v === 'string' && v.length > 0),
        type,
      );
      assert.ok(new Set(all).size >= 20, `${type}: ${new Set(all).size} distinct`);
      assertDeclared(type, all);
    }
  });

  testReproducibility(TYPES);
});
