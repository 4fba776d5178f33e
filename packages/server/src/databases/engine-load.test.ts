/**
 * The engine's own rows (core's shop project: a composite key, a self-reference, children per
 * parent) loaded into each database and verified, and the same through the SQL script.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { planProject } from '@rowloom/core';
import { deferredColumns, sqlScript } from '@rowloom/core/relations/sql';
import { shopProject } from '@rowloom/core/testing/shop-project';
import { loadProject } from './load/index.js';
import { openSession } from './open-session.js';
import { verifyProject } from './verify/index.js';
import { tableTexts } from '@rowloom/core';
import { runScript } from '../testing/loads/run-script.js';
import { TEST_DATABASES, type Scratch } from '../testing/loads/scratch.js';

const plan = planProject(shopProject(3));

/** Departments and employees refer to each other: cyc_departments.head_id is deferred (names apart from the shop's). */
const cyclePlan = planProject({
  rowloom_project: 1,
  name: 'cycle',
  seed: 'cycle-test',
  tables: [
    {
      name: 'cyc_departments',
      count: 4,
      primary_key: ['id'],
      fields: [
        { name: 'id', type: 'Row Number' },
        { name: 'head_id', type: 'Reference', table: 'cyc_employees', column: 'id' },
      ],
    },
    {
      name: 'cyc_employees',
      count: 30,
      primary_key: ['id'],
      fields: [
        { name: 'id', type: 'Row Number' },
        { name: 'department_id', type: 'Reference', table: 'cyc_departments', column: 'id' },
        { name: 'manager_id', type: 'Reference', table: 'cyc_employees', column: 'id' },
      ],
    },
  ],
});
const tables = () => tableTexts(plan);
const documentTables = plan.model.tables.map((t) => t.source);

async function counts(url: string): Promise<Record<string, number>> {
  const session = await openSession(url);
  try {
    const result: Record<string, number> = {};
    for (const name of plan.model.loadOrder)
      result[name] = Number((await session.rows(`select count(*) as n from ${name}`))[0].n);
    return result;
  } finally {
    await session.close();
  }
}

for (const database of TEST_DATABASES) {
  describe(`the engine's shop project on ${database.name}`, { skip: await database.skip() }, () => {
    let db: Scratch;
    before(async () => {
      db = await database.scratch();
    });
    after(async () => db?.drop());

    test('direct load (create, truncate), then the SQL script (truncate): every row in, verify passes', async () => {
      const deferred = deferredColumns(plan.model);
      await loadProject(db.url, tables(), { mode: 'truncate', create: true, deferred });
      assert.deepEqual(await counts(db.url), plan.counts);
      const loaded = await verifyProject(db.url, documentTables);
      assert.equal(loaded.ok, true, loaded.summary);

      let script = '';
      for await (const chunk of sqlScript(tables(), { dialect: database.name, truncate: true, deferred }))
        script += chunk;
      await runScript(db.url, script);
      assert.deepEqual(await counts(db.url), plan.counts);
      const scripted = await verifyProject(db.url, documentTables);
      assert.equal(scripted.ok, true, scripted.summary);
    });

    test('a cycle: the deferred head_id is NULL while loading, set afterwards, and every reference holds', async () => {
      const deferred = deferredColumns(cyclePlan.model);
      assert.deepEqual(deferred, [{ table: 'cyc_departments', column: 'head_id', key: ['id'] }]);
      for (const mode of ['truncate', 'truncate'] as const)
        await loadProject(db.url, tableTexts(cyclePlan), { mode, create: true, deferred });
      const session = await openSession(db.url);
      try {
        const heads = await session.rows('select count(*) as n from cyc_departments where head_id is not null');
        assert.equal(Number(heads[0].n), 4);
      } finally {
        await session.close();
      }
      const report = await verifyProject(
        db.url,
        cyclePlan.model.tables.map((t) => t.source),
      );
      assert.equal(report.ok, true, report.summary);
    });
  });
}
