/** `rowloom infer` end to end: infer a sample, generate from what it printed, read the rows back as CSV. */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';

const BIN = fileURLToPath(new URL('./main.js', import.meta.url));
const CUSTOMERS = fileURLToPath(new URL('../../test-fixtures/inference/customers.csv', import.meta.url));

function rowloom(args: string[], input?: string) {
  const result = spawnSync(process.execPath, [BIN, ...args], { input, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const typesOf = (schema: { fields: { name: string; type: string }[] }) =>
  Object.fromEntries(schema.fields.map((f) => [f.name, f.type]));

describe('rowloom infer', () => {
  let dir = '';
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'rowloom-infer-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('infer, then generate from its output: data that looks like the sample', () => {
    const inferred = rowloom(['infer', CUSTOMERS]);
    assert.equal(inferred.status, 0, inferred.stderr);
    assert.match(inferred.stderr, /inferred 21 fields from 200 rows/);
    assert.match(
      inferred.stderr,
      /email: Email Address \(name and values: all 200 values are emails; the name agrees\)/,
    );
    const schemaPath = join(dir, 's.json');
    writeFileSync(schemaPath, inferred.stdout);
    const generated = rowloom(['generate', schemaPath, '-n', '100', '-f', 'csv', '--seed', '9']);
    assert.equal(generated.status, 0, generated.stderr);
    const rows = parse(generated.stdout, { columns: true }) as Record<string, string>[];
    assert.equal(rows.length, 100);
    assert.deepEqual(Object.keys(rows[0]), Object.keys(typesOf(JSON.parse(inferred.stdout))));
    for (const row of rows) {
      assert.match(row.email, /^[^@\s]+@[^@\s]+\.[a-z]+$/);
      assert.match(row.customer_uuid, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      assert.match(row.created_at, /^20(23|24)-\d\d-\d\d \d\d:\d\d:\d\d$/);
      assert.match(row.birthday, /^\d\d\/\d\d\/(19[6-9]\d|200[01])$/);
      assert.ok(['active', 'pending', 'closed'].includes(row.status), row.status);
      assert.match(row.phone_number, /^\(\d{3}\) \d{3}-\d{4}$/);
      assert.match(row.sku, /^[A-Z]{3}-\d{5}$/);
      const price = Number(row.price);
      assert.ok(price >= 1.65 && price <= 497.47, row.price);
    }
    // What was generated infers to the same schema types, column for column.
    const generatedPath = join(dir, 'generated.csv');
    writeFileSync(generatedPath, generated.stdout);
    const again = rowloom(['infer', generatedPath, '--quiet']);
    assert.equal(again.status, 0, again.stderr);
    assert.equal(again.stderr, '');
    const before = typesOf(JSON.parse(inferred.stdout));
    const after = typesOf(JSON.parse(again.stdout));
    for (const column of [
      'id',
      'customer_uuid',
      'email',
      'ip_address',
      'zip',
      'price',
      'created_at',
      'birthday',
      'is_active',
      'status',
      'phone_number',
      'website',
      'mac',
      'sku',
    ])
      assert.equal(after[column], before[column], column);
  });

  test('a header from standard input', () => {
    const run = rowloom(['infer', '-'], 'id,first_name,last_name,email\n');
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(typesOf(JSON.parse(run.stdout)), {
      id: 'Row Number',
      first_name: 'First Name',
      last_name: 'Last Name',
      email: 'Email Address',
    });
    assert.match(run.stderr, /from the header alone of standard input/);
  });

  test('a missing file, an empty sample and a bad argument are usage errors (exit 2)', () => {
    const missing = rowloom(['infer', join(dir, 'nope.csv')]);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /nope\.csv: no such file/);
    const empty = join(dir, 'empty.csv');
    writeFileSync(empty, '\n');
    const blank = rowloom(['infer', empty]);
    assert.equal(blank.status, 2);
    assert.match(blank.stderr, /empty\.csv: the sample is empty/);
    assert.equal(rowloom(['infer']).status, 2);
    assert.match(rowloom(['infer', 'a.csv', '--bogus']).stderr, /bogus/);
  });
});
