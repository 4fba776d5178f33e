/**
 * Idioms of the second round of real Mockaroo inputs (schema exports, client code, Mockaroo's own
 * formula help): each test asserts the values a Mockaroo user would expect.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parse as parseCsv } from 'csv-parse/sync';
import { generateObjects } from '../engine/sample.js';
import { generate } from '../engine/generate.js';
import { streamText } from '../testing/stream-text.js';

const formula = (name: string, value: string) => ({ name, type: 'Formula', value });

describe("mongo_object_id: Mockaroo's documented name", () => {
  test('gives what document_db_object_id gives: {"$oid": ...} in JSON, the id as text in CSV', async () => {
    const fields = [{ name: 'id', type: 'Row Number' }, formula('m', 'mongo_object_id(id)'), formula('d', 'document_db_object_id(id)'), formula('fresh', 'mongo_object_id()')];
    const rows = generateObjects(fields, { count: 3, seed: 5 });
    for (const row of rows) {
      assert.deepEqual(row.m, { $oid: String(row.id) });
      assert.deepEqual(row.m, row.d);
      assert.match((row.fresh as { $oid: string }).$oid, /^[0-9a-f]{24}$/);
    }
    const csv = parseCsv(await streamText(generate({ fields, count: 2, seed: 5, writer: { format: 'csv' } }).stream), { columns: true }) as Record<string, string>[];
    assert.deepEqual(csv.map((r) => r.m), csv.map((r) => JSON.stringify({ $oid: r.id })));
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
      formula('before', "R.length"),
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
    const csv = parseCsv(await streamText(generate({ fields, count: 5, seed: 3, writer: { format: 'csv' } }).stream), { columns: true }) as Record<string, string>[];
    const json = generateObjects(fields, { count: 5, seed: 3 });
    assert.deepEqual(csv.map((r) => r.c), json.map((r) => String((r.R as unknown[]).length)));
  });
});
