/**
 * A sample CSV (or tab-separated) text -> its header and up to MAX_SAMPLE_ROWS rows, parsed by
 * csv-parse with the datasets' options (never split by hand). A header alone is a sample too.
 * Only the start of a long text is read: it is cut at a line break, and a record the cut broke
 * is dropped, so a file's first megabyte infers as the whole file would.
 */
import { parse } from 'csv-parse/sync';
import { CsvError } from 'csv-parse';
import { parserOptions, separatorFor } from '../datasets/table-rules.js';
import { fieldNames, type FieldNameChoice } from './field-names.js';
import { MAX_SAMPLE_CELLS, MAX_SAMPLE_CHARS, MAX_SAMPLE_COLUMNS, MAX_SAMPLE_ROWS } from './sample-limits.js';

/** What is wrong with a sample: the server answers it as a 400, the command line as a usage error. */
export class InferenceError extends Error {
  constructor(
    message: string,
    /** A fixed cap that was passed (the server names it beside the message). */
    readonly limit?: string,
  ) {
    super(message);
    this.name = 'InferenceError';
  }
}

export interface Sample {
  /** Field names for the columns (field-names.ts): as written where the grammar allows. */
  columns: FieldNameChoice[];
  /** Data rows, each with one value per column (missing values are ''). */
  rows: string[][];
  /** Data rows the text had beyond those read (at least; the text may go on). */
  truncated: boolean;
}

/** The text cut to MAX_SAMPLE_CHARS at its last line break, and whether it was cut. */
function bounded(text: string): { body: string; cut: boolean } {
  if (text.length <= MAX_SAMPLE_CHARS) return { body: text, cut: false };
  const head = text.slice(0, MAX_SAMPLE_CHARS);
  const lastBreak = head.lastIndexOf('\n');
  return { body: lastBreak > 0 ? head.slice(0, lastBreak + 1) : head, cut: true };
}

export function readSample(text: string, filename: string | null = null): Sample {
  // Cut first: even stripping a byte order mark copies the whole text.
  const { body: head, cut } = bounded(text);
  const body = head.replace(/^\uFEFF/, '');
  if (body.trim() === '')
    throw new InferenceError(
      'the sample is empty; give a CSV header line (id,first_name,email), with rows of data if you have them',
    );
  const delimiter = delimiterOf(body, filename);
  const records: string[][] = [];
  let wanted = MAX_SAMPLE_ROWS + 1;
  try {
    parse(body, {
      ...parserOptions(delimiter === ';' ? ',' : delimiter),
      delimiter,
      on_record: (record: string[]) => {
        if (records.length === 0) {
          if (record.length > MAX_SAMPLE_COLUMNS)
            throw new InferenceError(
              `the header has ${record.length} columns; a schema holds at most ${MAX_SAMPLE_COLUMNS} fields`,
              'columns',
            );
          // A wide table reads fewer rows, so the cells read stay bounded.
          wanted = 1 + Math.max(1, Math.min(MAX_SAMPLE_ROWS, Math.floor(MAX_SAMPLE_CELLS / record.length)));
        }
        records.push(record);
        if (records.length >= wanted) throw STOP;
        return null;
      },
    });
  } catch (error) {
    if (error === STOP) return sampleOf(records, wanted, true);
    if (error instanceof InferenceError) throw error;
    // A record the cut broke (an open quote at the end) is dropped; any other fault is the sample's.
    if (!(error instanceof CsvError) || !cut || records.length < 2) throw readProblem(error, delimiter);
  }
  return sampleOf(records, wanted, cut);
}

/**
 * The datasets' rule (tabs or commas), and semicolons when the first line has them and neither
 * of the others: what spreadsheets write where the comma is the decimal mark.
 */
function delimiterOf(body: string, filename: string | null): ',' | '\t' | ';' {
  const firstLine = body.split(/\r?\n/, 1)[0];
  if (firstLine.includes(';') && !firstLine.includes(',') && !firstLine.includes('\t')) return ';';
  return separatorFor(body, filename);
}

/** Thrown from csv-parse's record callback to stop reading once enough rows are in. */
const STOP = new Error('enough rows');

function sampleOf(records: string[][], wanted: number, truncated: boolean): Sample {
  const [header, ...rows] = records;
  if (!header || header.every((name) => name.trim() === ''))
    throw new InferenceError(
      'the sample has no header line; its first line must name the columns, e.g. id,first_name,email',
    );
  const columns = fieldNames(header);
  const kept = rows.slice(0, wanted - 1).map((row) => columns.map((_, i) => row[i] ?? ''));
  return { columns, rows: kept, truncated };
}

function readProblem(error: unknown, delimiter: string): Error {
  if (!(error instanceof CsvError)) return error as Error;
  const kind = delimiter === '\t' ? 'tab-separated text' : 'CSV';
  const { message, lines } = error as CsvError & { lines?: number };
  return new InferenceError(
    `the sample is not valid ${kind}${typeof lines === 'number' ? ` (line ${lines})` : ''}: ${message}; quote values that contain the separator, quotes or line breaks`,
  );
}
