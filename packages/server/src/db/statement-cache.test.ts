import { test } from 'node:test';
import assert from 'node:assert/strict';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { withStatementCache } from './statement-cache.js';

test('one prepared statement per SQL text, reused with new parameters, within the bound', () => {
  const sqlite = new SQLite(':memory:');
  let prepared = 0;
  const counting = Object.assign(Object.create(sqlite) as SQLite.Database, {
    prepare: (sql: string) => (prepared++, sqlite.prepare(sql)),
  });
  const cached = withStatementCache(counting, 2);
  cached.prepare('create table t (n integer)').run([]);
  const insert = cached.prepare('insert into t (n) values (?)');
  assert.equal(cached.prepare('insert into t (n) values (?)'), insert);
  insert.run([1]);
  cached.prepare('insert into t (n) values (?)').run([2]);
  assert.deepEqual(cached.prepare('select n from t order by n').all([]), [{ n: 1 }, { n: 2 }]);
  assert.equal(prepared, 3);
  // The bound: a fourth text pushed the least recently used out; asking for it prepares again.
  cached.prepare('select count(*) as c from t').all([]);
  cached.prepare('create table t2 (n integer)');
  assert.equal(prepared, 5);
  cached.close();
  assert.equal(sqlite.open, false);
});

test('through Kysely, a streamed query and the same query again both see every row', async () => {
  const sqlite = new SQLite(':memory:');
  const db = new Kysely<{ t: { n: number } }>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  await db.schema.createTable('t').addColumn('n', 'integer').execute();
  await db
    .insertInto('t')
    .values([{ n: 1 }, { n: 2 }, { n: 3 }])
    .execute();
  const streamed: number[] = [];
  for await (const row of db.selectFrom('t').select('n').orderBy('n').stream()) streamed.push(row.n);
  const again = await db.selectFrom('t').select('n').orderBy('n').execute();
  assert.deepEqual(streamed, [1, 2, 3]);
  assert.deepEqual(
    again.map((row) => row.n),
    [1, 2, 3],
  );
  await db.destroy();
});
