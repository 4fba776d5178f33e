/**
 * Idioms of the second round of real Mockaroo inputs (schema exports, client code, Mockaroo's own
 * formula help): each test asserts the values a Mockaroo user would expect.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parse as parseCsv } from 'csv-parse/sync';
import { generateObjects } from '../engine/sample.js';
import { generate } from '../engine/generate.js';
import { streamText } from '../testing/stream-text.js';

const formula = (name: string, value: string) => ({ name, type: 'Formula', value });

describe("mongo_object_id: Mockaroo's documented name", () => {
  test('gives what document_db_object_id gives: {"$oid": ...} in JSON, the id as text in CSV', async () => {
    const fields = [
      { name: 'id', type: 'Row Number' },
      formula('m', 'mongo_object_id(id)'),
      formula('d', 'document_db_object_id(id)'),
      formula('fresh', 'mongo_object_id()'),
    ];
    const rows = generateObjects(fields, { count: 3, seed: 5 });
    for (const row of rows) {
      assert.deepEqual(row.m, { $oid: String(row.id) });
      assert.deepEqual(row.m, row.d);
      assert.match((row.fresh as { $oid: string }).$oid, /^[0-9a-f]{24}$/);
    }
    const csv = parseCsv(await streamText(generate({ fields, count: 2, seed: 5, writer: { format: 'csv' } }).stream), {
      columns: true,
    }) as Record<string, string>[];
    assert.deepEqual(
      csv.map((r) => r.m),
      csv.map((r) => JSON.stringify({ $oid: r.id })),
    );
  });
});

describe('a formula reads a JSON Array field as a list of hashes', () => {
  const ARRAY = [
    { name: 'R', type: 'JSON Array', minItems: 1, maxItems: 4 },
    { name: 'R.n', type: 'Number', min: 1, max: 9, decimals: 0 },
    { name: 'R.price', type: 'Number', min: 1, max: 99, decimals: 2 },
    { name: 'R.address.city', type: 'City' },
  ];

  test("R.length, field('R').size and .count, R[0]['n'], R.last['price'], nested objects, before or after the array in the schema", () => {
    const fields = [
      formula('before', 'R.length'),
      ...ARRAY,
      formula('size', "field('R').size"),
      formula('count', "field('R').count"),
      formula('first_n', "R[0]['n']"),
      formula('last_price', "R.last['price']"),
      formula('city', "R.first['address']['city']"),
      formula('keys', 'R[0].length'),
    ];
    const rows = generateObjects(fields, { count: 30, seed: 9 });
    for (const row of rows) {
      const items = row.R as { n: number; price: number; address: { city: string } }[];
      assert.ok(items.length >= 1, JSON.stringify(row));
      assert.deepEqual([row.before, row.size, row.count], [items.length, items.length, items.length]);
      assert.equal(row.first_n, items[0]!.n);
      assert.equal(row.last_price, items.at(-1)!.price);
      assert.equal(row.city, items[0]!.address.city);
      assert.equal(row.keys, 3);
    }
  });

  test('the same values in every format (CSV shown): the array read, not nil', async () => {
    const fields = [...ARRAY, formula('c', "field('R').length")];
    const csv = parseCsv(await streamText(generate({ fields, count: 5, seed: 3, writer: { format: 'csv' } }).stream), {
      columns: true,
    }) as Record<string, string>[];
    const json = generateObjects(fields, { count: 5, seed: 3 });
    assert.deepEqual(
      csv.map((r) => r.c),
      json.map((r) => String((r.R as unknown[]).length)),
    );
  });
});

describe('values and shapes as Mockaroo gives them', () => {
  test('enum parameters in any case, as client libraries send them: "Random", "SEQUENTIAL"', () => {
    const rows = generateObjects(
      [
        { name: 'a', type: 'Custom List', values: ['x', 'y'], selectionStyle: 'SEQUENTIAL' },
        { name: 'b', type: 'Custom List', values: ['p'], selectionStyle: 'Random' },
      ],
      { count: 4, seed: 1 },
    );
    assert.deepEqual(
      rows.map((r) => r.a),
      ['x', 'y', 'x', 'y'],
    );
  });

  test('Custom List values written as plain numbers are numbers in JSON; "007", "+1", "9.90" and true stay text', () => {
    const rows = generateObjects(
      [
        {
          name: 'v',
          type: 'Custom List',
          values: ['5', '-2.5', '007', '+1', '9.90', 'true'],
          selectionStyle: 'sequential',
        },
      ],
      { count: 6, seed: 1 },
    );
    assert.deepEqual(
      rows.map((r) => r.v),
      [5, -2.5, '007', '+1', '9.90', 'true'],
    );
  });

  test('a Document-DB ObjectID field is {"$oid": ...} in JSON and the 24 hex digits in CSV', async () => {
    const fields = [{ name: 'id', type: 'Document-DB ObjectID' }];
    const json = generateObjects(fields, { count: 3, seed: 2 });
    const csv = parseCsv(await streamText(generate({ fields, count: 3, seed: 2, writer: { format: 'csv' } }).stream), {
      columns: true,
    }) as Record<string, string>[];
    assert.deepEqual(
      json.map((r) => (r.id as { $oid: string }).$oid),
      csv.map((r) => r.id),
    );
    for (const r of csv) assert.match(r.id!, /^[0-9a-f]{24}$/);
  });

  test('every country the generator gives has a currency and a currency code (Curaçao and Sint Maarten too)', () => {
    const rows = generateObjects(
      [
        { name: 'country', type: 'Country' },
        { name: 'code', type: 'Currency Code' },
        { name: 'currency', type: 'Currency' },
      ],
      { count: 5000, seed: 4 },
    );
    const countries = new Set<unknown>();
    for (const row of rows) {
      countries.add(row.country);
      assert.ok(typeof row.code === 'string' && row.code.length === 3, JSON.stringify(row));
      assert.ok(typeof row.currency === 'string' && row.currency.length > 0, JSON.stringify(row));
    }
    assert.ok(countries.size > 100, `${countries.size} countries seen`);
    // Every country with places in the tables, not only those 5,000 rows happened to reach.
    const table = JSON.parse(readFileSync(new URL('../../data/places-countries.json', import.meta.url), 'utf8')) as
      { rows?: unknown[][] } | unknown[][];
    const countryRows = (Array.isArray(table) ? table : (table.rows ?? [])) as [
      string,
      string,
      unknown,
      string | null,
      string | null,
      string | null,
      number,
    ][];
    const missing = countryRows.filter((r) => r[6] > 0 && (!r[3] || !r[4])).map((r) => r[1]);
    assert.deepEqual(missing, []);
    const byName = new Map(countryRows.map((r) => [r[1], r[3]]));
    assert.equal(byName.get('Curacao') ?? byName.get('Curaçao'), 'XCG');
    assert.equal(byName.get('Sint Maarten'), 'XCG');
  });
});
