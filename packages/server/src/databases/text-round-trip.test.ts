/**
 * Property: any text (every Unicode code point, quotes, backslashes, line breaks, control
 * characters) arrives exactly, through the direct load and through the SQL script, on each
 * database. NUL is dropped on PostgreSQL and SQLite (their text cannot hold it), kept on MySQL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { sqlScript, type ProjectTable, type TableText } from '@rowloom/core/relations/sql';
import { loadProject } from './load/index.js';
import { openSession } from './open-session.js';
import { runScript } from '../testing/loads/run-script.js';
import { TEST_DATABASES, type Scratch } from '../testing/loads/scratch.js';

const SPECIAL = fc.constantFrom(
  "'",
  '"',
  '\\',
  '\n',
  '\r',
  '\t',
  '\0',
  '\x1a',
  '`',
  ']',
  ';',
  '--',
  '/*',
  '$$',
  '\\N',
  ',',
  ' ',
);
const TEXT = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc
    .array(fc.oneof(SPECIAL, fc.string({ unit: 'grapheme', maxLength: 3 })), { maxLength: 12 })
    .map((parts) => parts.join('')),
);
const VALUES: (string | null)[] = [...fc.sample(TEXT, { numRuns: 400, seed: 20261129 }), null, ''];

function textTable(name: string): TableText {
  const table: ProjectTable = {
    name,
    fields: [{ name: 'id' }, { name: 'body' }],
    primary_key: ['id'],
    columns: { id: { sql_type: 'integer' } },
  };
  const rows = VALUES.map((v, i) => [String(i), v]);
  return {
    table,
    columns: ['id', 'body'],
    rowCount: rows.length,
    async *batches() {
      for (let i = 0; i < rows.length; i += 64) yield rows.slice(i, i + 64);
    },
  };
}

for (const database of TEST_DATABASES) {
  describe(`any text round-trips on ${database.name}`, { skip: await database.skip() }, () => {
    let db: Scratch;
    before(async () => {
      db = await database.scratch();
    });
    after(async () => db?.drop());

    const expected = VALUES.map((v) => (v === null || database.name === 'mysql' ? v : v.replaceAll('\0', '')));

    async function readBack(table: string): Promise<unknown[]> {
      const session = await openSession(db.url);
      try {
        return (await session.rows(`select body from ${table} order by id`)).map((r) =>
          Buffer.isBuffer(r.body) ? r.body.toString('utf8') : r.body,
        );
      } finally {
        await session.close();
      }
    }

    test('through the direct load', async () => {
      await loadProject(db.url, [textTable('loaded')], { mode: 'truncate', create: true });
      assert.deepEqual(await readBack('loaded'), expected);
    });

    test('through the SQL script', async () => {
      let script = '';
      for await (const chunk of sqlScript([textTable('scripted')], { dialect: database.name, create: true }))
        script += chunk;
      await runScript(db.url, script);
      assert.deepEqual(await readBack('scripted'), expected);
    });
  });
}
