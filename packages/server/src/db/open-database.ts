/**
 * Opens the store: an embedded SQLite file by default, PostgreSQL when DATABASE_URL says so.
 * Only this file knows which; everything else talks Kysely. Migrations run before use.
 */
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type MigrationProvider } from 'kysely';
import pg from 'pg';
import { prepareOwnerOnlyFile } from './file-modes.js';
import { MIGRATIONS } from './migrations.js';
import { withStatementCache } from './statement-cache.js';
import type { Tables } from './tables.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Store {
  db: Kysely<Tables>;
  dialect: Dialect;
  close(): Promise<void>;
}

export interface StoreOptions {
  /** postgres://... for PostgreSQL; otherwise null and `sqliteFile` is used. */
  databaseUrl: string | null;
  sqliteFile: string;
  /** PostgreSQL only: the schema (namespace) to use, created if missing (tests use one per run). */
  postgresSchema?: string;
}

// PostgreSQL returns bigint (int8) as strings to keep precision; our counters fit in a double.
pg.types.setTypeParser(20, (text) => Number(text));

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

const MIGRATION_ATTEMPTS = 3;

/** PostgreSQL's invalid_schema_name and undefined_table: the catalogue changed while it was read. */
function droppedMeanwhile(error: unknown): boolean {
  const code = (error as { code?: string } | undefined)?.code;
  return code === '3F000' || code === '42P01';
}

/**
 * Runs the migrations, looking again when the catalogue changed under Kysely: it looks for its
 * tables in the catalogue of every schema, and another program dropping a schema of its own at
 * that moment (another test run, another application on the database) fails the lookup with
 * "schema does not exist". Nothing was migrated then. Returns the error that remains, if any.
 */
export async function migrateToLatest(migrator: Migrator): Promise<unknown> {
  let { error } = await migrator.migrateToLatest();
  for (let attempt = 1; attempt < MIGRATION_ATTEMPTS && droppedMeanwhile(error); attempt++)
    ({ error } = await migrator.migrateToLatest());
  return error;
}

export async function openStore(options: StoreOptions): Promise<Store> {
  let db: Kysely<Tables>;
  let dialect: Dialect;
  if (options.databaseUrl && /^postgres(ql)?:\/\//.test(options.databaseUrl)) {
    const schema = options.postgresSchema;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // A server that accepts connections but never completes the handshake must not hang start-up
      // or a request forever.
      connectionTimeoutMillis: 10_000,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    // An idle connection that PostgreSQL ends (a restart, an administrator) emits 'error' on the
    // pool; unheard, that would end the process. The pool drops the connection and opens a new
    // one for the next query, so there is nothing else to do.
    pool.on('error', (error) => process.emitWarning(`an idle PostgreSQL connection ended: ${error.message}`));
    if (schema) {
      const client = await pool.connect();
      try {
        await client.query(`create schema if not exists "${schema.replaceAll('"', '""')}"`);
      } catch (error) {
        // Two instances starting together can race on "if not exists": the loser sees the
        // catalogue's unique violation, which means the schema is there.
        if ((error as { code?: string }).code !== '23505') throw error;
      } finally {
        client.release();
      }
    }
    db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
    dialect = 'postgres';
  } else {
    prepareOwnerOnlyFile(dirname(options.sqliteFile), options.sqliteFile);
    const sqlite = new SQLite(options.sqliteFile);
    // WAL lets readers run while a writer commits; busy_timeout makes concurrent writers wait
    // for each other instead of failing.
    sqlite.pragma('journal_mode = WAL');
    // With WAL, NORMAL syncs at checkpoints instead of at every commit: still never corrupt, and
    // only a power cut or OS crash (not a crash of Rowloom) can lose the last commits. Every
    // request commits its quota charge, and a sync there held the event loop for each request.
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
    db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
    dialect = 'sqlite';
  }
  // The migration tables are looked up by name in every schema the user can see: with a schema
  // of its own, say which, or another instance's schema (another test run's) passes for this one's.
  const migrationTableSchema = dialect === 'postgres' ? options.postgresSchema : undefined;
  const migrator = new Migrator({ db, provider, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
  const error = await migrateToLatest(migrator);
  if (error) {
    await db.destroy();
    throw error instanceof Error ? error : new Error(String(error));
  }
  return { db, dialect, close: () => db.destroy() };
}
