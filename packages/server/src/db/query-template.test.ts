import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql, type Kysely } from 'kysely';
import { QueryTemplate } from './query-template.js';
import { openStore, type Store } from './open-database.js';
import { skipUnlessAvailable } from '../testing/databases.js';
import { POSTGRES_URL } from '../testing/databases.js';
import { newTestDatabase } from '../testing/server-fixture.js';
import type { Tables } from './tables.js';

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`QueryTemplate (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    let store: Store;
    let db: Kysely<Tables>;
    const database = newTestDatabase(dialect);
    before(async () => {
      store = await openStore({
        databaseUrl: dialect === 'postgres' ? POSTGRES_URL : null,
        sqliteFile: database.sqliteFile,
        postgresSchema: database.postgresSchema,
      });
      db = store.db;
    });
    after(async () => {
      await store.close();
      await database.drop();
    });

    test('built once, run with new values: the same answers as the builder, per shape', async () => {
      let builds = 0;
      const template = new QueryTemplate<{ a: number; b: string }, Tables>(
        (kysely, { a, b }, shape) => {
          builds++;
          // Casts: PostgreSQL must know a parameter's type to add to it.
          const int = sql<number>`cast(${a} as integer)`;
          const text = sql<string>`cast(${b} as text)`;
          return shape === 'plus'
            ? kysely.selectNoFrom((eb) => [eb(int, '+', 1).as('a'), text.as('b')])
            : kysely.selectNoFrom((eb) => [int.as('a'), text.as('b'), eb.lit(7).as('seven')]);
        },
        { a: -9_000_001, b: '\u0000b' },
      );
      const coerce = (rows: Record<string, unknown>[]) =>
        rows.map((row) =>
          Object.fromEntries(
            Object.entries(row).map(([k, v]) => [k, typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v]),
          ),
        );
      assert.deepEqual(coerce(await template.rows(db, { a: 1, b: 'x' })), [{ a: 1, b: 'x', seven: 7 }]);
      assert.deepEqual(coerce(await template.rows(db, { a: 2, b: 'y' })), [{ a: 2, b: 'y', seven: 7 }]);
      assert.deepEqual(coerce(await template.rows(db, { a: 2, b: 'z' }, 'plus')), [{ a: 3, b: 'z' }]);
      assert.equal(builds, 2);
    });

    test('a value written into the text instead of bound is refused', async () => {
      const template = new QueryTemplate<{ a: string }, Tables>(
        (kysely, { a }) => kysely.selectNoFrom(sql.lit(a).as('a')),
        { a: 'sentinel-value' },
      );
      await assert.rejects(template.rows(db, { a: 'x' }), /written into/);
    });
  });
}
