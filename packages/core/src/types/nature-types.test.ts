import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { generateObjects } from '../engine/sample.js';
import type { AnimalRecord, PlantRecord } from './nature-types.js';

const readData = <T>(file: string): T =>
  JSON.parse(readFileSync(new URL(`../../data/${file}`, import.meta.url), 'utf8')) as T;

const COUNT = 1000;
const key = (...parts: string[]) => JSON.stringify(parts);

describe('animal family', () => {
  const SCHEMA = [
    { name: 'scientific', type: 'Animal Scientific Name' },
    { name: 'common', type: 'Animal Common Name' },
  ];
  const rows = generateObjects(SCHEMA, { count: COUNT, seed: 'animals' }) as unknown as AnimalRecord[];

  test('common and scientific name of a row come from one record of animals.json', () => {
    const records = new Set(readData<AnimalRecord[]>('animals.json').map((a) => key(a.common, a.scientific)));
    for (const row of rows) assert.ok(records.has(key(row.common, row.scientific)), JSON.stringify(row));
  });

  test('scientific names are binomials (or trinomials): Genus species', () => {
    for (const row of rows) assert.match(row.scientific, /^[A-Z][a-z]+( [a-z]+(-[a-z]+)?){1,2}$/, row.scientific);
  });

  test('values vary; the same seed gives the same rows', () => {
    assert.ok(new Set(rows.map((r) => r.common)).size > 500);
    assert.deepEqual(generateObjects(SCHEMA, { count: COUNT, seed: 'animals' }), rows);
    assert.notDeepEqual(generateObjects(SCHEMA, { count: COUNT, seed: 'other' }), rows);
  });
});

describe('plant family', () => {
  const SCHEMA = [
    { name: 'family', type: 'Plant Family' },
    { name: 'common', type: 'Plant Common Name' },
    { name: 'scientific', type: 'Plant Scientific Name' },
  ];

  test('common name, scientific name and family of a row come from one record of plants.json', () => {
    const records = new Set(readData<PlantRecord[]>('plants.json').map((p) => key(p.scientific, p.common, p.family)));
    const rows = generateObjects(SCHEMA, { count: COUNT, seed: 'plants' }) as unknown as PlantRecord[];
    for (const row of rows) assert.ok(records.has(key(row.scientific, row.common, row.family)), JSON.stringify(row));
    // Botanical families end in -aceae (a few conserved names such as Compositae are allowed).
    for (const row of rows) assert.match(row.family, /^[A-Z][a-z]+(aceae|ae)$/, row.family);
    assert.ok(new Set(rows.map((r) => r.scientific)).size > 500, 'names vary');
    assert.ok(new Set(rows.map((r) => r.family)).size > 20, 'families vary');
  });

  test('reproducible for a seed', () => {
    const rows = generateObjects(SCHEMA, { count: 100, seed: 5 });
    assert.deepEqual(generateObjects(SCHEMA, { count: 100, seed: 5 }), rows);
    assert.notDeepEqual(generateObjects(SCHEMA, { count: 100, seed: 6 }), rows);
  });

  test('animal and plant families are independent of each other', () => {
    const rows = generateObjects(
      [
        { name: 'a', type: 'Animal Common Name' },
        { name: 'p', type: 'Plant Scientific Name' },
      ],
      { count: 500, seed: 9 },
    );
    const pairs = new Set(rows.map((r) => `${r.a}|${r.p}`));
    const animals = new Set(rows.map((r) => r.a));
    assert.ok(pairs.size > animals.size, 'an animal does not fix the plant');
  });
});
