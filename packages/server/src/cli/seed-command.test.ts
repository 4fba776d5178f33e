/** `rowloom seed` run as a user runs it: a project file or a server's project into each real database, then verify; a script; mistakes. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { shopProject } from '@rowloom/core/testing/shop-project';
import { TEST_DATABASES } from '../testing/loads/scratch.js';
import { openSession } from '../databases/open-session.js';
import { serverForSuite } from '../testing/server-fixture.js';

const BIN = fileURLToPath(new URL('../../bin/rowloom.js', import.meta.url));

function rowloom(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const dir = mkdtempSync(join(tmpdir(), 'rowloom-seed-'));
const projectFile = join(dir, 'shop.json');
writeFileSync(projectFile, JSON.stringify(shopProject(3)));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

for (const database of TEST_DATABASES) {
  describe(`rowloom seed into ${database.name}`, { skip: await database.skip() }, () => {
    test('creates the tables, loads every row with matching references, verifies, and loads again with --truncate', async () => {
      const scratch = await database.scratch();
      try {
        const first = await rowloom(['seed', projectFile, '--db', scratch.url, '--create']);
        assert.equal(first.status, 0, first.stderr);
        assert.match(first.stderr, /verify: all \d+ checks passed/);
        const again = await rowloom(['seed', projectFile, '--db', scratch.url, '--truncate']);
        assert.equal(again.status, 0, again.stderr);
        const session = await openSession(scratch.url);
        try {
          const orphans = await session.rows(
            'select count(*) as n from orders o where not exists (select 1 from customers c where c.id = o.customer_id)',
          );
          assert.equal(Number(orphans[0].n), 0);
          const customers = await session.rows('select count(*) as n from customers');
          assert.equal(Number(customers[0].n), 120, 'truncated, then loaded once');
          const totals = await session.rows(
            'select count(*) as n from orders o where cast(o.items as decimal) <> (select sum(cast(quantity as decimal)) from order_lines l where l.order_id = o.id)',
          );
          assert.equal(Number(totals[0].n), 0, "every order's items is the sum of its lines");
        } finally {
          await session.close();
        }
        const appended = await rowloom(['seed', projectFile, '--db', scratch.url]);
        assert.equal(appended.status, 3, 'appending the same keys again is refused by the database');
        assert.match(appended.stderr, /rolled back/);
      } finally {
        await scratch.drop();
      }
    });
  });
}

describe('rowloom seed: scripts, a server project, mistakes', () => {
  const suite = serverForSuite('sqlite');

  test('--script sqlite writes a script that creates and fills the tables', async () => {
    const result = await rowloom(['seed', projectFile, '--script', 'sqlite', '--create']);
    assert.equal(result.status, 0, result.stderr);
    const db = new Database(':memory:');
    db.exec(result.stdout);
    assert.equal((db.prepare('select count(*) as n from order_lines').get() as { n: number }).n > 0, true);
    db.close();
  });

  test('loads the project a server holds, by its model address', async () => {
    const put = await fetch(`${suite.server.url}/api/projects/shop/model?key=${suite.key}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(shopProject()),
    });
    assert.equal(put.status, 200);
    const file = join(dir, 'from-server.db');
    const result = await rowloom([
      'seed',
      `${suite.server.url}/api/projects/shop/model?key=${suite.key}`,
      '--db',
      file,
      '--create',
    ]);
    assert.equal(result.status, 0, result.stderr);
    const db = new Database(file);
    assert.equal((db.prepare('select count(*) as n from customers').get() as { n: number }).n, 40);
    db.close();
    const wrongKey = await rowloom(['seed', `${suite.server.url}/api/projects/shop/model?key=nope`, '--db', file]);
    assert.equal(wrongKey.status, 2);
    assert.match(wrongKey.stderr, /answered 401/);
    assert.doesNotMatch(wrongKey.stderr, /key=nope/, 'the key is not printed');
  });

  test('mistakes: one clear line and the documented exit status', async () => {
    const neither = await rowloom(['seed', projectFile]);
    assert.equal(neither.status, 2);
    assert.match(neither.stderr, /give either --db URL or --script DIALECT/);
    const dialect = await rowloom(['seed', projectFile, '--script', 'oracle']);
    assert.equal(dialect.status, 2);
    assert.match(dialect.stderr, /--script must be one of postgres, mysql, sqlite, sqlserver/);
    const broken = join(dir, 'broken.json');
    writeFileSync(
      broken,
      JSON.stringify({
        rowloom_project: 1,
        name: 'b',
        tables: [{ name: 'a', fields: [{ name: 'p', type: 'Reference', table: 'nope', column: 'id' }] }],
      }),
    );
    const invalid = await rowloom(['seed', broken, '--db', join(dir, 'x.db')]);
    assert.equal(invalid.status, 1);
    assert.match(invalid.stderr, /no table is named nope/);
    const started = Date.now();
    const unreachable = await rowloom(['seed', projectFile, '--db', 'postgres://postgres@127.0.0.1:1/test']);
    assert.equal(unreachable.status, 3);
    assert.ok(Date.now() - started < 15_000, 'fails fast');
  });
});
