/**
 * What every import source (DDL text of either dialect, a live PostgreSQL, MariaDB/MySQL or
 * SQLite database) reads a schema into, before fields are inferred: the database's facts only,
 * so the inference and the project document are written once for all sources.
 */
import type { SqlType } from './sql-types.js';
import { MAX_TABLES } from '@rowloom/core';

export interface ImportedColumn {
  name: string;
  type: SqlType;
  notNull: boolean;
  /** The default expression as written or as the database gives it. */
  default?: string;
  /** The only values allowed: a CHECK (col IN (...)) list or an enum's labels. */
  check?: string[];
  /** The database numbers it itself: serial, identity, AUTO_INCREMENT. */
  autoNumber?: boolean;
  /** Computed from other columns (GENERATED ALWAYS AS (expr)): no value can be written to it. */
  computed?: boolean;
}

export interface ImportedForeignKey {
  /** The constraint's name, when it has one. */
  name?: string;
  columns: string[];
  /** The parent table: its schema (null: the default one) and name. */
  schema: string | null;
  table: string;
  /** The parent's columns; empty means its primary key (REFERENCES parent, with no list). */
  refColumns: string[];
}

export interface ImportedTable {
  /** null: the default schema (public, or the database of a MySQL dump). */
  schema: string | null;
  name: string;
  columns: ImportedColumn[];
  primaryKey: string[];
  uniques: string[][];
  foreignKeys: ImportedForeignKey[];
}

export interface ImportedSchema {
  tables: ImportedTable[];
  /** Things read but not used (statements about other objects, unsupported types...). */
  warnings: string[];
}

/** Bad input: the message names the statement, line or table. */
export class ImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportError';
  }
}

/** The bounds of one import (docs/relations.md). */
export const MAX_DDL_BYTES = 2 * 1024 * 1024;
/** As many tables as a project may have (core's MAX_TABLES). */
export const MAX_IMPORT_TABLES = MAX_TABLES;

export function checkTableCount(count: number): void {
  if (count > MAX_IMPORT_TABLES)
    throw new ImportError(
      `the schema has ${count} tables; an import takes at most ${MAX_IMPORT_TABLES} (import a part of it, e.g. one schema)`,
    );
}

export function findTable(tables: ImportedTable[], schema: string | null, name: string): ImportedTable | undefined {
  return tables.find((t) => t.name === name && t.schema === schema);
}
