import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import Database from 'better-sqlite3';
import type { ProjectTable } from '../project-document.js';
import type { DeferredColumn, TableText } from '../table-text.js';
import { quoteString, quoteTable } from './dialect.js';
import { sqlScript, type SqlScriptOptions } from './sql-script.js';

type Row = (string | null)[];

/** A TableText over fixed rows, in batches of `size` (the engine's batches are its own business). */
function tableText(table: ProjectTable, columns: string[], rows: Row[], size = 2): TableText {
  return {
    table,
    columns,
    rowCount: rows.length,
    async *batches() {
      for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
    },
  };
}

const TRICKY = [
  "O'Brien",
  'back\\slash',
  'line\nbreak\r\n',
  'Zoë 🎉 日本',
  '"double"',
  "\\'",
  'tab\there',
  '-- not a comment',
  '',
];

const people: ProjectTable = {
  name: 'people',
  fields: [
    { name: 'id', type: 'Row Number' },
    { name: 'name' },
    { name: 'active' },
    { name: 'boss_id', type: 'Reference', table: 'people', column: 'id' },
  ],
  primary_key: ['id'],
  columns: { id: { sql_type: 'integer' }, active: { sql_type: 'boolean' }, name: { max_length: 40 } },
};
const teams: ProjectTable = {
  name: 'Teams',
  fields: [{ name: 'id' }, { name: 'lead_id', type: 'Reference', table: 'people', column: 'id' }, { name: 'kind' }],
  primary_key: ['id'],
  columns: { kind: { check: ['a', 'b'], not_null: true } },
};

function project(): TableText[] {
  const peopleRows: Row[] = TRICKY.map((name, i) => [
    String(i + 1),
    name,
    i % 2 ? 'true' : 'false',
    i ? String(i) : null,
  ]);
  peopleRows.push(['100', null, null, '1']);
  return [
    tableText(people, ['id', 'name', 'active', 'boss_id'], peopleRows, 3),
    tableText(
      teams,
      ['id', 'lead_id', 'kind'],
      [
        ['t1', '2', 'a'],
        ['t2', null, 'b'],
      ],
    ),
  ];
}

async function scriptText(tables: TableText[], options: SqlScriptOptions): Promise<string> {
  let text = '';
  for await (const chunk of sqlScript(tables, options)) text += chunk;
  return text;
}

