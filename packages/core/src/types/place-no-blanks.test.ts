import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateObjects } from '../engine/sample.js';
import { placeTypes } from './place-types.js';

const PLACE_TYPE_NAMES = placeTypes.map((type) => type.name);

describe('place fields are never blank unless asked to be', () => {
  test('10,000 rows of every place type: no nulls or empty values', () => {
    assert.ok(PLACE_TYPE_NAMES.includes('State (abbrev)') && PLACE_TYPE_NAMES.includes('Postal Code'));
    const fields = PLACE_TYPE_NAMES.map((type) => ({ name: type, type }));
    const rows = generateObjects(fields, { count: 10_000, seed: 'no blanks' });
    for (const type of PLACE_TYPE_NAMES) {
      const blank = rows.filter((row) => row[type] === null || row[type] === '');
      assert.equal(blank.length, 0, `${type} is blank in ${blank.length} rows, e.g. ${JSON.stringify(blank[0])}`);
    }
  });

  test('every state abbreviation is a short code, and each region has one abbreviation', () => {
    const rows = generateObjects(
      [
        { name: 'country', type: 'Country Code' },
        { name: 'state', type: 'State' },
        { name: 'abbrev', type: 'State (abbrev)' },
      ],
      { count: 10_000, seed: 'codes' },
    );
    const byRegion = new Map<string, unknown>();
    for (const row of rows) {
      assert.match(String(row.abbrev), /^[A-Z]{2}-[A-Z0-9]{1,8}$|^[A-Z]{1,3}$/);
      const key = `${String(row.country)}/${String(row.state)}`;
      if (byRegion.has(key)) assert.equal(row.abbrev, byRegion.get(key), key);
      byRegion.set(key, row.abbrev);
    }
  });

  test('State (abbrev) without onlyUSPlaces is a region code outside the US too', () => {
    const rows = generateObjects(
      [
        { name: 'country', type: 'Country', countries: ['Germany'] },
        { name: 'abbrev', type: 'State (abbrev)' },
      ],
      { count: 200, seed: 1 },
    );
    for (const row of rows) assert.match(String(row.abbrev), /^DE-\d{2}$/);
  });

  test('a schema restricted to countries without postal codes still compiles; its Postal Code is then blank', () => {
    const rows = generateObjects(
      [
        { name: 'country', type: 'Country', countries: ['AE'] },
        { name: 'zip', type: 'Postal Code' },
      ],
      { count: 20, seed: 1 },
    );
    for (const row of rows) {
      assert.equal(row.country, 'United Arab Emirates');
      assert.equal(row.zip, null);
    }
  });
});
