/**
 * better-sqlite3 behind Kysely with its prepared statements kept: Kysely's SQLite driver calls
 * prepare() for every query, and preparing costs more than running the small queries of a
 * request (key, quota). Statements are keyed by their SQL text (parameters are bound on each
 * run), in a bounded cache because some queries' text varies (`in (?, ?, ...)` lists).
 *
 * Reusing a statement is safe here: the driver has one connection and holds it (a mutex) for
 * each query and for a whole streamed one, so no two uses of one statement overlap; and SQLite
 * re-prepares a statement by itself when the schema changes under it (a migration).
 */
import type { Database, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';
import { BoundedCache } from '../cache/bounded-cache.js';

/** Distinct SQL texts kept; far more than the queries the server has. */
export const STATEMENT_CACHE_SIZE = 500;

export function withStatementCache(sqlite: Database, max = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new BoundedCache<string, Statement>({ max });
  return {
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
    close() {
      statements.clear();
      sqlite.close();
    },
  };
}
