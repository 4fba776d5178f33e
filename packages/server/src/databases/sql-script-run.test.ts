/**
 * The SQL script (core's relations/sql) run for real on PostgreSQL and MariaDB: made of the
 * sample project with CREATE TABLE, truncate and the deferred cycle, run twice (the second
 * replaces the rows), read back and verified. SQLite's run is in core's own test; SQL Server's
 * text is checked there too (no server here).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { sqlScript, type SqlDialect } from '@rowloom/core/relations/sql';
import { openSession } from './open-session.js';
import { verifyProject } from './verify/index.js';
import { SAMPLE_DEFERRED, SAMPLE_TABLES, sampleTables, TRICKY_NOTES } from './testing/sample-project.js';
import { TEST_DATABASES, type Scratch } from './testing/scratch.js';

async function scriptOf(dialect: SqlDialect, create: boolean): Promise<string> {
  let text = '';
  const options = { dialect, create, truncate: true, deferred: SAMPLE_DEFERRED, rowsPerStatement: 4 };
  for await (const chunk of sqlScript(sampleTables(), options)) text += chunk;
  return text;
}

/** Runs a whole script as its database's command-line client would, statement after statement. */
async function runScript(dialect: SqlDialect, url: string, script: string): Promise<void> {
  if (dialect === 'postgres') {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(script);
    } finally {
      await client.end();
    }
  } else {
    const connection = await mysql.createConnection({ uri: url, multipleStatements: true });
    try {
      await connection.query(script);
    } finally {
      await connection.end();
    }
  }
}

for (const database of TEST_DATABASES.filter((d) => d.name !== 'sqlite')) {
  const dialect = database.name as SqlDialect;
  describe(`sqlScript run on ${database.name}`, { skip: await database.skip() }, () => {
    let db: Scratch;
    before(async () => {
      db = await database.scratch();
    });
    after(async () => db?.drop());

    test('create + insert, then truncate + insert again: every value exact, references whole', async () => {
      await runScript(dialect, db.url, await scriptOf(dialect, true));
      await runScript(dialect, db.url, await scriptOf(dialect, false));
      const session = await openSession(db.url);
      try {
        const notes = await session.rows('select note from customers order by id');
        assert.deepEqual(
          notes.map((r) => r.note),
          TRICKY_NOTES,
        );
        const heads = await session.rows('select head_id from departments order by id');
        assert.deepEqual(
          heads.map((r) => Number(r.head_id)),
          [2, 3],
        );
        for (const table of sampleTables()) {
          const n = await session.rows(`select count(*) as n from ${table.table.name}`);
          assert.equal(Number(n[0].n), table.rowCount, table.table.name);
        }
      } finally {
        await session.close();
      }
      const report = await verifyProject(db.url, SAMPLE_TABLES);
      assert.equal(report.ok, true, report.summary);
    });
  });
}
