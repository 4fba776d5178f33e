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

describe('rowloom command line: schema exports', () => {
  let dir = '';
  let exported = '';
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'rowloom-shapes-'));
    exported = join(dir, 'users.json');
    writeFileSync(
      exported,
      JSON.stringify({
        id: 1,
        name: 'users',
        num_rows: 4,
        file_format: 'csv',
        include_header: false,
        array: false,
        columns: [
          { name: 'id', null_percentage: 0, type: 'Row Number', formula: null },
          { name: 'nick', null_percentage: 100, type: 'First Name', formula: '' },
        ],
      }),
    );
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('an export gives the count, the format and the header setting; null_percentage counts', () => {
    const run = rowloom(['generate', exported, '--seed', '1']);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(parse(run.stdout), [
      ['1', ''],
      ['2', ''],
      ['3', ''],
      ['4', ''],
    ]);
  });

  test("options on the command line win over the export's", () => {
    const run = rowloom(['generate', exported, '--seed', '1', '--format', 'json', '-n', '2']);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout), [
      { id: 1, nick: null },
      { id: 2, nick: null },
    ]);
  });

  test('a bad num_rows is a usage error naming it', () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ num_rows: -1, columns: [{ name: 'id', type: 'Row Number' }] }));
    const run = rowloom(['generate', bad]);
    assert.equal(run.status, 2);
    assert.match(run.stderr, /num_rows/);
  });
});

describe('rowloom command line: --dataset', () => {
  let dir = '';
  let schema = '';
  let stores = '';
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'rowloom-datasets-'));
    stores = join(dir, 'stores.csv');
    writeFileSync(stores, 'id, city \n1,Lisbon\n2,"Oslo, Norway"\n');
    writeFileSync(join(dir, 'colors.txt'), 'color\nteal\namber\n');
    schema = join(dir, 'schema.json');
    writeFileSync(
      schema,
      JSON.stringify([
        { name: 'store', type: 'Dataset Column', dataset: 'stores', column: 'id', selectionStyle: 'sequential' },
        { name: 'city', type: 'Formula', value: "from_dataset('stores', 'city', id: store)" },
        { name: 'color', type: 'Dataset Column', dataset: 'colors', column: null, selectionStyle: 'sequential' },
      ]),
    );
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('Dataset Column and from_dataset read the files, parsed as uploads are (header names trimmed)', () => {
    const run = rowloom([
      'generate',
      schema,
      '-n',
      '3',
      '-f',
      'csv',
      '--seed',
      '1',
      '--dataset',
      `stores=${stores}`,
      '--dataset',
      `colors=${join(dir, 'colors.txt')}`,
    ]);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(parse(run.stdout, { columns: true }), [
      { store: '1', city: 'Lisbon', color: 'teal' },
      { store: '2', city: 'Oslo, Norway', color: 'amber' },
      { store: '1', city: 'Lisbon', color: 'teal' },
    ]);
  });

  test('a missing dataset is a schema error listing the datasets given', () => {
    const run = rowloom(['generate', schema, '--dataset', `stores=${stores}`]);
    assert.equal(run.status, 1);
    assert.match(run.stderr, /no dataset named "colors"/);
    assert.match(run.stderr, /"stores"/);
  });

  test('bad --dataset options and files are usage errors that say which and why', () => {
    const ragged = join(dir, 'ragged.csv');
    writeFileSync(ragged, 'a,b\n1,2\n3\n');
    const cases: [string[], RegExp][] = [
      [['--dataset', 'stores'], /NAME=FILE/],
      [['--dataset', `stores=${stores}`, '--dataset', `stores=${stores}`], /given twice/],
      [['--dataset', `stores=${join(dir, 'none.csv')}`], /stores=.*none\.csv: no such file/],
      [['--dataset', `stores=${ragged}`], /stores=.*ragged\.csv: line 3 has 1 value but the header row has 2 columns/],
    ];
    for (const [options, message] of cases) {
      const run = rowloom(['generate', schema, ...options]);
      assert.equal(run.status, 2, run.stderr);
      assert.match(run.stderr, message);
    }
  });
});
