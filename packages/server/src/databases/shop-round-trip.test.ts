/**
 * A team's real schema, the whole way round: the ten-table shop (composite keys, a composite
 * foreign key, a self-reference, a join table, CHECK lists, identity and serial keys) created
 * in the live PostgreSQL and MariaDB, imported from there, seeded into the same database, and
 * checked with SQL this test writes itself. Its UNIQUE columns of names (regions.name, tags.label,
 * customers.email) stay apart by the row numbers the import adds.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { planProject, tableTexts } from '@rowloom/core';
import { deferredColumns } from '@rowloom/core/relations/sql';
import mysql from 'mysql2/promise';
import { introspect } from './import/index.js';
import { fixture } from './import/import-testing.js';
import { loadProject } from './load/index.js';
import { openSession } from './open-session.js';
import type { DatabaseSession } from './session.js';
import { verifyProject } from './verify/index.js';
import { TEST_DATABASES } from '../testing/loads/scratch.js';

/** The fixture's tables in the scratch database (PostgreSQL's "sales" tables too). */
function fixtureDdl(database: string): string {
  if (database === 'mysql') return fixture('shop-mysql.sql');
  return fixture('shop-postgres.sql')
    .replace(/sales\./g, '')
    .replace(/^CREATE SCHEMA.*$/m, '');
}

/** The fixture's statements, run as its team would: MariaDB's through a connection that takes several at once. */
async function createFixture(database: string, url: string): Promise<void> {
  if (database === 'mysql') {
    const connection = await mysql.createConnection({
      uri: url.replace(/^mariadb:/, 'mysql:'),
      multipleStatements: true,
    });
    try {
      await connection.query(fixtureDdl(database));
    } finally {
      await connection.end();
    }
    return;
  }
  const session = await openSession(url);
  try {
    await session.run(fixtureDdl(database));
  } finally {
    await session.close();
  }
}

async function count(session: DatabaseSession, sql: string): Promise<number> {
  return Number((await session.rows(sql))[0].n);
}

/** Rows breaking what the shop's keys and lists promise, each counted by a query of our own. */
const INTEGRITY: Record<string, string> = {
  'order items without their order':
    'select count(*) as n from order_items i where not exists (select 1 from orders o where o.id = i.order_id)',
  'orders shipped to an address that does not exist':
    'select count(*) as n from orders o where o.ship_customer_id is not null and not exists (select 1 from addresses a where a.customer_id = o.ship_customer_id and a.address_no = o.ship_address_no)',
  'employees whose manager does not exist':
    'select count(*) as n from employees e where e.manager_id is not null and not exists (select 1 from employees m where m.id = e.manager_id)',
  'a product tagged twice with one tag':
    'select count(*) as n from (select product_id, tag_id from product_tags group by product_id, tag_id having count(*) > 1) d',
  'an order line number repeated':
    'select count(*) as n from (select order_id, line_no from order_items group by order_id, line_no having count(*) > 1) d',
  'a status outside its list':
    "select count(*) as n from orders where status not in ('new', 'paid', 'shipped', 'cancelled')",
};

for (const database of TEST_DATABASES.filter((d) => d.name !== 'sqlite')) {
  describe(`the shop imported from a live ${database.name}, seeded, checked`, { skip: await database.skip() }, () => {
    test('every reference matches, keys are unique, lists hold, and verify agrees', async () => {
      const scratch = await database.scratch();
      try {
        await createFixture(database.name, scratch.url);
        const schema = /search_path=(\w+)/.exec(decodeURIComponent(scratch.url))?.[1];
        const { project } = await introspect(scratch.url, schema ? { schema } : {});
        assert.ok(project.tables.length >= 8, `${project.tables.length} tables`);
        project.seed = 'round-trip';
        for (const table of project.tables) table.count = 80;
        const plan = planProject(project);
        await loadProject(scratch.url, tableTexts(plan), { mode: 'append', deferred: deferredColumns(plan.model) });
        const report = await verifyProject(scratch.url, project.tables);
        assert.ok(report.ok, report.summary);
        const session = await openSession(scratch.url);
        try {
          for (const [what, sql] of Object.entries(INTEGRITY)) assert.equal(await count(session, sql), 0, what);
          assert.equal(await count(session, 'select count(*) as n from customers'), 80);
          assert.ok((await count(session, 'select count(*) as n from order_items')) > 80, 'a few items per order');
          assert.ok(
            (await count(session, 'select count(*) as n from employees where manager_id is not null')) > 0,
            'managers',
          );
        } finally {
          await session.close();
        }
      } finally {
        await scratch.drop();
      }
    });
  });
}
