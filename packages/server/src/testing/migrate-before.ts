/**
 * A test database as it was before a migration: only the migrations named before `migration`
 * applied, so a test can store data the old way and then watch the new migration handle it.
 */
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { MIGRATIONS } from '../db/migrations.js';
import { migrateToLatest } from '../db/open-database.js';
import { POSTGRES_URL } from './databases.js';
import type { TestDatabase } from './server-fixture.js';

export async function migrateBefore<T>(database: TestDatabase, migration: string): Promise<Kysely<T>> {
  let db: Kysely<T>;
  if (database.dialect === 'postgres') {
    const setup = new pg.Client({ connectionString: POSTGRES_URL });
    await setup.connect();
    await setup.query(`create schema "${database.postgresSchema}"`);
    await setup.end();
    db = new Kysely({
      dialect: new PostgresDialect({
        pool: new pg.Pool({ connectionString: POSTGRES_URL, options: `-c search_path=${database.postgresSchema}` }),
      }),
    });
  } else {
    db = new Kysely({ dialect: new SqliteDialect({ database: new SQLite(database.sqliteFile) }) });
  }
  const earlier = Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < migration));
  const migrationTableSchema = database.dialect === 'postgres' ? database.postgresSchema : undefined;
  const error = await migrateToLatest(
    new Migrator({
      db,
      provider: { getMigrations: async () => earlier },
      ...(migrationTableSchema ? { migrationTableSchema } : {}),
    }),
  );
  if (error) throw error;
  return db;
}
