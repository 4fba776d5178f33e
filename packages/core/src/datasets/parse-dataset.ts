/**
 * A whole table (CSV, or tab-separated text) read at once -> a DatasetTable: the command line's
 * --dataset files. It follows the same rules as the server's streaming reader of uploads
 * (table-rules.ts, table-reader.ts), with the same messages, so a schema reads a file the same
 * way wherever it runs.
 */
import { parse } from 'csv-parse/sync';
import { DatasetParseError } from './dataset-errors.js';
import { emptyMessage, parserOptions, readError, separatorFor, TableRules, type TableSink } from './table-rules.js';

export { DatasetParseError, DatasetTooLargeError } from './dataset-errors.js';
export { separatorFor } from './table-rules.js';

/** Keeps every row, as the engine takes them. */
class RowsKept implements TableSink {
  columns: string[] = [];
  readonly rows: string[][] = [];
  header(columns: readonly string[]): void {
    this.columns = [...columns];
  }
  row(values: string[]): void {
    this.rows.push(values);
  }
}

/**
 * Parses a table, or throws a DatasetParseError saying what is wrong and where: an empty text, a
 * malformed quote, a row with more or fewer values than the header, an empty or repeated column
 * name, a cap of dataset-limits.ts passed. `subject` names the text in messages: the request
 * body, or a file.
 */
export function parseDataset(
  text: string,
  filename: string | null,
  subject = 'the body',
): { columns: string[]; rows: string[][] } {
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') throw new DatasetParseError(emptyMessage(subject));
  const delimiter = separatorFor(body, filename);
  const table = new RowsKept();
  const rules = new TableRules(table);
  try {
    // Each record is checked and handed on as it is read; null keeps csv-parse from keeping it too.
    parse(body, {
      ...parserOptions(delimiter),
      on_record: (record: string[], context) => {
        rules.record(record, context.lines);
        return null;
      },
    });
  } catch (error) {
    throw readError(error, subject, delimiter);
  }
  rules.finish(subject);
  return { columns: table.columns, rows: table.rows };
}
