/**
 * Migration 0004 on a database that already holds data (both dialects): schemas saved before it
 * keep their fields and count and read back with no file settings and no project.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { POSTGRES_URL, skipUnlessAvailable } from '../testing/databases.js';
import { migrateBefore } from '../testing/migrate-before.js';
import { newTestDatabase } from '../testing/server-fixture.js';
import { findSchema } from '../features/schemas/schemas-store.js';
import { listProjects } from '../features/projects/projects-store.js';
import type { Tables } from './tables.js';
import { openStore } from './open-database.js';

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`migration 0004 over existing data (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    test('a schema saved before keeps its fields and count, with no settings and no project', async () => {
      const database = newTestDatabase(dialect);
      try {
        const old = await migrateBefore<Tables>(database, '0004');
        const now = new Date().toISOString();
        const fields = [{ name: 'id', type: 'Row Number' }];
        await old
          .insertInto('users')
          .values({ id: 'u1', email: 'old@example.com', plan: 'free', created_at: now })
          .execute();
        await old
          .insertInto('projects')
          .values({ id: 'p1', user_id: 'u1', name: 'Old project', created_at: now })
          .execute();
        await old
          .insertInto('schemas')
          .values({ id: 's1', user_id: 'u1', name: 'old', fields: JSON.stringify(fields), count: 42, updated_at: now })
          .execute();
        await old.destroy();

        const store = await openStore({
          databaseUrl: dialect === 'postgres' ? POSTGRES_URL : null,
          sqliteFile: database.sqliteFile,
          postgresSchema: database.postgresSchema,
        });
        try {
          const schema = await findSchema(store.db, 'u1', 'old');
          assert.deepEqual(
            { ...schema, updatedAt: undefined },
            {
              name: 'old',
              fields,
              count: 42,
              format: null,
              options: {},
              seed: null,
              project: null,
              updatedAt: undefined,
            },
          );
          assert.deepEqual(
            (await listProjects(store.db, 'u1')).map((p) => [p.name, p.datasets, p.schemas, p.scenarios]),
            [['Old project', 0, 0, 0]],
          );
        } finally {
          await store.close();
        }
      } finally {
        await database.drop();
      }
    });
  });
}
