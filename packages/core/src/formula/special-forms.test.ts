import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parse as parseCsv } from 'csv-parse/sync';
import { generateObjects } from '../engine/sample.js';
import { generate } from '../engine/generate.js';
import { compileSchema } from '../schema/compile.js';
import { SchemaError } from '../schema/errors.js';
import { referencedDatasetNames } from '../schema/dataset-references.js';
import { naughtyStrings } from '../data/naughty-strings.js';
import { streamText } from '../testing/stream-text.js';
import { problemsOf } from '../testing/schema-problems.js';
import type { Datasets } from '../kernel/define-type.js';

const STORES: Datasets = {
  stores: {
    columns: ['id', 'region', 'city', 'manager'],
    rows: [
      ['1', 'north', 'Oslo', 'Ann'],
      ['2', 'north', 'Bergen', 'Bo'],
      ['3', 'south', 'Lisbon', 'Cy'],
      ['3', 'south', 'Porto', 'Dee'], // a second row with key 3: the first one wins
    ],
  },
};

function problemsWith(fields: unknown[], datasets: Datasets): string[] {
  try {
    compileSchema(fields, { datasets });
  } catch (error) {
    assert.ok(error instanceof SchemaError);
    return error.problems.map((p) => p.message);
  }
  assert.fail('expected the schema to be rejected');
}

describe('from_dataset', () => {
  test('joins on a key column through an index: the first matching row, nil when none matches', () => {
    const fields = [
      { name: 'store_id', type: 'Sequence', start: 1 },
      { name: 'city', type: 'Formula', value: "from_dataset('stores', 'city', id: store_id)" },
    ];
    const rows = generateObjects(fields, { count: 5, datasets: STORES });
    assert.deepEqual(
      rows.map((r) => r.city),
      ['Oslo', 'Bergen', 'Lisbon', null, null],
    );
  });

  test('several key columns join on all of them; keys compare as text', () => {
    const fields = [
      { name: 'n', type: 'Sequence', start: 2 },
      { name: 'region', type: 'Custom List', values: ['north'] },
      { name: 'manager', type: 'Formula', value: "from_dataset('stores', 'manager', id: n, region: region)" },
    ];
    assert.deepEqual(
      generateObjects(fields, { count: 2, datasets: STORES }).map((r) => r.manager),
      ['Bo', null],
    );
  });

  test('a large dataset joins correctly for every row', () => {
    const rows = Array.from({ length: 50_000 }, (_, i) => [`K${i}`, `value ${i * 7}`]);
    const datasets: Datasets = { big: { columns: ['key', 'value'], rows } };
    const fields = [
      { name: 'i', type: 'Row Number' },
      { name: 'v', type: 'Formula', value: "from_dataset('big', 'value', key: 'K' + (i * 13 % 50000).to_s)" },
    ];
    const out = generateObjects(fields, { count: 2_000, datasets });
    out.forEach((row, index) => assert.equal(row.v, `value ${(((index + 1) * 13) % 50_000) * 7}`));
  });

  test('unknown datasets and columns are errors naming them, with the position', () => {
    const field = (value: string) => [
      { name: 'id', type: 'Row Number' },
      { name: 'f', type: 'Formula', value },
    ];
    assert.match(
      problemsWith(field("from_dataset('storez', 'city', id: id)"), STORES)[0],
      /unknown dataset 'storez'; did you mean 'stores'\? at 1:14/,
    );
    assert.match(
      problemsWith(field("from_dataset('stores', 'town', id: id)"), STORES)[0],
      /dataset 'stores' has no column 'town' \(columns: id, region, city, manager\) at 1:24/,
    );
    assert.match(problemsWith(field("from_dataset('stores', 'city', code: id)"), STORES)[0], /has no column 'code'/);
    assert.match(problemsWith(field("from_dataset('stores', 'city')"), STORES)[0], /join as keyword arguments/);
    assert.match(problemsWith(field("from_dataset('stores', 'city', id: nope)"), STORES)[0], /unknown name 'nope'/);
  });

  test('the datasets a schema joins on are found without compiling it', () => {
    const fields = [
      {
        name: 'a',
        type: 'Formula',
        value: "from_dataset('stores', 'city', id: 1) + from_dataset(\"people\", 'x', k: 2)",
      },
      { name: 'b', type: 'Row Number', formula: "this if from_dataset('third', 'x', y: this)" },
      {
        name: 'c',
        type: 'Custom List',
        values: ['x'],
        selectionStyle: 'custom',
        distribution: [{ rule: "from_dataset('fourth', 'x', y: 1)", frequencies: { x: 1 } }],
      },
      { name: 'd', type: 'Dataset Column', dataset: 'fifth', column: 'x' },
      { name: 'e', type: 'Formula', value: 'from_dataset(' },
    ];
    assert.deepEqual(referencedDatasetNames(fields).sort(), ['fifth', 'fourth', 'people', 'stores', 'third']);
  });
});

