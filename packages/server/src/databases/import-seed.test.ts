/**
 * The whole path on the real PostgreSQL: tables an application made (identity and serial keys,
 * a foreign key, a CHECK list) imported from the live database, seeded, verified, and the
 * application's own inserts working after it (the database numbers on from the loaded keys).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { planProject, tableTexts } from '@rowloom/core';
import { deferredColumns } from '@rowloom/core/relations/sql';
import { introspect } from './import/index.js';
import { loadProject } from './load/index.js';
import { openSession } from './open-session.js';
import { verifyProject } from './verify/index.js';
import { TEST_DATABASES } from '../testing/loads/scratch.js';

const postgres = TEST_DATABASES.find((d) => d.name === 'postgres')!;

describe('import a live PostgreSQL schema, seed it, keep using it', { skip: await postgres.skip() }, () => {
  test('identity and serial keys take the project keys, then number on', async () => {
    const scratch = await postgres.scratch();
    try {
      const setup = await openSession(scratch.url);
      await setup.run(`
        create table authors (id integer generated always as identity primary key, email varchar(80) not null unique, created_at timestamp not null);
        create table books (id serial primary key, author_id integer not null references authors(id),
          status text not null check (status in ('draft', 'published')), title varchar(60) not null)`);
      await setup.close();
      const schema = /search_path=(\w+)/.exec(decodeURIComponent(scratch.url))![1];
      const { project } = await introspect(scratch.url, { schema });
      for (const table of project.tables) table.count = table.name === 'authors' ? 25 : 60;
      const plan = planProject(project);
      const loaded = await loadProject(scratch.url, tableTexts(plan), {
        mode: 'append',
        deferred: deferredColumns(plan.model),
      });
      assert.deepEqual(
        loaded.tables.map((t) => [t.table, t.rows]),
        [
          ['authors', 25],
          ['books', 60],
        ],
      );
      const report = await verifyProject(scratch.url, project.tables);
      assert.ok(report.ok, report.summary);
      const session = await openSession(scratch.url);
      try {
        const author = await session.rows(
          "insert into authors (email, created_at) values ('new@example.com', now()) returning id",
        );
        assert.equal(Number(author[0].id), 26, 'the identity numbers on after the loaded keys');
        const book = await session.rows(
          "insert into books (author_id, status, title) values (1, 'draft', 'x') returning id",
        );
        assert.equal(Number(book[0].id), 61, 'the serial numbers on too');
        await assert.rejects(
          session.run("insert into authors (id, email, created_at) values (999, 'y@example.com', now())"),
          /cannot insert a non-DEFAULT value into column "id"/,
          'the identity is ALWAYS again',
        );
      } finally {
        await session.close();
      }
    } finally {
      await scratch.drop();
    }
  });
});
