import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { shopProject } from '../testing/shop-project.js';

const BIN = fileURLToPath(new URL('./main.js', import.meta.url));

function rowloom(args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('rowloom generate project.json --out DIR', () => {
  let dir = '';
  let project = '';
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'rowloom-project-cli-'));
    project = join(dir, 'shop.json');
    writeFileSync(project, JSON.stringify(shopProject()));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('writes one file per table in the chosen format, parents first, and says so', () => {
    const out = join(dir, 'sql');
    const result = rowloom(['generate', project, '--out', out, '--format', 'sql']);
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(readdirSync(out).sort(), [
      'customers.sql',
      'employees.sql',
      'order_lines.sql',
      'orders.sql',
      'products.sql',
    ]);
    const tables = [...result.stderr.matchAll(/rowloom: (\w+): [\d,]+ rows/g)].map((m) => m[1]);
    assert.deepEqual(tables, ['customers', 'products', 'orders', 'order_lines', 'employees']);
    assert.match(
      readFileSync(join(out, 'orders.sql'), 'utf8'),
      /^insert into orders \(id, customer_id, customer_email, placed_at, items\) values \(1, 1, '/,
    );
  });

  test('--seed reproduces a project, and a different seed changes it', () => {
    const files = (seed: string) => {
      const out = join(dir, `seed-${seed}-${Math.random()}`);
      assert.equal(
        rowloom(['generate', project, '--out', out, '--seed', seed, '--format', 'csv', '--quiet']).status,
        0,
      );
      return readFileSync(join(out, 'customers.csv'), 'utf8');
    };
    assert.equal(files('9'), files('9'));
    assert.notEqual(files('9'), files('10'));
  });

  test('mistakes are one clear line each, with the documented exit status', () => {
    const noOut = rowloom(['generate', project]);
    assert.equal(noOut.status, 2);
    assert.match(noOut.stderr, /a project makes one file per table: give the directory with --out DIR/);
    const count = rowloom(['generate', project, '--out', join(dir, 'x'), '--count', '5']);
    assert.equal(count.status, 2);
    assert.match(count.stderr, /tables give their own counts/);
    const broken = join(dir, 'broken.json');
    writeFileSync(
      broken,
      JSON.stringify({
        rowloom_project: 1,
        name: 'b',
        tables: [{ name: 'a', fields: [{ name: 'p', type: 'Reference', table: 'nope', column: 'id' }] }],
      }),
    );
    const invalid = rowloom(['generate', broken, '--out', join(dir, 'y')]);
    assert.equal(invalid.status, 1);
    assert.match(
      invalid.stderr,
      /rowloom: the project has 1 problem:\n {2}- tables\[0\] \(a\): field p.*|table a, field p: no table is named nope/,
    );
  });
});