describe("generate('Type', ...)", () => {
  test('any registered type, with literal keyword parameters', () => {
    const fields = [{ name: 'n', type: 'Formula', value: "generate('Number', min: 5, max: 9, decimals: 0) * 10" }];
    const values = generateObjects(fields, { count: 500, seed: 3 }).map((r) => r.n as number);
    for (const v of values) assert.ok(Number.isInteger(v) && v >= 50 && v <= 90 && v % 10 === 0, String(v));
    assert.equal(new Set(values).size, 5);
  });

  test("a family type reads the row's record, so it agrees with the row", () => {
    const fields = [
      { name: 'first', type: 'First Name' },
      { name: 'greeting', type: 'Formula', value: "'Hi ' + generate('First Name')" },
    ];
    for (const row of generateObjects(fields, { count: 50, seed: 4 })) assert.equal(row.greeting, `Hi ${row.first}`);
  });

  test('unknown types, unknown or invalid parameters and non-literal parameters are errors', () => {
    const field = (value: string) => [
      { name: 'id', type: 'Row Number' },
      { name: 'f', type: 'Formula', value },
    ];
    assert.match(
      problemsOf(field("generate('Numbr')"))[0].message,
      /generate\('Numbr'\): unknown type "Numbr"; did you mean "Number"\? at 1:1/,
    );
    assert.match(problemsOf(field("generate('Number', mni: 1)"))[0].message, /Number has no parameter 'mni'/);
    assert.match(problemsOf(field("generate('Number', min: 9, max: 1)"))[0].message, /generate\('Number'\): /);
    assert.match(problemsOf(field("generate('Number', min: id)"))[0].message, /parameter min: must be a literal/);
    assert.match(problemsOf(field("generate('JSON Array')"))[0].message, /cannot be generated inside a formula/);
  });
});

describe('document_db_object_id and naughty', () => {
  const fields = [
    { name: 'oid', type: 'Formula', value: 'document_db_object_id()' },
    { name: 'given', type: 'Formula', value: "document_db_object_id('5f1d7a3b9c4e2a0012345678')" },
    { name: 'meta', type: 'Formula', value: "{ source: 'rowloom', n: 2 }" },
  ];

  test('JSON output holds {"$oid": ...} objects; CSV and SQL hold their text', async () => {
    const json = JSON.parse(
      await streamText(generate({ fields, count: 3, seed: 1, writer: { format: 'json' } }).stream),
    ) as Record<string, { $oid: string }>[];
    for (const row of json) assert.match(row.oid.$oid, /^[0-9a-f]{24}$/);
    assert.equal(new Set(json.map((r) => r.oid.$oid)).size, 3);
    assert.deepEqual(json[0].given, { $oid: '5f1d7a3b9c4e2a0012345678' });
    assert.deepEqual(json[0].meta, { source: 'rowloom', n: 2 });
    const csv = parseCsv(await streamText(generate({ fields, count: 1, seed: 1, writer: { format: 'csv' } }).stream), {
      columns: true,
    }) as Record<string, string>[];
    assert.deepEqual(JSON.parse(csv[0].given), { $oid: '5f1d7a3b9c4e2a0012345678' });
    const sql = await streamText(
      generate({ fields: fields.slice(1, 2), count: 1, seed: 1, writer: { format: 'sql' } }).stream,
    );
    assert.match(sql, /values \('\{"\$oid":"5f1d7a3b9c4e2a0012345678"\}'\);/);
  });

  test('naughty(value, percent) swaps in a naughty string about percent of the time', () => {
    const list = new Set(naughtyStrings());
    const rows = generateObjects(
      [
        { name: 'v', type: 'Custom List', values: ['plain'] },
        { name: 'n', type: 'Formula', value: 'naughty(v, 30)' },
      ],
      { count: 10_000, seed: 2 },
    );
    const swapped = rows.filter((r) => r.n !== 'plain');
    for (const row of swapped) assert.ok(list.has(row.n as string));
    assert.ok(Math.abs(swapped.length / 10_000 - 0.3) < 0.03, `${swapped.length} of 10000`);
    const never = generateObjects([{ name: 'n', type: 'Formula', value: "naughty('x', 0)" }], { count: 200 });
    assert.ok(never.every((r) => r.n === 'x'));
  });
});
