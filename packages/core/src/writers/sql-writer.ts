/**
 * SQL insert statements, one per row, in the dialect SQLite and PostgreSQL share (standard
 * string literals: only `'` is special, doubled; backslashes and line breaks are literal text).
 * MySQL's default mode treats backslash as an escape, so MySQL users need NO_BACKSLASH_ESCAPES.
 *
 * NUL (U+0000) is dropped from string literals: PostgreSQL text cannot hold it at all and SQLite
 * cuts text at it in some APIs. Our generators never emit NUL; user data (datasets, formulas)
 * could, and silently losing that one invisible character beats a script that fails to load.
 */
import { isPlain } from './plain-text.js';
import type { RecordShape } from '../kernel/shape.js';
import type { OutputKind } from '../kernel/define-type.js';
import { JsonFragment, Verbatim, type Value } from '../kernel/values.js';
import { jsonCell, planColumns, type PlannedColumn } from './flatten.js';
import type { ByteLayout, RowWriter } from './writer.js';
import { separatedLayout } from './byte-layout.js';
import { numberText } from '../kernel/number-text.js';

/** Common reserved words of SQLite, PostgreSQL and the SQL standard; quoting more is harmless. */
export const SQL_RESERVED = new Set(
  (
    'abort action add all alter analyse analyze and any array as asc asymmetric attach authorization autoincrement ' +
    'begin between binary both by cascade case cast check collate column commit constraint create cross current ' +
    'current_date current_role current_time current_timestamp current_user database default deferrable deferred ' +
    'delete desc detach distinct do drop each else end escape except exclusive exists explain false fetch filter ' +
    'for foreign freeze from full glob grant group having if ilike immediate in index indexed initially inner ' +
    'insert instead intersect into is isnull join key lateral leading left like limit localtime localtimestamp ' +
    'match natural no not nothing notnull null of offset on only or order outer over overlaps partition placing ' +
    'plan pragma primary query raise range recursive references regexp reindex release rename replace restrict ' +
    'returning right rollback row rows savepoint select session_user set similar some symmetric table tablesample ' +
    'temp temporary then to trailing transaction trigger true union unique update user using vacuum values ' +
    'variadic verbose view virtual when where window with without'
  ).split(' '),
);

const BARE_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Bare when it is a plain identifier and not reserved, else double-quoted. Bare names are folded
 * to lower case by PostgreSQL (Mockaroo's `MOCK_DATA` becomes mock_data there), which is what
 * users of unquoted SQL expect.
 */
export function sqlIdentifier(name: string): string {
  if (BARE_IDENTIFIER.test(name) && !SQL_RESERVED.has(name.toLowerCase())) return name;
  return '"' + name.replaceAll('"', '""').replaceAll('\0', '') + '"';
}

const NEEDS_SQL_ESCAPE = /['\0]/;

export function sqlString(s: string): string {
  if (!NEEDS_SQL_ESCAPE.test(s)) return "'" + s + "'";
  return "'" + s.replaceAll("'", "''").replaceAll('\0', '') + "'";
}

/**
 * Column types for `create table`, portable to SQLite and PostgreSQL:
 * - BIGINT for integers: generated integers (row numbers, large ranges, epoch milliseconds) can
 *   pass 2^31, which PostgreSQL's INT rejects; SQLite treats any *INT* type as INTEGER.
 * - NUMERIC for decimals: PostgreSQL keeps the literal exactly at any precision (a fixed
 *   DECIMAL(p,s) would round latitudes or reject large values); SQLite stores it as a number.
 * - TEXT for strings, dates and times (their format is user-chosen, e.g. %m/%d/%Y, which DATE
 *   columns would reject or misread) and JSON text; lengths are unbounded, so no VARCHAR(n).
 */
function sqlType(output: OutputKind): string {
  switch (output) {
    case 'integer':
      return 'BIGINT';
    case 'number':
      return 'NUMERIC';
    case 'boolean':
      return 'BOOLEAN';
    default:
      return 'TEXT';
  }
}

export class SqlWriter implements RowWriter {
  readonly contentType = 'application/sql; charset=utf-8';
  readonly extension = 'sql';
  private readonly columns: PlannedColumn[];
  /** Per column: its strings can never need escaping (see plain-text.ts). */
  private readonly plain: boolean[];
  private readonly slots: number[];
  /** `insert into T (a, b) values (` */
  private readonly prefix: string;
  private readonly preamble: string;
  /** A row with no visible columns: `()` lists are a syntax error, so the row still gets inserted this way. */
  private readonly noColumnsRow: string;

  constructor(shape: RecordShape, table: string, createTable: boolean) {
    this.columns = planColumns(shape);
    this.slots = this.columns.map((c) => c.slot);
    this.plain = this.columns.map((c) => isPlain(c.node, NEEDS_SQL_ESCAPE));
    const tableName = sqlIdentifier(table);
    const names = this.columns.map((c) => sqlIdentifier(c.header));
    this.prefix = `insert into ${tableName} (${names.join(', ')}) values (`;
    this.noColumnsRow = `insert into ${tableName} default values;\n`;
    this.preamble = createTable
      ? `create table ${tableName} (\n` +
        this.columns.map((c, i) => `\t${names[i]} ${sqlType(c.output)}`).join(',\n') +
        '\n);\n'
      : '';
  }

  begin(): string {
    return this.preamble;
  }

  row(values: Value[], _index: number): string {
    const slots = this.slots;
    const n = slots.length;
    if (n === 0) return this.noColumnsRow;
    let s = this.prefix + this.literal(values[slots[0]], 0);
    for (let i = 1; i < n; i++) s += ', ' + this.literal(values[slots[i]], i);
    return s + ');\n';
  }

  end(): string {
    return '';
  }

  byteLayout(): ByteLayout | null {
    return separatedLayout(
      this.prefix,
      ', ',
      ');\n',
      this.slots.map((slot, column) => ({
        slot,
        plainText: this.plain[column],
        open: "'",
        close: "'",
        plainNumbers: true,
        text: (value: Value) => this.literal(value, column),
      })),
    );
  }

  private literal(v: Value, column: number): string {
    switch (typeof v) {
      case 'string':
        return this.plain[column] || !NEEDS_SQL_ESCAPE.test(v) ? "'" + v + "'" : sqlString(v);
      case 'number':
        return Number.isFinite(v) ? numberText(v) : 'NULL';
      case 'boolean':
        return v ? 'true' : 'false';
    }
    if (v === null || v === undefined) return 'NULL';
    // SQL Expression and code() values are SQL text by design: written as they are. JSON
    // fragments (document_db_object_id) are data: a quoted string.
    if (v instanceof JsonFragment) return sqlString(v.text);
    if (v instanceof Verbatim) return v.text;
    const json = jsonCell(this.columns[column], v);
    return json === null ? 'NULL' : sqlString(json);
  }
}
