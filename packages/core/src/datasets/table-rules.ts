/**
 * The rules every uploaded table follows, applied record by record as csv-parse reads it (both
 * the streaming reader of the server's uploads and the command line's whole-file parse use
 * them, so a table reads the same everywhere): a header row of unique, non-empty column names,
 * one value per column on every row, and the caps of dataset-limits.ts. Records are handed to a
 * sink and not kept, so reading a table holds one record at a time.
 */
import { CsvError, type Options } from 'csv-parse';
import { DatasetParseError } from './dataset-errors.js';
import { MAX_DATASET_COLUMN_NAME_BYTES, MAX_DATASET_COLUMNS, MAX_DATASET_VALUE_BYTES } from './dataset-limits.js';

/** Where the checked table goes: the server's stored form, or the command line's rows. */
export interface TableSink {
  /** The column names (trimmed), once the header row passed its checks. */
  header(columns: readonly string[]): void;
  /** One data row, one value per column; `line` is where it ends, for messages. */
  row(values: string[], line: number): void;
}

export type Separator = ',' | '\t';

/**
 * Which separator a table uses. A .txt file is tab-separated unless its first line has commas
 * and no tabs; otherwise a first line with tabs and no commas means tabs; anything else is CSV.
 */
export function separatorFor(text: string, filename: string | null): Separator {
  const firstLine = text.split(/\r?\n/, 1)[0];
  const tabs = firstLine.includes('\t');
  const commas = firstLine.includes(',');
  if (filename !== null && /\.txt$/i.test(filename)) return commas && !tabs ? ',' : '\t';
  return tabs && !commas ? '\t' : ',';
}

/** UTF-8 bytes of a text, counted only when it could be past `cap` (a UTF-16 unit is at most 3 bytes). */
function bytesPast(text: string, cap: number): number | null {
  if (text.length * 3 <= cap) return null;
  const bytes = Buffer.byteLength(text);
  return bytes > cap ? bytes : null;
}

function quoted(text: string): string {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}...` : text);
}

/** How csv-parse reads a table with this separator (the readers add how they take its records). */
export function parserOptions(delimiter: Separator): Options {
  return {
    delimiter,
    // Tab-separated text rarely quotes: a quote inside a value is kept as it is.
    relax_quotes: delimiter === '\t',
    // The header's width is the rule, checked by TableRules so the message names the line.
    relax_column_count: true,
    skip_empty_lines: true,
  };
}

export class TableRules {
  private columns: string[] | null = null;
  /** Data rows passed to the sink so far. */
  rows = 0;

  constructor(private readonly sink: TableSink) {}

  /** Checks one record (the header row first) and hands it to the sink; `line` is where it ends. */
  record(record: string[], line: number): void {
    if (this.columns === null) this.header(record);
    else this.row(record, line);
  }

  private header(cells: string[]): void {
    if (cells.length > MAX_DATASET_COLUMNS) {
      throw new DatasetParseError(
        `the header row has ${cells.length} columns; a dataset may have at most ${MAX_DATASET_COLUMNS}: split the table, or leave out the columns no schema reads`,
        'datasetColumns',
        MAX_DATASET_COLUMNS,
      );
    }
    const columns = cells.map((name) => name.trim());
    // Where each name was first seen: one pass, whatever the width.
    const seen = new Map<string, number>();
    columns.forEach((name, i) => {
      if (name === '')
        throw new DatasetParseError(
          `column ${i + 1} of the header row has no name; the first row must name every column`,
        );
      const bytes = bytesPast(name, MAX_DATASET_COLUMN_NAME_BYTES);
      if (bytes !== null) {
        throw new DatasetParseError(
          `column ${i + 1} of the header row (${quoted(name)}) is a name of ${bytes} bytes; a column name may have at most ${MAX_DATASET_COLUMN_NAME_BYTES}: shorten it`,
          'datasetColumnNameBytes',
          MAX_DATASET_COLUMN_NAME_BYTES,
        );
      }
      const first = seen.get(name);
      if (first !== undefined)
        throw new DatasetParseError(
          `column name "${name}" appears twice in the header row (columns ${first + 1} and ${i + 1}); column names must be unique`,
        );
      seen.set(name, i);
    });
    this.columns = columns;
    this.sink.header(columns);
  }

  private row(values: string[], line: number): void {
    const columns = this.columns!;
    if (values.length !== columns.length) {
      throw new DatasetParseError(
        `line ${line} has ${values.length} value${values.length === 1 ? '' : 's'} but the header row has ${columns.length} columns; every row needs one value per column (leave a value empty, not out)`,
      );
    }
    for (let i = 0; i < values.length; i++) {
      const bytes = bytesPast(values[i], MAX_DATASET_VALUE_BYTES);
      if (bytes !== null) {
        throw new DatasetParseError(
          `line ${line}, column ${i + 1} (${quoted(columns[i])}): the value is ${bytes} bytes long; a value may have at most ${MAX_DATASET_VALUE_BYTES} bytes: shorten it`,
          'datasetValueBytes',
          MAX_DATASET_VALUE_BYTES,
        );
      }
    }
    this.rows++;
    this.sink.row(values, line);
  }

  /** After the last record: a table needs a header row and at least one data row. */
  finish(subject: string): void {
    if (this.columns === null) throw new DatasetParseError(emptyMessage(subject));
    if (this.rows === 0)
      throw new DatasetParseError(
        'the table has a header row but no data rows; add at least one row of values below the column names',
      );
  }
}

export function emptyMessage(subject: string): string {
  return `${subject} is empty; send the table as CSV (or tab-separated text) with a header row of column names`;
}

/** csv-parse's own errors (a malformed quote...) as a DatasetParseError naming the line; the rules' errors pass as they are. */
export function readError(error: unknown, subject: string, delimiter: Separator): unknown {
  if (!(error instanceof CsvError)) return error;
  const kind = delimiter === ',' ? 'CSV' : 'tab-separated text';
  const { message, lines } = error as CsvError & { lines?: number };
  return new DatasetParseError(
    `${subject} is not valid ${kind}${typeof lines === 'number' ? ` (line ${lines})` : ''}: ${message}; quote values that contain the separator, quotes or line breaks`,
  );
}
