import assert from 'node:assert/strict';
import { createServer, type Socket } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { tableDdl, type ProjectTable, type TableText } from '@rowloom/core/relations/sql';
import { openSession } from '../open-session.js';
import { LoadError, loadProject } from './index.js';
import { verifyProject } from '../verify/index.js';
import {
  looseTables,
  SAMPLE_DEFERRED,
  SAMPLE_TABLES,
  sampleTables,
  TRICKY_NOTES,
} from '../../testing/loads/sample-project.js';
import { TEST_DATABASES, type Scratch } from '../../testing/loads/scratch.js';

async function counts(url: string): Promise<Record<string, number>> {
  const session = await openSession(url);
  try {
    const result: Record<string, number> = {};
    for (const t of SAMPLE_TABLES)
      result[t.name] = Number((await session.rows(`select count(*) as n from ${t.name}`))[0].n);
    return result;
  } finally {
    await session.close();
  }
}

const PART_COUNTS = Object.fromEntries(sampleTables().map((t) => [t.table.name, t.rowCount]));
const doubled = (k: number) => Object.fromEntries(Object.entries(PART_COUNTS).map(([n, c]) => [n, c * k]));

for (const database of TEST_DATABASES) {
  describe(`loadProject and verifyProject on ${database.name}`, { skip: await database.skip() }, () => {
    let db: Scratch;
    before(async () => {
      db = await database.scratch();
    });
    after(async () => db?.drop());

    test('create + truncate load, again (replaced), then append: counts, exact text, deferred cycle, verify passes', async () => {
      const progress: string[] = [];
      const options = {
        create: true,
        deferred: SAMPLE_DEFERRED,
        onProgress: (t: string, n: number) => progress.push(`${t}:${n}`),
      };
      const first = await loadProject(db.url, sampleTables(), { mode: 'truncate', ...options });
      assert.ok(first.tables.every((t) => t.created));
      assert.ok(progress.includes('customers:3') && progress.includes('customers:7'), progress.join(' '));
      await loadProject(db.url, sampleTables(), { mode: 'truncate', ...options });
      assert.deepEqual(await counts(db.url), PART_COUNTS);
      const appended = await loadProject(db.url, sampleTables(1), { mode: 'append', ...options });
      assert.ok(appended.tables.every((t) => !t.created));
      assert.deepEqual(await counts(db.url), doubled(2));

      const session = await openSession(db.url);
      try {
        const notes = await session.rows('select note from customers where id < 1000 order by id');
        assert.deepEqual(
          notes.map((r) => r.note),
          TRICKY_NOTES,
        );
        const heads = await session.rows('select head_id from departments order by id');
        assert.deepEqual(
          heads.map((r) => Number(r.head_id)),
          [2, 3, 1002, 1003],
        );
        const active = await session.rows("select active from products where sku = 'sku-20'");
        assert.equal(Number(active[0].active), 0);
      } finally {
        await session.close();
      }
      const report = await verifyProject(db.url, SAMPLE_TABLES);
      assert.equal(report.ok, true, report.summary);
      assert.ok(report.checks >= 20, `${report.checks} checks`);
    });

    test('a failing load names the table and batch, with the database message, and keeps nothing', async () => {
      const before = await counts(db.url);
      // Part 1 again: its first customer's key is already there.
      const error = await loadProject(db.url, sampleTables(1), { mode: 'append', deferred: SAMPLE_DEFERRED }).then(
        () => null,
        (e: unknown) => e,
      );
      assert.ok(error instanceof LoadError, String(error));
      assert.equal(error.table, 'customers');
      assert.equal(error.batch, 1);
      assert.match(
        error.message,
        /loading table customers failed, batch(es)? 1.* \(rows? 1.*\): .*(duplicate|UNIQUE).*; the load was rolled back$/i,
      );
      assert.deepEqual(await counts(db.url), before);
    });

    test('a failure deep in a big table names its batch and rows; an aborted load keeps nothing', async () => {
      const wide: ProjectTable = {
        name: 'wide',
        fields: [{ name: 'id' }, { name: 'body' }],
        primary_key: ['id'],
        columns: { id: { sql_type: 'integer' } },
      };
      const rows = (duplicateAt: number | null) =>
        Array.from({ length: 3000 }, (_, i) => [
          String(i === duplicateAt ? 1 : i + 1),
          `${i} ${"it's \\ 🎉 ".repeat(20)}`,
        ]);
      const text = (r: (string | null)[][]): TableText => ({
        table: wide,
        columns: ['id', 'body'],
        rowCount: r.length,
        async *batches() {
          for (let i = 0; i < r.length; i += 100) yield r.slice(i, i + 100);
        },
      });
      await loadProject(db.url, [text(rows(null))], { mode: 'truncate', create: true });
      const error = await loadProject(db.url, [text(rows(1499))], { mode: 'truncate' }).then(
        () => null,
        (e: unknown) => e,
      );
      assert.ok(error instanceof LoadError, String(error));
      assert.equal(error.table, 'wide');
      // Row 1500 is in batch 15; MySQL names the INSERT it was in (rows 1001-1500, batches 11-15).
      if (database.name === 'mysql')
        assert.deepEqual(
          [error.batches, error.rows],
          [
            [11, 15],
            [1001, 1500],
          ],
        );
      else
        assert.deepEqual(
          [error.batches, error.rows],
          [
            [15, 15],
            [1500, 1500],
          ],
        );
      const controller = new AbortController();
      const aborted = loadProject(db.url, [text(rows(null))], {
        mode: 'truncate',
        signal: controller.signal,
        onProgress: (_t, n) => n >= 1000 && controller.abort(),
      });
      await assert.rejects(aborted, /abort/i);
      const session = await openSession(db.url);
      try {
        assert.equal(Number((await session.rows('select count(*) as n from wide'))[0].n), 3000);
      } finally {
        await session.close();
      }
    });

    test('create: an omitted integer key becomes an identity column the database fills', async () => {
      const notes: ProjectTable = { name: 'notes', fields: [{ name: 'body' }], primary_key: ['id'], omitted: ['id'] };
      const rows = [['first'], ['second'], [null]];
      const text: TableText = {
        table: notes,
        columns: ['body'],
        rowCount: 3,
        async *batches() {
          yield rows;
        },
      };
      await loadProject(db.url, [text], { mode: 'append', create: true });
      await loadProject(db.url, [text], { mode: 'append' });
      const session = await openSession(db.url);
      try {
        const ids = await session.rows('select id from notes order by id');
        assert.deepEqual(
          ids.map((r) => Number(r.id)),
          [1, 2, 3, 4, 5, 6],
        );
      } finally {
        await session.close();
      }
      assert.equal((await verifyProject(db.url, [notes])).ok, true);
    });

    test('verify reports an orphan, a composite orphan, a duplicate, a value outside its CHECK list, a NULL and a long value', async () => {
      const loose = await database.scratch();
      try {
        const session = await openSession(loose.url, { create: true });
        const tables = looseTables();
        try {
          for (const t of tables)
            await session.run(
              tableDdl(
                session.dialect,
                t,
                tables.map((x) => x.table),
              ).create,
            );
        } finally {
          await session.close();
        }
        await loadProject(loose.url, sampleTables(), { mode: 'append', deferred: SAMPLE_DEFERRED });
        assert.equal((await verifyProject(loose.url, SAMPLE_TABLES)).ok, true);
        const bad = await openSession(loose.url);
        try {
          await bad.run("insert into orders (id, customer_id, placed) values (900, 4242, '2024-01-01')");
          // Each value exists in warehouses, the pair does not.
          await bad.run(
            "insert into products (sku, price, active, wh_region, wh_code) values ('sku-x', 1, 1 = 1, 'us0', 'B')",
          );
          await bad.run("insert into customers (id, email, status) values (901, 'c1.0@example.com', 'bogus')");
          await bad.run(`insert into customers (id, email, status) values (902, '${'x'.repeat(120)}', 'active')`);
          await bad.run('insert into order_items (order_id, sku, quantity) values (1, null, null)');
        } finally {
          await bad.close();
        }
        const report = await verifyProject(loose.url, SAMPLE_TABLES);
        assert.equal(report.ok, false);
        const found = report.failed.map((f) => `${f.table}.${f.check}(${f.columns.join(',')})=${f.violations}`).sort();
        assert.deepEqual(found, [
          'customers.check(status)=1',
          'customers.max_length(email)=1',
          'customers.unique(email)=1',
          'order_items.not_null(quantity)=1',
          'order_items.not_null(sku)=1',
          'orders.orphans(customer_id)=1',
          'products.orphans(wh_region,wh_code)=1',
        ]);
        const orphan = report.failed.find((f) => f.check === 'orphans' && f.table === 'orders');
        assert.deepEqual(orphan?.parent, { table: 'customers', columns: ['id'] });
        assert.equal(Number(orphan?.example?.customer_id), 4242);
        const duplicate = report.failed.find((f) => f.check === 'unique');
        assert.equal(duplicate?.example?.email, 'c1.0@example.com');
        assert.match(report.summary, /^7 of \d+ checks failed:\n/);
      } finally {
        await loose.drop();
      }
    });
  });
}

