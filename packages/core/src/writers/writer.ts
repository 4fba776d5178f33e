/**
 * The one contract every output format follows. A writer turns rows into text pieces; the
 * streaming layer (engine/) batches the pieces into ~64 KiB strings and honours back-pressure.
 *
 * `row(values, index)` must depend only on its arguments (and the options/shape given at
 * creation), never on rows written before: worker threads write row ranges independently
 * and the pieces are joined in order, byte-identical to a single thread.
 */
import type { RecordShape } from '../schema/shape.js';
import type { Value } from '../values.js';

export const OUTPUT_FORMATS = ['json', 'csv', 'txt', 'custom', 'sql', 'xml'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export interface WriterOptions {
  format: OutputFormat;
  /** Rows in the whole output (json: one object when 1 and `array` is false). */
  count: number;
  /** json: always an array. Default false. */
  array?: boolean;
  /** json: false omits keys whose value is null. Default true. */
  includeNulls?: boolean;
  /** csv, txt, custom: header row. Default true. */
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
  /** sql: table name (default MOCK_DATA). */
  table?: string;
  /** sql: emit `create table` first. Default false. */
  createTable?: boolean;
  /** xml: root element name (default dataset). */
  rootElement?: string;
  /** xml: record element name (default record). */
  recordElement?: string;
}

export interface RowWriter {
  /** Full Content-Type header value, charset included. */
  readonly contentType: string;
  /** File extension without the dot. */
  readonly extension: string;
  /** Everything before the first row (BOM, header, `[`, XML declaration and root...). */
  begin(): string;
  /** One row, including any separator that goes before it (`,` in a JSON array for index > 0). */
  row(values: Value[], index: number): string;
  /** Everything after the last row. */
  end(): string;
}
