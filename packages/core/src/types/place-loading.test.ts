/**
 * Compiling a schema with place fields reads only the small place files: the main thread of a
 * generation on workers compiles to validate, and must not hold the ~2.6 MB of tables the workers
 * load. The tables load on the first value, and the rows are the same either way.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isDataFileLoaded, readDataFile } from '../data/data-files.js';
import { generateObjects } from '../engine/sample.js';
import { isPlacePackRead } from '../places/place-pack.js';
import { placeTables } from '../places/place-tables.js';
import { compileSchema } from '../schema/compile.js';

const TABLES = ['places-us.json', 'places-world.json'];

const SCHEMA = [
  { name: 'id', type: 'Row Number' },
  { name: 'city', type: 'City' },
  { name: 'state', type: 'State' },
  { name: 'abbreviation', type: 'State (abbrev)' },
  { name: 'country', type: 'Country' },
  { name: 'zip', type: 'Postal Code' },
  { name: 'latitude', type: 'Latitude' },
  { name: 'zone', type: 'Time Zone' },
  { name: 'currency', type: 'Currency Code' },
  { name: 'language', type: 'Language' },
  { name: 'code', type: 'Language Code' },
];

describe('when the place tables load', () => {
  // One test, in order: the tables load once per process, so "not yet" can only be seen first.
  test('compiling does not load them; the first row does, and gives the rows a loaded process gives', () => {
    // The tables come from the build's pack (place-pack.ts), made from these files.
    assert.equal(isPlacePackRead(), false, 'the place pack was read before the test');
    for (const file of TABLES) assert.equal(isDataFileLoaded(file), false, `${file} was loaded before the test`);
    compileSchema(SCHEMA, {});
    compileSchema(
      [
        { name: 'here', type: 'City', countries: ['Germany'] },
        { name: 'country', type: 'Country', countries: ['DE', 'France'] },
      ],
      {},
    );
    assert.equal(isPlacePackRead(), false, 'compiling read the place pack');
    for (const file of TABLES) assert.equal(isDataFileLoaded(file), false, `compiling loaded ${file}`);

    const first = generateObjects(SCHEMA, { count: 500, seed: 'places' });
    assert.equal(isPlacePackRead(), true, 'the place pack was not read by generating');
    // Now compiled with the tables already loaded (as before the change): the same rows.
    assert.deepEqual(generateObjects(SCHEMA, { count: 500, seed: 'places' }), first);

    // And they are the tables' places: a US row's ZIP code is that town's, Language Code matches Language.
    const tables = placeTables();
    const { codes } = readDataFile<{ codes: Record<string, string> }>('language-codes.json');
    const usPlaces = new Map<string, string>();
    for (let place = 0; place < tables.usCount; place++) usPlaces.set(tables.zip[place], tables.city[place]);
    const cities = new Set(tables.city);
    for (const row of first) {
      assert.ok(cities.has(row.city as string), `${String(row.city)} is not a place`);
      if (row.country === 'United States') assert.equal(usPlaces.get(row.zip as string), row.city);
      assert.equal(row.code, row.language === null ? null : codes[row.language as string]);
    }
  });

  test("the small file lists exactly the characters of the tables' text columns", () => {
    const small = readDataFile<Record<string, string>>('places-characters.json');
    const tables = placeTables();
    const charactersOf = (values: readonly (string | null)[]) =>
      [...new Set(values.filter((v) => v !== null).join(''))].sort().join('');
    assert.equal(small.city, charactersOf(tables.city));
    assert.equal(small.state, charactersOf(tables.state));
    assert.equal(small.abbreviation, charactersOf(tables.stateAbbreviation));
    assert.equal(small.timeZone, charactersOf(tables.timeZone));
  });
});
