/**
 * The statements a load is made of, in each dialect: multi-row INSERTs of bounded size, the
 * deletes of a truncating load, and the UPDATEs that set a cycle's deferred columns. The SQL
 * script writes them; the server's MySQL loader sends the same text.
 */
import type { DeferredColumn, TableText } from '../table-text.js';
import { quoteName, quoteTable, valueLiteral, valueShape, type SqlDialect, type ValueShape } from './dialect.js';

/** Rows per INSERT by default: big enough to be fast, small enough for any server's limits. */
export const DEFAULT_ROWS_PER_STATEMENT = 500;
/** SQL Server's limit on the rows of one VALUES list. */
export const SQLSERVER_MAX_ROWS = 1000;
/** Bytes per INSERT by default: well under MySQL's smallest default max_allowed_packet (4 MB). */
export const DEFAULT_STATEMENT_BYTES = 1 << 20;

/** A table's columns as a dialect writes them, with the deferred ones written NULL. */
export class TableWriting {
  readonly name: string;
  readonly shapes: ValueShape[];
  /** Per column: written NULL now, set after every table is in. */
  readonly deferred: boolean[];
  readonly prefix: string;

  constructor(
    readonly dialect: SqlDialect,
    readonly text: Pick<TableText, 'table' | 'columns'>,
    deferred: DeferredColumn[],
  ) {
    const { table, columns } = text;
    if (columns.length === 0)
      throw new Error(`table ${table.name}: no columns to load (every field is omitted or not a column)`);
    this.name = quoteTable(dialect, table.name);
    this.shapes = columns.map((column) => valueShape(table.columns?.[column]));
    const mine = deferred.filter((d) => d.table === table.name);
    for (const d of mine) checkDeferred(d, columns);
    this.deferred = columns.map((column) => mine.some((d) => d.column === column));
    this.prefix = `INSERT INTO ${this.name} (${columns.map((c) => quoteName(dialect, c)).join(', ')}) VALUES\n`;
  }

  tuple(row: (string | null)[]): string {
    let s = '(';
    for (let i = 0; i < this.shapes.length; i++) {
      if (i > 0) s += ', ';
      s += this.deferred[i] ? 'NULL' : valueLiteral(this.dialect, row[i] ?? null, this.shapes[i]);
    }
    return s + ')';
  }

  hasDeferred(): boolean {
    return this.deferred.includes(true);
  }
}

function checkDeferred(d: DeferredColumn, columns: string[]): void {
  if (!columns.includes(d.column))
    throw new Error(
      `deferred column ${d.table}.${d.column}: the table has no such column (columns: ${columns.join(', ')})`,
    );
  if (d.key.length === 0) throw new Error(`deferred column ${d.table}.${d.column}: no key columns to find its rows by`);
  for (const k of d.key)
    if (!columns.includes(k))
      throw new Error(`deferred column ${d.table}.${d.column}: key column ${k} is not among the table's columns`);
}

export interface StatementLimits {
  rowsPerStatement?: number;
  maxStatementBytes?: number;
}

/** Collects row tuples into INSERT statements no longer than the limits (one row may pass the byte limit alone). */
export class InsertBatcher {
  private readonly maxRows: number;
  private readonly maxBytes: number;
  private tuples: string[] = [];
  private bytes: number;

  constructor(
    private readonly writing: TableWriting,
    limits: StatementLimits = {},
  ) {
    const rows = limits.rowsPerStatement ?? DEFAULT_ROWS_PER_STATEMENT;
    if (!Number.isInteger(rows) || rows < 1)
      throw new Error(`rowsPerStatement must be a positive integer, not ${rows}`);
    this.maxRows = writing.dialect === 'sqlserver' ? Math.min(rows, SQLSERVER_MAX_ROWS) : rows;
    this.maxBytes = limits.maxStatementBytes ?? DEFAULT_STATEMENT_BYTES;
    this.bytes = Buffer.byteLength(writing.prefix);
  }

