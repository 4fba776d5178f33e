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
