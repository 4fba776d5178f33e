import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readDataFile } from '../data/data-files.js';
import { cityNames, derivePlaceColumns, type UsTable, type WorldTable } from './place-columns.js';
import { decodePlacePack, encodePlacePack, readPlacePack } from './place-pack.js';
import { placeCountries } from './place-countries.js';
import { placeTables } from './place-tables.js';
import { aliasTable } from './weighted-sampler.js';

const fromJson = () =>
  derivePlaceColumns(
    readDataFile<UsTable>('places-us.json'),
    readDataFile<WorldTable>('places-world.json'),
    placeCountries(),
  );

describe('the built place tables (dist/tables/places.v8)', () => {
  test('hold exactly what the data files give today (run `npm run build` after changing them)', () => {
    const built = readPlacePack();
    const columns = fromJson();
    assert.deepEqual(built.columns, columns);
    assert.deepEqual(
      built.alias,
      aliasTable(
        Int32Array.from({ length: columns.count }, (_, i) => i),
        (place) => columns.weight[place],
      ),
    );
  });

  test("hold every place's town name as its own UTF-8, for City's byte form", () => {
    const { bytes, starts } = readPlacePack().cityBytes;
    const names = cityNames(fromJson());
    assert.equal(starts.length, names.length + 1);
    names.forEach((name, i) =>
      assert.ok(Buffer.from(bytes.subarray(starts[i], starts[i + 1])).equals(Buffer.from(name, 'utf8')), name),
    );
    assert.ok(
      names.some((name) => Buffer.byteLength(name) > name.length),
      'some names are beyond ASCII',
    );
  });

  test('a pack of another format is refused, not misread', () => {
    const bytes = encodePlacePack(readPlacePack());
    assert.doesNotThrow(() => decodePlacePack(bytes));
    const other = Buffer.from(bytes);
    // The format number is the first property: change it without touching the rest.
    const at = other.indexOf(Buffer.from('format'));
    assert.ok(at > 0);
    const tampered = Buffer.concat([other.subarray(0, at), Buffer.from('formax'), other.subarray(at + 6)]);
    assert.throws(() => decodePlacePack(tampered), /format undefined, not \d+: run `npm run build`/);
  });

  test('expand into per-place values as the data files say', () => {
    const tables = placeTables();
    const us = readDataFile<UsTable>('places-us.json');
    const world = readDataFile<WorldTable>('places-world.json');
    const usCount = us.columns.zip.length;
    assert.equal(tables.count, usCount + world.columns.city.length);
    for (const i of [0, 1, 777, usCount - 1]) {
      const [abbreviation, name] = us.states[us.columns.state[i]];
      assert.deepEqual(
        [
          tables.zip[i],
          tables.city[i],
          tables.state[i],
          tables.stateAbbreviation[i],
          tables.timeZone[i],
          tables.latitude[i],
          tables.longitude[i],
          placeCountries().code[tables.country[i]],
        ],
        [
          us.columns.zip[i],
          us.cities[us.columns.city[i]],
          name,
          abbreviation,
          us.timeZones[us.columns.timeZone[i]],
          us.columns.latitude[i],
          us.columns.longitude[i],
          'US',
        ],
      );
    }
    for (const j of [0, 5, 4321, world.columns.city.length - 1]) {
      const i = usCount + j;
      const region = world.columns.region[j];
      assert.deepEqual(
        [
          tables.city[i],
          tables.state[i],
          tables.stateAbbreviation[i],
          tables.timeZone[i],
          tables.latitude[i],
          tables.weight[i],
          placeCountries().code[tables.country[i]],
        ],
        [
          world.columns.city[j],
          region < 0 ? null : world.regions[region][0],
          region < 0 ? null : world.regions[region][1],
          world.timeZones[world.columns.timeZone[j]],
          world.columns.latitude[j],
          world.columns.weight[j],
          world.countries[world.columns.country[j]],
        ],
      );
    }
    const regionless = world.columns.region.indexOf(-1);
    if (regionless >= 0) assert.equal(tables.state[usCount + regionless], null);
    assert.equal(tables.placesOfCountry.length, placeCountries().code.length);
  });
});
