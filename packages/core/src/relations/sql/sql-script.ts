/**
 * One SQL script that loads every table of a project, in the order given (parents before
 * children): optionally CREATE TABLE, optionally delete what the tables hold, multi-row INSERTs,
 * then the UPDATEs that set a cycle's deferred columns, all in one transaction. It streams:
 * an async generator of text chunks (about one statement each), never the whole script.
 */
import type { DeferredColumn, TableText } from '../table-text.js';
import { tableDdl } from './create-table.js';
import type { SqlDialect } from './dialect.js';
import {
  deferredKey,
  deferredUpdate,
  InsertBatcher,
  TableWriting,
  truncateStatements,
  type StatementLimits,
} from './statements.js';

export interface SqlScriptOptions extends StatementLimits {
  dialect: SqlDialect;
  /** Delete the tables' rows first (children before parents). */
  truncate?: boolean;
  /** CREATE TABLE each table (with keys, CHECK lists and foreign keys) first. */
  create?: boolean;
  /** Reference columns that close a cycle: inserted NULL, set by UPDATE at the end. */
  deferred?: DeferredColumn[];
}

const BEGIN: Record<SqlDialect, string> = {
  postgres: 'BEGIN;\n',
  // DDL commits implicitly in MySQL, so its CREATE TABLEs come before the transaction.
  mysql: 'START TRANSACTION;\n',
  sqlite: 'BEGIN;\n',
  sqlserver: 'BEGIN TRANSACTION;\n',
};

/** Backslashes are escapes in MySQL's strings unless this mode is on: the script escapes them, so it turns the mode off. */
const MYSQL_BACKSLASH_ESCAPES =
  'SET SESSION sql_mode = ' +
  "REPLACE(REPLACE(REPLACE(@@SESSION.sql_mode, ',NO_BACKSLASH_ESCAPES', ''), 'NO_BACKSLASH_ESCAPES,', ''), 'NO_BACKSLASH_ESCAPES', '');\n";

const SETUP: Record<SqlDialect, string> = {
  // Standard strings (a backslash is text) are the default since PostgreSQL 9.1; made sure of.
  postgres: "SET client_encoding = 'UTF8';\nSET standard_conforming_strings = on;\n",
  mysql: 'SET NAMES utf8mb4;\n' + MYSQL_BACKSLASH_ESCAPES,
  // Off by default in SQLite, and a no-op inside a transaction.
  sqlite: 'PRAGMA foreign_keys = ON;\n',
  // A failed statement aborts and rolls back the whole transaction, not just itself.
  sqlserver: 'SET XACT_ABORT ON;\n',
};

const COMMIT: Record<SqlDialect, string> = {
  postgres: 'COMMIT;\n',
  mysql: 'COMMIT;\n',
  sqlite: 'COMMIT;\n',
  sqlserver: 'COMMIT TRANSACTION;\n',
};

export async function* sqlScript(tables: TableText[], options: SqlScriptOptions): AsyncGenerator<string> {
  const { dialect } = options;
  const deferred = options.deferred ?? [];
  // Built first: a bad deferred column fails before any text is written.
  const writings = tables.map((t) => new TableWriting(dialect, t, deferred));
  yield `-- Rowloom: ${tables.length} table(s), ${dialect}\n` + SETUP[dialect];
  const ddl = options.create ? createStatements(dialect, tables) : [];
  if (dialect === 'mysql') yield* ddl;
  yield BEGIN[dialect];
  if (dialect !== 'mysql') yield* ddl;
  if (options.truncate) {
    const names = tables.map((t) => t.table.name);
    yield truncateStatements(dialect, names, deferred).join(';\n') + ';\n';
  }
  for (let i = 0; i < tables.length; i++) yield* inserts(tables[i], writings[i], options);
  for (let i = 0; i < tables.length; i++) {
    if (writings[i].hasDeferred()) yield* updates(tables[i], writings[i], deferredKey(tables[i].table.name, deferred));
  }
  yield COMMIT[dialect];
}

function createStatements(dialect: SqlDialect, tables: TableText[]): string[] {
  const all = tables.map((t) => t.table);
  const ddl = tables.map((t) => tableDdl(dialect, t, all));
  return [...ddl.map((d) => d.create + ';\n'), ...ddl.flatMap((d) => d.foreignKeys.map((fk) => fk + ';\n'))];
}

async function* inserts(text: TableText, writing: TableWriting, limits: StatementLimits): AsyncGenerator<string> {
  const batcher = new InsertBatcher(writing, limits);
  for await (const batch of text.batches()) {
    for (const row of batch) {
      const statement = batcher.add(row);
      if (statement !== null) yield statement;
    }
  }
  const last = batcher.flush();
  if (last !== null) yield last;
}

/** A second pass over the table's rows (the engine makes them again, the same) for its deferred columns. */
async function* updates(text: TableText, writing: TableWriting, key: string[]): AsyncGenerator<string> {
  for await (const batch of text.batches()) {
    let chunk = '';
    for (const row of batch) {
      const update = deferredUpdate(writing, key, row);
      if (update !== null) chunk += update + ';\n';
    }
    if (chunk) yield chunk;
  }
}