describe('sqlScript on SQLite (run for real)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rowloom-sql-script-'));
  test.after(() => rmSync(dir, { recursive: true, force: true }));

  test('create, insert in statements of 4 rows, and read back every value exactly', async () => {
    const db = new Database(join(dir, 'a.db'));
    try {
      const script = await scriptText(project(), { dialect: 'sqlite', create: true, rowsPerStatement: 4 });
      assert.equal(script.match(/INSERT INTO people/g)?.length, 3, 'ten rows in statements of at most 4');
      db.exec(script);
      const rows = db.prepare('select id, name, active, boss_id from people order by id').all() as Record<
        string,
        unknown
      >[];
      assert.deepEqual(
        rows.map((r) => r.name),
        [...TRICKY, null],
      );
      assert.deepEqual(rows[0], { id: 1, name: "O'Brien", active: 0, boss_id: null });
      assert.equal(rows[1].active, 1, 'a boolean column gets 1/0, not the word');
      assert.deepEqual(db.prepare('select * from "Teams" order by id').all(), [
        { id: 't1', lead_id: 2, kind: 'a' },
        { id: 't2', lead_id: null, kind: 'b' },
      ]);
      assert.throws(() => db.exec(`insert into "Teams" values ('t3', 999, 'a')`), /FOREIGN KEY/);
      assert.throws(() => db.exec(`insert into "Teams" values ('t3', 1, 'c')`), /CHECK/);
    } finally {
      db.close();
    }
  });

  test('an omitted integer key is created as the rowid, numbering the rows itself', async () => {
    const db = new Database(join(dir, 'c.db'));
    try {
      const notes: ProjectTable = {
        name: 'notes',
        fields: [{ name: 'body' }],
        primary_key: ['id'],
        omitted: ['id', 'created_at'],
        columns: { created_at: { sql_type: 'timestamp', not_null: true, default: 'CURRENT_TIMESTAMP' } },
      };
      const script = await scriptText([tableText(notes, ['body'], [['a'], ['b']])], {
        dialect: 'sqlite',
        create: true,
      });
      assert.match(
        script,
        /CREATE TABLE notes \(\n {2}id INTEGER NOT NULL,\n {2}created_at timestamp,\n {2}body text,\n {2}PRIMARY KEY \(id\)\n\)/,
      );
      db.exec(script);
      assert.deepEqual(db.prepare('select id, body from notes order by id').all(), [
        { id: 1, body: 'a' },
        { id: 2, body: 'b' },
      ]);
    } finally {
      db.close();
    }
  });

  test('truncate replaces the rows; deferred columns are NULL first and set at the end', async () => {
    const db = new Database(join(dir, 'b.db'));
    try {
      db.exec(await scriptText(project(), { dialect: 'sqlite', create: true }));
      const deferred: DeferredColumn[] = [{ table: 'people', column: 'boss_id', key: ['id'] }];
      const script = await scriptText(project(), { dialect: 'sqlite', truncate: true, deferred });
      assert.match(script, /UPDATE people SET boss_id = NULL;\nDELETE FROM "Teams";\nDELETE FROM people;/);
      assert.match(script, /UPDATE people SET boss_id = '1' WHERE id = 2;/);
      db.exec(script);
      assert.equal((db.prepare('select count(*) n from people').get() as { n: number }).n, 10);
      assert.deepEqual(db.prepare('select boss_id from people where id = 100').get(), { boss_id: 1 });
    } finally {
      db.close();
    }
  });

  test('a deferred column that is not a column is refused before any text', async () => {
    const deferred = [{ table: 'people', column: 'nope', key: ['id'] }];
    await assert.rejects(scriptText(project(), { dialect: 'sqlite', deferred }), /deferred column people\.nope/);
    const empty = tableText({ name: 'empty', fields: [], omitted: ['id'] }, [], [[]]);
    await assert.rejects(scriptText([empty], { dialect: 'sqlite' }), /table empty: no columns to load/);
  });
});

