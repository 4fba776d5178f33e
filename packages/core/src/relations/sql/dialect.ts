/**
 * How each SQL dialect writes names and values. Scripts (sql-script.ts) and the server's direct
 * loaders share these, so what a script inserts and what a load inserts are the same text.
 */
import { SQL_RESERVED } from '../../writers/sql-writer.js';
import type { ColumnFacts } from '../project-document.js';

export const SQL_DIALECTS = ['postgres', 'mysql', 'sqlite', 'sqlserver'] as const;
export type SqlDialect = (typeof SQL_DIALECTS)[number];

/** A lower-case plain name means the same bare or quoted, so it stays bare (readable scripts). */
const BARE_EXACT = /^[a-z_][a-z0-9_]*$/;

/** One name part, quoted so the database sees exactly this name (case included). */
export function quoteName(dialect: SqlDialect, name: string): string {
  const clean = name.replaceAll('\0', '');
  switch (dialect) {
    case 'mysql':
      return '`' + clean.replaceAll('`', '``') + '`';
    case 'sqlserver':
      return '[' + clean.replaceAll(']', ']]') + ']';
    default:
      if (BARE_EXACT.test(clean) && !SQL_RESERVED.has(clean)) return clean;
      return '"' + clean.replaceAll('"', '""') + '"';
  }
}

/** A table name; "sales.orders" is schema sales, table orders (project-document.ts). */
export function quoteTable(dialect: SqlDialect, name: string): string {
  return name
    .split('.')
    .map((part) => quoteName(dialect, part))
    .join('.');
}

/**
 * A string literal. PostgreSQL and SQLite: standard strings (only `'` doubled; backslashes and
 * line breaks are text). MySQL's default mode reads backslash escapes, so backslash, quote and
 * the control characters its docs list are escaped (the script and the loader turn
 * NO_BACKSLASH_ESCAPES off for their session, which would read them as text).
 * SQL Server: N'...' so the text stays Unicode whatever the database's code page.
 * NUL is dropped except for MySQL, as the single-table writer does (sql-writer.ts): PostgreSQL
 * text cannot hold it.
 */
export function quoteString(dialect: SqlDialect, text: string): string {
  switch (dialect) {
    case 'mysql':
      return "'" + text.replace(MYSQL_SPECIAL, (c) => MYSQL_ESCAPES[c]) + "'";
    case 'sqlserver':
      return "N'" + text.replaceAll("'", "''").replaceAll('\0', '') + "'";
    default:
      return "'" + text.replaceAll("'", "''").replaceAll('\0', '') + "'";
  }
}

const MYSQL_SPECIAL = /[\0\n\r\x1a'"\\]/g;
const MYSQL_ESCAPES: Record<string, string> = {
  '\0': '\\0',
  '\n': '\\n',
  '\r': '\\r',
  '\x1a': '\\Z',
  "'": "\\'",
  '"': '\\"',
  '\\': '\\\\',
};

/** How a column takes its text: as is, or as a boolean or a number written bare. */
export type ValueShape = 'text' | 'boolean' | 'number';

const BOOLEAN_TYPE = /^(bool|boolean|bit|bit\s*\(\s*1\s*\)|tinyint\s*\(\s*1\s*\))$/i;
const NUMBER_TYPE =
  /^(tinyint|smallint|mediumint|int|integer|bigint|int2|int4|int8|serial|bigserial|smallserial|numeric|decimal|real|float|float4|float8|double|double precision|money)\b/i;

/** From the column's declared type (project-document.ts's ColumnFacts); text when unknown. */
export function valueShape(facts: ColumnFacts | undefined): ValueShape {
  const type = facts?.sql_type?.trim();
  if (!type) return 'text';
  if (BOOLEAN_TYPE.test(type)) return 'boolean';
  if (NUMBER_TYPE.test(type)) return 'number';
  return 'text';
}

const NUMBER_TEXT = /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const TRUE_TEXT = /^(true|t|yes|y|1)$/i;
const FALSE_TEXT = /^(false|f|no|n|0)$/i;

/** true/false for text a boolean column can take; null when the text is not a boolean. */
export function booleanOf(text: string): boolean | null {
  if (TRUE_TEXT.test(text)) return true;
  if (FALSE_TEXT.test(text)) return false;
  return null;
}

/**
 * A value as SQL. Text is a quoted string, which every dialect converts to the column's type;
 * booleans become the dialect's own literal (MySQL's TINYINT(1) rejects 'true' in strict mode,
 * SQLite would keep the word), and numbers in numeric columns are written bare. Anything that
 * does not look like its column's kind stays a string, so the database's own error names it.
 */
export function valueLiteral(dialect: SqlDialect, value: string | null, shape: ValueShape): string {
  if (value === null) return 'NULL';
  if (shape === 'number' && NUMBER_TEXT.test(value)) return value;
  if (shape === 'boolean') {
    const b = booleanOf(value);
    if (b !== null) return dialect === 'postgres' ? (b ? 'TRUE' : 'FALSE') : b ? '1' : '0';
  }
  return quoteString(dialect, value);
}
