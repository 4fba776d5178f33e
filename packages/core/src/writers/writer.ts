/**
 * The one contract every output format follows. A writer turns rows into text pieces; the
 * streaming layer (engine/) batches the pieces into ~64 KiB strings and honours back-pressure.
 *
 * `row(values, index)` must depend only on its arguments (and the options/shape given at
 * creation), never on rows written before: worker threads write row ranges independently
 * and the pieces are joined in order, byte-identical to a single thread.
 */
import type { Value } from '../kernel/values.js';

export const OUTPUT_FORMATS = [
  'json',
  'csv',
  'txt',
  'custom',
  'sql',
  'xml',
  'jsonl',
  'firebase',
  'cql',
  'dbunit',
  'xlsx',
] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/**
 * Other names a format is asked for by: the established product's names (its web page's
 * `excel`, `dbunit`), the common spelling of JSON Lines, and `dbunit.xml` as a file extension.
 */
export const FORMAT_ALIASES: Readonly<Record<string, OutputFormat>> = {
  excel: 'xlsx',
  ndjson: 'jsonl',
  'dbunit.xml': 'dbunit',
};

/** The format a name or alias stands for, in any case; null when none. */
export function outputFormatNamed(name: string): OutputFormat | null {
  const lower = name.toLowerCase();
  if ((OUTPUT_FORMATS as readonly string[]).includes(lower)) return lower as OutputFormat;
  return Object.hasOwn(FORMAT_ALIASES, lower) ? FORMAT_ALIASES[lower] : null;
}

/**
 * Each format's media type (without parameters): what its writer's contentType starts with,
 * for documents that list them (the OpenAPI description, a mock API's export).
 */
export const FORMAT_MEDIA_TYPES: Readonly<Record<OutputFormat, string>> = {
  json: 'application/json',
  csv: 'text/csv',
  txt: 'text/tab-separated-values',
  custom: 'text/plain',
  sql: 'application/sql',
  xml: 'application/xml',
  jsonl: 'application/x-ndjson',
  firebase: 'application/json',
  cql: 'text/plain',
  dbunit: 'application/xml',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * What makes a generation's own identifiers (Firebase push ids): its reference time (formulas'
 * now()) and seed key, so a reproduced run reproduces them. The engine fills it in.
 */
export interface GenerationIdentity {
  startedAtMs: number;
  seedKey: number;
}

export interface WriterOptions {
  format: OutputFormat;
  /** Rows in the whole output (json: one object when 1 and `array` is false). */
  count: number;
  /** json: always an array. Default false. */
  array?: boolean;
  /** json: false omits keys whose value is null. Default true. */
  includeNulls?: boolean;
  /** csv, txt, custom, xlsx: header row. Default true. */
  includeHeader?: boolean;
  /** csv, txt, custom: UTF-8 byte order mark first. Default false. */
  bom?: boolean;
  /** csv, txt, custom: unix (\n, default) or windows (\r\n). */
  lineEnding?: 'unix' | 'windows';
  /**
   * csv, txt, custom: text starting with = + - @ tab or CR gets a leading ' so spreadsheets do
   * not run it as a formula (CSV injection). Numbers are left alone. Default false.
   */
  neutralizeFormulas?: boolean;
  /** custom: column separator (default ","). */
  delimiter?: string;
  /** custom: quote character (default "\""). */
  quoteChar?: string;
  /** sql, cql, dbunit: table name (default MOCK_DATA). */
  table?: string;
  /** cql: keyspace the table is in (default: none, the session's keyspace). */
  keyspace?: string;
  /** xlsx: the worksheet's name (default MOCK_DATA). */
  sheetName?: string;
  /** firebase: what keys the rows: push ids (default) or row numbers from 1. */
  firebaseKey?: 'push_id' | 'row_number';
  /** firebase: the generation's time and seed, for push ids (the engine sets it). */
  identity?: GenerationIdentity;
  /** sql: emit `create table` first. Default false. */
  createTable?: boolean;
  /** xml: root element name (default dataset). */
  rootElement?: string;
  /** xml: record element name (default record). */
  recordElement?: string;
}

/**
 * A format's row as a fixed sequence the byte engine walks (engine/byte-rows.ts): pieces[0],
 * column 0, pieces[1], column 1, ..., pieces[n]. Only for formats and options whose every row has
 * that sequence; a writer whose rows vary in shape (JSON without nulls, nested objects) has none.
 */
export interface ByteLayout {
  /** Before the first row, and before every later one (JSON's ",\n" between array entries). */
  readonly firstRowPrefix: string;
  readonly laterRowPrefix: string;
  /** Firebase: the row's own key, written after the prefix and before pieces[0]. */
  rowKey?(index: number): string;
  /** Text around the columns: one more than there are columns. */
  readonly pieces: readonly string[];
  readonly columns: readonly LayoutColumn[];
  /**
   * XML: a record none of whose columns writes anything is `<record/>`, not the pieces; a row
   * whose values are all such (isEmptyRow) is written as emptyRow instead.
   */
  readonly emptyRow?: { readonly text: string; isEmptyRow(values: Value[]): boolean };
}

export interface LayoutColumn {
  readonly slot: number;
  /**
   * This column's text values are written as they are: the field declared characters none of
   * which the format escapes, and no option (such as neutralising formulas) changes them.
   */
  readonly plainText: boolean;
  /**
   * What goes before and after a text value written as it is: '"' in JSON, "'" in SQL, the
   * element's tags in XML, nothing in delimited text.
   */
  readonly open: string;
  readonly close: string;
  /** Finite numbers are written as numberText gives them, with nothing around them. */
  readonly plainNumbers: boolean;
  /** The writer's text for any value: what row() would put in this column. */
  text(value: Value): string;
}

export interface RowWriter {
  /** Full Content-Type header value, charset included for text. */
  readonly contentType: string;
  /** File extension without the dot. */
  readonly extension: string;
  /** Everything before the first row (BOM, header, `[`, XML declaration and root...). */
  begin(): string;
  /** One row, including any separator that goes before it (`,` in a JSON array for index > 0). */
  row(values: Value[], index: number): string;
  /** Everything after the last row. */
  end(): string;
  /** The row as a fixed sequence, for writing it as bytes; absent or null where rows vary. */
  byteLayout?(): ByteLayout | null;
  /**
   * Binary formats only (xlsx): turns the text begin() + rows + end(), in order, into the file's
   * bytes (a zip holding that text as one part). Absent: the text, as UTF-8, is the file. A
   * packed file can only be made from the whole text at once, so it cannot be joined from
   * separately made row ranges (background jobs make it in one piece).
   */
  pack?(text: AsyncIterable<Buffer | string>): AsyncIterable<Buffer>;
}