describe('sqlScript text per dialect', () => {
  test('SQL Server: [names], N strings, at most 1000 rows per VALUES, a transaction that aborts whole', async () => {
    const rows: Row[] = Array.from({ length: 2500 }, (_, i) => [String(i), `x${i}`, 'true', null]);
    const script = await scriptText([tableText(people, ['id', 'name', 'active', 'boss_id'], rows, 700)], {
      dialect: 'sqlserver',
      rowsPerStatement: 5000,
      truncate: true,
    });
    assert.equal(
      script.match(/INSERT INTO \[people\] \(\[id\], \[name\], \[active\], \[boss_id\]\) VALUES/g)?.length,
      3,
    );
    assert.match(script, /^SET XACT_ABORT ON;$/m);
    assert.match(script, /^BEGIN TRANSACTION;\nDELETE FROM \[people\];/m);
    assert.match(script, /\(0, N'x0', 1, NULL\)/);
    assert.ok(script.endsWith('COMMIT TRANSACTION;\n'));
    assert.equal(quoteString('sqlserver', "O'Brien\\ 🎉\n"), "N'O''Brien\\ 🎉\n'");
    assert.equal(quoteTable('sqlserver', 'sales.odd]name'), '[sales].[odd]]name]');
  });

  test('SQL Server: the whole script of a small table, exactly', async () => {
    const orders: ProjectTable = {
      name: 'sales.Order Lines',
      fields: [{ name: 'id' }, { name: 'note' }, { name: 'paid' }],
      primary_key: ['id'],
      columns: { id: { sql_type: 'int' }, paid: { sql_type: 'bit' } },
    };
    const rows: Row[] = [
      ['1', "it's [fine]\n", 'true'],
      ['2', 'Zoë 🎉\r\nnew line', 'false'],
      ['3', null, null],
    ];
    const deferred = [{ table: 'sales.Order Lines', column: 'note', key: ['id'] }];
    const script = await scriptText([tableText(orders, ['id', 'note', 'paid'], rows)], {
      dialect: 'sqlserver',
      truncate: true,
      create: true,
      rowsPerStatement: 2,
      deferred,
    });
    assert.equal(
      script,
      [
        '-- Rowloom: 1 table(s), sqlserver',
        'SET XACT_ABORT ON;',
        'BEGIN TRANSACTION;',
        'CREATE TABLE [sales].[Order Lines] (',
        '  [id] int NOT NULL,',
        '  [note] nvarchar(max),',
        '  [paid] bit,',
        '  PRIMARY KEY ([id])',
        ');',
        'UPDATE [sales].[Order Lines] SET [note] = NULL;',
        'DELETE FROM [sales].[Order Lines];',
        'INSERT INTO [sales].[Order Lines] ([id], [note], [paid]) VALUES',
        '(1, NULL, 1),',
        '(2, NULL, 0);',
        'INSERT INTO [sales].[Order Lines] ([id], [note], [paid]) VALUES',
        '(3, NULL, NULL);',
        "UPDATE [sales].[Order Lines] SET [note] = N'it''s [fine]\n' WHERE [id] = 1;",
        "UPDATE [sales].[Order Lines] SET [note] = N'Zoë 🎉\r\nnew line' WHERE [id] = 2;",
        'COMMIT TRANSACTION;',
        '',
      ].join('\n'),
    );
  });

  test('SQL Server CREATE TABLE: key columns without a type are nvarchar(450), foreign keys after the tables', async () => {
    const script = await scriptText(project(), { dialect: 'sqlserver', create: true });
    assert.match(
      script,
      /CREATE TABLE \[Teams\] \(\n {2}\[id\] nvarchar\(450\) NOT NULL,\n {2}\[lead_id\] integer,\n {2}\[kind\] nvarchar\(max\) NOT NULL,/,
    );
    assert.match(script, /CHECK \(\[kind\] IN \(N'a', N'b'\)\)/);
    assert.match(script, /ALTER TABLE \[Teams\] ADD FOREIGN KEY \(\[lead_id\]\) REFERENCES \[people\] \(\[id\]\);/);
  });

  test('MySQL: backquoted names, backslash escapes, CREATE before the transaction', async () => {
    assert.equal(quoteString('mysql', 'a\'b\\c\nd\r"\0\x1a'), "'a\\'b\\\\c\\nd\\r\\\"\\0\\Z'");
    assert.equal(quoteTable('mysql', 'we`ird'), '`we``ird`');
    const script = await scriptText(project(), { dialect: 'mysql', create: true, truncate: true });
    assert.ok(script.indexOf('CREATE TABLE') < script.indexOf('START TRANSACTION'));
    assert.match(
      script,
      /SET FOREIGN_KEY_CHECKS = 0;\nDELETE FROM `Teams`;\nDELETE FROM `people`;\nSET FOREIGN_KEY_CHECKS = 1;/,
    );
  });

  test('PostgreSQL: exact names (mixed case quoted), one TRUNCATE children first, standard strings', async () => {
    const script = await scriptText(project(), { dialect: 'postgres', truncate: true });
    assert.match(script, /TRUNCATE TABLE "Teams", people;/);
    assert.ok(script.includes("(2, 'back\\slash', TRUE, '1')"), 'a backslash is text, booleans are TRUE/FALSE');
    assert.match(script, /'line\nbreak\r\n'/);
  });

  test('a statement stays under the byte limit unless one row alone is bigger', async () => {
    const big = 'y'.repeat(300);
    const rows: Row[] = Array.from({ length: 10 }, (_, i) => [String(i), big, null, null]);
    const script = await scriptText([tableText(people, ['id', 'name', 'active', 'boss_id'], rows)], {
      dialect: 'postgres',
      maxStatementBytes: 1000,
    });
    const statements = script.split(/(?=INSERT INTO)/).filter((s) => s.startsWith('INSERT'));
    assert.equal(statements.length, 5);
    for (const s of statements) assert.ok(Buffer.byteLength(s.replace(/COMMIT;\n$/, '')) <= 1000, s.length.toString());
  });
});
