/**
 * Migration 0009 on a database that already holds datasets (both dialects): a dataset stored
 * before it has no preview of its own; showing it makes one from its rows (on a thread) and keeps it.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { POSTGRES_URL, skipUnlessAvailable } from '../testing/databases.js';
import { migrateBefore } from '../testing/migrate-before.js';
import { newTestDatabase } from '../testing/server-fixture.js';
import { findDataset, listDatasets } from '../features/datasets/datasets-store.js';
import type { Tables } from './tables.js';
import { openStore } from './open-database.js';

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`migration 0009 over existing datasets (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    test('a dataset stored before shows its first 10 rows, made from its rows once and kept', async () => {
      const database = newTestDatabase(dialect);
      try {
        // Before 0009 there is no preview nor revision column: the old row type, as the old code wrote it.
        const old = await migrateBefore<
          Omit<Tables, 'datasets'> & { datasets: Omit<Tables['datasets'], 'preview' | 'revision'> }
        >(database, '0009');
        const now = new Date().toISOString();
        const rows = Array.from({ length: 12 }, (_, i) => [String(i), `v${i}`]);
        await old
          .insertInto('users')
          .values({ id: 'u1', email: 'old@example.com', plan: 'free', created_at: now })
          .execute();
        await old
          .insertInto('datasets')
          .values({
            id: 'd1',
            user_id: 'u1',
            name: 'old',
            project_id: null,
            filename: 'old.csv',
            columns: JSON.stringify(['n', 'label']),
            rows: JSON.stringify(rows),
            row_count: rows.length,
            bytes: 100,
            updated_at: now,
          })
          .execute();
        await old.destroy();

        const store = await openStore({
          databaseUrl: dialect === 'postgres' ? POSTGRES_URL : null,
          sqliteFile: database.sqliteFile,
          postgresSchema: database.postgresSchema,
        });
        try {
          assert.deepEqual(
            (await listDatasets(store.db, 'u1')).map((d) => [d.name, d.rows, d.columns]),
            [['old', 12, ['n', 'label']]],
          );
          const before = await store.db
            .selectFrom('datasets')
            .select(['preview', 'revision'])
            .where('id', '=', 'd1')
            .executeTakeFirstOrThrow();
          assert.deepEqual(before, { preview: null, revision: null });
          const shown = await findDataset(store.db, 'u1', 'old');
          assert.deepEqual(shown?.preview, rows.slice(0, 10));
          const kept = await store.db
            .selectFrom('datasets')
            .select('preview')
            .where('id', '=', 'd1')
            .executeTakeFirstOrThrow();
          assert.equal(kept.preview, JSON.stringify(rows.slice(0, 10)));
        } finally {
          await store.close();
        }
      } finally {
        await database.drop();
      }
    });
  });
}
