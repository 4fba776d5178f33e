import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sqlTypeProblem } from './sql-type.js';

test('column types as databases declare them are accepted', () => {
  for (const type of [
    'integer',
    'varchar(255)',
    'character varying(100)',
    'numeric(10,2)',
    'timestamp(3) without time zone',
    'timestamp with time zone',
    'double precision',
    'int(11) unsigned zerofill',
    'bigint unsigned',
    'integer[]',
    'text[][]',
    'public.mood',
    '"My Type"',
    "enum('active','closed','it''s')",
    "set('a', 'b')",
    'nvarchar(max)',
    'tinyint(1)',
    'bit varying(8)',
  ])
    assert.equal(sqlTypeProblem(type), null, type);
});

test('anything that would add a clause, an expression or a statement is refused, naming the field', () => {
  for (const type of [
    'int); DROP TABLE users; --',
    'int DEFAULT (pg_sleep(10))',
    'text GENERATED ALWAYS AS (current_user) STORED',
    'int CHECK (1=1)',
    'int REFERENCES users(id) ON DELETE CASCADE',
    'int -- comment',
    'int /* comment */',
    "enum('a\\'); drop table x; --')",
    'text; select 1',
    'int COLLATE "C"',
    '',
  ]) {
    const problem = sqlTypeProblem(type);
    assert.ok(problem, type);
    assert.match(problem!, /^sql_type /);
  }
});

test('CREATE TABLE refuses a document whose column type is not a type, whoever stored it', async () => {
  const { tableDdl } = await import('./create-table.js');
  const table = {
    name: 't',
    fields: [{ name: 'a', type: 'Row Number' }],
    columns: { a: { sql_type: 'int); DROP TABLE x; --' } },
  };
  for (const dialect of ['postgres', 'mysql', 'sqlite', 'sqlserver'] as const)
    assert.throws(() => tableDdl(dialect, { table, columns: ['a'] }, [table]), /sql_type .* is not a column type/);
});
