/**
 * The SQL script (core's relations/sql) run for real on PostgreSQL and MariaDB: made of the
 * sample project with CREATE TABLE, truncate and the deferred cycle, run twice (the second
 * replaces the rows), read back and verified. SQLite's run is in core's own test; SQL Server's
 * text is checked there too (no server here).
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { after, before, describe, test } from 'node:test';
import { sqlScript, type SqlDialect } from '@rowloom/core/relations/sql';
import { openSession } from './open-session.js';
import { runScript } from '../testing/loads/run-script.js';
import { verifyProject } from './verify/index.js';
import { SAMPLE_DEFERRED, SAMPLE_TABLES, sampleTables, TRICKY_NOTES } from '../testing/loads/sample-project.js';
import { TEST_DATABASES, type Scratch } from '../testing/loads/scratch.js';

async function scriptOf(dialect: SqlDialect, create: boolean): Promise<string> {
  let text = '';
  const options = { dialect, create, truncate: true, deferred: SAMPLE_DEFERRED, rowsPerStatement: 4 };
  for await (const chunk of sqlScript(sampleTables(), options)) text += chunk;
  return text;
}

/** The database's own command-line client, reading the script from stdin as a user would pipe it. */
function clientCommand(dialect: SqlDialect, url: string): [string, string[]] {
  if (dialect === 'postgres') return ['psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', url]];
  const u = new URL(url);
  return [
    'mysql',
    ['-h', u.hostname, '-P', u.port || '3306', '-u', decodeURIComponent(u.username), u.pathname.slice(1)],
  ];
}

/** Streams the script into the client; resolves when it exits 0, rejects with its stderr otherwise. */
async function pipeToClient(dialect: SqlDialect, url: string, chunks: AsyncIterable<string>): Promise<void> {
  const [command, args] = clientCommand(dialect, url);
  const child = spawn(command, args, { stdio: ['pipe', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  await pipeline(Readable.from(chunks), child.stdin);
  const code = await exited;
  if (code !== 0) throw new Error(`${command} exited ${code}: ${stderr}`);
}

function hasClient(dialect: SqlDialect): boolean {
  const command = dialect === 'postgres' ? 'psql' : 'mysql';
  const found = spawnSync(command, ['--version']).status === 0;
  if (!found) process.stderr.write(`NOTE: ${command} is not installed: the script is not piped to it (SKIPPED)\n`);
  return found;
}

for (const database of TEST_DATABASES.filter((d) => d.name !== 'sqlite')) {
  const dialect = database.name;
  describe(`sqlScript run on ${database.name}`, { skip: await database.skip() }, () => {
    let db: Scratch;
    before(async () => {
      db = await database.scratch();
    });
    after(async () => db?.drop());

    test('create + insert, then truncate + insert again: every value exact, references whole', async () => {
      await runScript(db.url, await scriptOf(dialect, true));
      await runScript(db.url, await scriptOf(dialect, false));
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

    test('the script is read right whatever the session says of backslashes', async () => {
      const against =
        dialect === 'postgres'
          ? 'SET standard_conforming_strings = off;\n'
          : "SET SESSION sql_mode = 'NO_BACKSLASH_ESCAPES';\n";
      await runScript(db.url, against + (await scriptOf(dialect, false)));
      const session = await openSession(db.url);
      try {
        const notes = await session.rows('select note from customers order by id');
        assert.deepEqual(
          notes.map((r) => r.note),
          TRICKY_NOTES,
        );
      } finally {
        await session.close();
      }
    });

    test(`the script streamed into ${dialect === 'postgres' ? 'psql' : 'the mysql client'}, in truncate mode`, async (t) => {
      if (!hasClient(dialect)) return t.skip('client not installed');
      const options = { dialect, truncate: true, deferred: SAMPLE_DEFERRED, rowsPerStatement: 3 };
      await pipeToClient(dialect, db.url, sqlScript(sampleTables(), options));
      const session = await openSession(db.url);
      try {
        const notes = await session.rows('select note from customers order by id');
        assert.deepEqual(
          notes.map((r) => r.note),
          TRICKY_NOTES,
        );
      } finally {
        await session.close();
      }
      assert.equal((await verifyProject(db.url, SAMPLE_TABLES)).ok, true);
    });
  });
}
