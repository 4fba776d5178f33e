/**
 * Columns UNIQUE on their own, imported from DDL, seeded into real SQLite and MariaDB: whole
 * numbers and short codes are drawn so they never repeat, like names and emails, at a row count
 * where drawing at random would repeat them.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { planProject, tableTexts } from '@rowloom/core';
import { deferredColumns } from '@rowloom/core/relations/sql';
import { importDdl } from './import/index.js';
import { loadProject } from './load/index.js';
import { openSession } from './open-session.js';
import { verifyProject } from './verify/index.js';
import { TEST_DATABASES } from '../testing/loads/scratch.js';

const DDL = `
create table staff (
  id integer primary key,
  employee_no integer not null unique,
  desk smallint unique,
  badge char(4) not null unique,
  email varchar(80) not null unique
);`;

for (const database of TEST_DATABASES.filter((d) => d.name !== 'postgres')) {
  describe(`UNIQUE columns of any type hold (${database.name})`, { skip: await database.skip() }, () => {
    test('integers, smallints and four-character codes are drawn without repeats', async () => {
      const { project } = await importDdl(DDL, { dialect: 'postgres' });
      const fields = Object.fromEntries(
        (project.tables[0].fields as { name: string; type: string; style?: string }[]).map((f) => [f.name, f]),
      );
      assert.deepEqual(
        [fields.employee_no, fields.desk, fields.badge].map((f) => [f.type, f.style]),
        [
          ['Unique Key', 'number'],
          ['Unique Key', 'number'],
          ['Unique Key', 'code'],
        ],
      );
      project.tables[0].count = 3000;
      const scratch = await database.scratch();
      try {
        const plan = planProject(project);
        await loadProject(scratch.url, tableTexts(plan), {
          mode: 'append',
          create: true,
          deferred: deferredColumns(plan.model),
        });
        const report = await verifyProject(scratch.url, project.tables);
        assert.ok(report.ok, report.summary);
        const session = await openSession(scratch.url);
        try {
          const [row] = await session.rows(
            'select count(distinct employee_no) as e, count(distinct badge) as b, max(desk) as d, min(length(badge)) as l from staff',
          );
          assert.deepEqual([Number(row.e), Number(row.b), Number(row.l)], [3000, 3000, 4]);
          assert.ok(Number(row.d) <= 32767, 'a smallint stays in range');
        } finally {
          await session.close();
        }
      } finally {
        await scratch.drop();
      }
    });

    test('a count past what a short code can hold is refused before loading, naming the table', async () => {
      const { project } = await importDdl('create table t (id integer primary key, c char(2) unique);', {
        dialect: 'postgres',
      });
      project.tables[0].count = 101;
      assert.throws(() => planProject(project), /table t: 101 rows, but its key \(c\) has at most 100 distinct values/);
    });
  });
}