describe('loadProject: URLs and unreachable databases', () => {
  const tables = sampleTables();
  test('a URL of no known kind is refused, naming the forms', async () => {
    await assert.rejects(
      loadProject('oracle://x@y/z', tables, { mode: 'append' }),
      /not one Rowloom can load into: use postgres:\/\//,
    );
    await assert.rejects(
      loadProject('mysql://u:secret@h/db', tables, { mode: 'sideways' as 'append' }),
      /load mode must be/,
    );
  });

  test('nothing listening: a clear error within a few seconds, password hidden', async () => {
    const started = Date.now();
    await assert.rejects(loadProject('postgres://u:secret@127.0.0.1:1/x', tables, { mode: 'append' }), (e: Error) => {
      assert.match(e.message, /cannot connect to PostgreSQL at postgres:\/\/u:\*\*\*@127\.0\.0\.1:1\/x/);
      assert.doesNotMatch(e.message, /secret/);
      return true;
    });
    await assert.rejects(
      loadProject('mariadb://root@127.0.0.1:1/x', tables, { mode: 'append' }),
      /cannot connect to MySQL\/MariaDB/,
    );
    await assert.rejects(
      loadProject('/nonexistent/dir/x.db', tables, { mode: 'append' }),
      /SQLite database \/nonexistent\/dir\/x\.db does not exist/,
    );
    assert.ok(Date.now() - started < 10_000);
  });

  test('a server that accepts but never answers: an error after the 5 s connect timeout, not a hang', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const started = Date.now();
    try {
      await Promise.all([
        assert.rejects(
          loadProject(`postgres://u@127.0.0.1:${port}/x`, tables, { mode: 'append' }),
          /cannot connect to PostgreSQL.*\(no answer within 5 s\)/,
        ),
        assert.rejects(
          loadProject(`mysql://u@127.0.0.1:${port}/x`, tables, { mode: 'append' }),
          /cannot connect to MySQL\/MariaDB.*\(no answer within 5 s\)/,
        ),
      ]);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
    assert.ok(Date.now() - started < 9_000, `${Date.now() - started} ms`);
  });
});