  /** Adds a row; returns the statement it completed, if any. */
  add(row: (string | null)[]): string | null {
    const tuple = this.writing.tuple(row);
    const size = Buffer.byteLength(tuple) + 2;
    let done: string | null = null;
    if (this.tuples.length > 0 && this.bytes + size > this.maxBytes) done = this.flush();
    this.tuples.push(tuple);
    this.bytes += size;
    if (this.tuples.length >= this.maxRows) done = this.join(done, this.flush());
    return done;
  }

  /** No row is waiting for a statement. */
  isEmpty(): boolean {
    return this.tuples.length === 0;
  }

  /** The statement of the rows not yet written, or null when there are none. */
  flush(): string | null {
    if (this.tuples.length === 0) return null;
    const statement = this.writing.prefix + this.tuples.join(',\n') + ';\n';
    this.tuples = [];
    this.bytes = Buffer.byteLength(this.writing.prefix);
    return statement;
  }

  private join(a: string | null, b: string | null): string | null {
    return a === null ? b : b === null ? a : a + b;
  }
}

/**
 * Empties the tables, children before parents. A cycle's deferred columns are set NULL first
 * so the rows of a cycle can go. PostgreSQL truncates them all in one statement (fast, and a
 * cycle is no obstacle); MySQL checks a self-reference row by row while deleting, so its
 * deletes run with foreign key checks off (the rows are gone at the end either way).
 */
export function truncateStatements(dialect: SqlDialect, tableNames: string[], deferred: DeferredColumn[]): string[] {
  const reversed = [...tableNames].reverse();
  if (dialect === 'postgres') return [`TRUNCATE TABLE ${reversed.map((t) => quoteTable(dialect, t)).join(', ')}`];
  const deletes = reversed.map((t) => `DELETE FROM ${quoteTable(dialect, t)}`);
  if (dialect === 'mysql') return ['SET FOREIGN_KEY_CHECKS = 0', ...deletes, 'SET FOREIGN_KEY_CHECKS = 1'];
  const nulls = groupByTable(deferred).map(
    ([table, columns]) =>
      `UPDATE ${quoteTable(dialect, table)} SET ${columns.map((d) => `${quoteName(dialect, d.column)} = NULL`).join(', ')}`,
  );
  return [...nulls, ...deletes];
}

function groupByTable(deferred: DeferredColumn[]): [string, DeferredColumn[]][] {
  const byTable = new Map<string, DeferredColumn[]>();
  for (const d of deferred) byTable.set(d.table, [...(byTable.get(d.table) ?? []), d]);
  return [...byTable];
}

/**
 * The UPDATE that sets one row's deferred columns, found by its key; null when they are all
 * NULL in this row (nothing to set).
 */
export function deferredUpdate(writing: TableWriting, keyColumns: string[], row: (string | null)[]): string | null {
  const { dialect, text } = writing;
  const sets: string[] = [];
  writing.deferred.forEach((deferred, i) => {
    if (deferred && row[i] !== null)
      sets.push(`${quoteName(dialect, text.columns[i])} = ${valueLiteral(dialect, row[i], writing.shapes[i])}`);
  });
  if (sets.length === 0) return null;
  const where = keyColumns.map((k) => {
    const i = text.columns.indexOf(k);
    const value = row[i];
    if (value === null) throw new Error(`deferred columns of ${text.table.name}: key column ${k} is NULL in a row`);
    return `${quoteName(dialect, k)} = ${valueLiteral(dialect, value, writing.shapes[i])}`;
  });
  return `UPDATE ${writing.name} SET ${sets.join(', ')} WHERE ${where.join(' AND ')}`;
}

/** The key columns a table's deferred columns find their rows by (the first deferred column's). */
export function deferredKey(tableName: string, deferred: DeferredColumn[]): string[] {
  return deferred.find((d) => d.table === tableName)?.key ?? [];
}
