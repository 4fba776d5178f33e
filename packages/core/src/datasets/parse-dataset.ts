/**
 * An uploaded table (CSV, or tab-separated text) -> a DatasetTable: column names from the first
 * row, trimmed. One parser for the server's uploads and the command line's --dataset files, so a
 * schema reads a file the same way wherever it runs.
 */
import { parse } from 'csv-parse/sync';

/** What is wrong with a table and where (line, column); callers turn it into a 400 or a usage error. */
export class DatasetParseError extends Error {}

/**
 * Which separator a table uses. A .txt file is tab-separated unless its first line has commas
 * and no tabs; otherwise a first line with tabs and no commas means tabs; anything else is CSV.
 */
export function separatorFor(text: string, filename: string | null): ',' | '\t' {
  const firstLine = text.split(/\r?\n/, 1)[0];
  const tabs = firstLine.includes('\t');
  const commas = firstLine.includes(',');
  if (filename !== null && /\.txt$/i.test(filename)) return commas && !tabs ? ',' : '\t';
  return tabs && !commas ? '\t' : ',';
}

/**
 * Parses a table, or throws a DatasetParseError saying what is wrong and where: an empty text, a
 * malformed quote, a row with more or fewer values than the header, an empty or repeated column name.
 */
/** `subject` names the text in messages: the request body, or a file. */
export function parseDataset(text: string, filename: string | null, subject = 'the body'): { columns: string[]; rows: string[][] } {
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') throw new DatasetParseError(`${subject} is empty; send the table as CSV (or tab-separated text) with a header row of column names`);
  const delimiter = separatorFor(body, filename);
  const kind = delimiter === ',' ? 'CSV' : 'tab-separated text';
  let width = -1;
  let ragged: { line: number; values: number } | null = null;
  let records: string[][];
  try {
    records = parse(body, {
      delimiter,
      // Tab-separated text rarely quotes: a quote inside a value is kept as it is.
      relax_quotes: delimiter === '\t',
      relax_column_count: true,
      skip_empty_lines: true,
      // The header's width is the rule; the first row that breaks it is reported by its line.
      on_record: (record: string[], context) => {
        if (width < 0) width = record.length;
        else if (ragged === null && record.length !== width) ragged = { line: context.lines, values: record.length };
        return record;
      },
    }) as string[][];
  } catch (error) {
    const { message, lines } = error as Error & { lines?: number };
    throw new DatasetParseError(`${subject} is not valid ${kind}${typeof lines === 'number' ? ` (line ${lines})` : ''}: ${message}; quote values that contain the separator, quotes or line breaks`);
  }
  const [header, ...rows] = records;
  const columns = header.map((name) => name.trim());
  const found = ragged as { line: number; values: number } | null;
  if (found) {
    throw new DatasetParseError(`line ${found.line} has ${found.values} value${found.values === 1 ? '' : 's'} but the header row has ${columns.length} columns; every row needs one value per column (leave a value empty, not out)`);
  }
  columns.forEach((name, i) => {
    if (name === '') throw new DatasetParseError(`column ${i + 1} of the header row has no name; the first row must name every column`);
    const first = columns.indexOf(name);
    if (first !== i) throw new DatasetParseError(`column name "${name}" appears twice in the header row (columns ${first + 1} and ${i + 1}); column names must be unique`);
  });
  if (rows.length === 0) throw new DatasetParseError('the table has a header row but no data rows; add at least one row of values below the column names');
  return { columns, rows };
}
