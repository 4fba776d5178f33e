/**
 * `rowloom generate` on a schema written for Mockaroo: fixed-set parameters in any case, Custom
 * List numbers, the legacy Date type with a time of day, MongoDB ObjectID's extended JSON and a
 * currency for Curaçao, in JSON and CSV read by real parsers.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';

const BIN = fileURLToPath(new URL('./main.js', import.meta.url));

function rowloom(args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const COLUMNS = [
  { name: '_id', type: 'MongoDB ObjectID', null_percentage: 0, formula: null },
  {
    name: 'DayValue',
    type: 'Custom List',
    values: ['1', '2', '3', '4', '5', '6', '7'],
    selectionStyle: 'Sequential',
    null_percentage: 0,
    formula: null,
  },
  {
    name: 'code',
    type: 'Custom List',
    values: ['007', '12'],
    selectionStyle: 'SEQUENTIAL',
    null_percentage: 0,
    formula: null,
  },
  {
    name: 'visited',
    type: 'Date',
    min: '6/19/2002',
    max: '6/19/2002',
    format: '%F %T',
    null_percentage: 0,
    formula: null,
  },
  { name: 'day', type: 'Date', min: '6/19/2002', max: '6/19/2002', format: '%F', null_percentage: 0, formula: null },
  { name: 'country', type: 'Country', countries: ['CW'], null_percentage: 0, formula: null },
  { name: 'currency', type: 'Currency Code', null_percentage: 0, formula: null },
];

describe('rowloom generate: values and shapes as Mockaroo gives them', () => {
  let dir = '';
  let schema = '';
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'rowloom-values-'));
    schema = join(dir, 'export.json');
    writeFileSync(
      schema,
      JSON.stringify({ name: 'values', num_rows: 10, file_format: 'json', array: true, columns: COLUMNS }),
    );
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('json: numbers, {"$oid"}, a time of day, XCG', () => {
    const run = rowloom(['generate', schema, '--seed', '5', '--format', 'json']);
    assert.equal(run.status, 0, run.stderr);
    const rows = JSON.parse(run.stdout) as Record<string, unknown>[];
    assert.equal(rows.length, 10);
    rows.forEach((row, i) => {
      assert.equal(row.DayValue, (i % 7) + 1);
      assert.equal(row.code, i % 2 === 0 ? '007' : 12);
      assert.match((row._id as { $oid: string }).$oid, /^[0-9a-f]{24}$/);
      assert.match(String(row.visited), /^2002-06-19 \d{2}:\d{2}:\d{2}$/);
      assert.equal(row.day, '2002-06-19');
      assert.equal(row.currency, 'XCG');
    });
    assert.ok(
      rows.some((r) => !String(r.visited).endsWith('00:00:00')),
      'not all midnight',
    );
  });

  test('csv: the same values as text; the ObjectID as hex', () => {
    const json = JSON.parse(rowloom(['generate', schema, '--seed', '5', '--format', 'json']).stdout) as Record<
      string,
      unknown
    >[];
    const run = rowloom(['generate', schema, '--seed', '5', '--format', 'csv']);
    assert.equal(run.status, 0, run.stderr);
    const rows = parse(run.stdout, { columns: true }) as Record<string, string>[];
    assert.deepEqual(
      rows.map((r) => [r._id, r.DayValue, r.code, r.visited]),
      json.map((r) => [(r._id as { $oid: string }).$oid, String(r.DayValue), String(r.code), r.visited]),
    );
  });

  test('an enum value that matches nothing: exit 1, naming the field and parameter and the allowed values', () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(
      bad,
      JSON.stringify([{ name: 'kind', type: 'Custom List', values: ['a'], selectionStyle: 'Randomly' }]),
    );
    const run = rowloom(['generate', bad]);
    assert.equal(run.status, 1);
    assert.match(
      run.stderr,
      /field "kind", parameter "selectionStyle": "Randomly" is not allowed; use one of "random", "sequential", "cartesian", "custom"/,
    );
  });
});
