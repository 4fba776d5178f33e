/**
 * The generate request's query string -> writer options, every parameter of Mockaroo's generate API plus
 * `seed`, `table`, `create_table` and the newer formats' `keyspace`, `sheet_name` and
 * `firebase_key`. Unknown parameters (client=node...) are ignored. Also the fields a body or
 * the `fields` parameter carries, in any schema shape.
 */
import {
  checkWriterOptions,
  OUTPUT_FORMATS,
  outputFormatNamed,
  readSchemaDocument,
  type OutputFormat,
  type WriterOptions,
} from '@rowloom/core';
import { badRequest, notFound } from '../../http/http-error.js';
import { queryBoolean, queryText, type Query } from '../../http/query.js';

/** A JavaScript identifier path (`cb`, `app.handlers.cb`): nothing else may reach the page. */
const CALLBACK = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/;

/** The format an extension (or saved name) names, aliases included (excel, ndjson, dbunit.xml). */
export function outputFormat(extension: string | undefined): OutputFormat {
  const format = outputFormatNamed(extension ?? 'json');
  if (format === null) throw notFound(`no such format "${extension}"; use /api/generate.{${OUTPUT_FORMATS.join(',')}}`);
  return format;
}

const FIREBASE_KEYS = ['push_id', 'row_number'] as const;

/**
 * Core's checks of a format's options (a CQL table name, a sheet name) and row count (an Excel
 * sheet's rows) as a 400 naming the parameter: core's messages start with the parameter's name.
 */
function checkFormat(options: WriterOptions): void {
  try {
    checkWriterOptions(options);
  } catch (error) {
    if (error instanceof RangeError) throw badRequest(error.message.replace(/^(\w+) /, 'parameter "$1" '));
    throw error;
  }
}

/** A 400 naming `count` when the format cannot hold that many rows (an Excel sheet: 1,048,576 with its header). */
export function checkRowCount(writer: Omit<WriterOptions, 'count'>, count: number): void {
  checkFormat({ ...writer, count });
}

export function writerOptions(format: OutputFormat, query: Query): Omit<WriterOptions, 'count'> {
  const delimiter = queryText(query, 'delimiter');
  const quoteChar = queryText(query, 'quote_char');
  const lineEnding = queryText(query, 'line_ending')?.toLowerCase();
  if (delimiter !== undefined && (delimiter === '' || /[\r\n]/.test(delimiter)))
    throw badRequest('parameter "delimiter" must be one or more characters, without line breaks');
  if (quoteChar !== undefined && ([...quoteChar].length !== 1 || /[\r\n]/.test(quoteChar)))
    throw badRequest(`parameter "quote_char" must be exactly one character, got "${quoteChar}"`);
  // The custom format's delimiter defaults to a comma, so quote_char=, clashes with it too.
  if (format === 'custom' && (delimiter ?? ',').includes(quoteChar ?? '"')) {
    throw badRequest(
      delimiter === undefined
        ? `parameter "quote_char" must differ from the delimiter (a comma by default), got "${quoteChar}"; choose another quote_char or set delimiter`
        : 'parameter "delimiter" must not contain the quote character (quote_char)',
    );
  }
  if (lineEnding !== undefined && lineEnding !== 'unix' && lineEnding !== 'windows')
    throw badRequest(`parameter "line_ending" must be unix or windows, got "${lineEnding}"`);
  const firebaseKey = queryText(query, 'firebase_key') || undefined;
  if (firebaseKey !== undefined && !(FIREBASE_KEYS as readonly string[]).includes(firebaseKey)) {
    throw badRequest(
      `parameter "firebase_key" must be ${FIREBASE_KEYS.join(' or ')}, got "${firebaseKey.slice(0, 60)}"`,
    );
  }
  const options: Omit<WriterOptions, 'count'> = {
    format,
    array: queryBoolean(query, ['array'], false),
    includeNulls: queryBoolean(query, ['include_nulls'], true),
    includeHeader: queryBoolean(query, ['include_header', 'header'], true),
    bom: queryBoolean(query, ['bom'], false),
    neutralizeFormulas: queryBoolean(query, ['neutralize_formulas'], false),
    lineEnding: lineEnding as 'unix' | 'windows' | undefined,
    delimiter,
    quoteChar,
    table: queryText(query, 'table') || undefined,
    createTable: queryBoolean(query, ['create_table'], false),
    rootElement: queryText(query, 'root_element') || undefined,
    recordElement: queryText(query, 'record_element') || undefined,
    keyspace: queryText(query, 'keyspace') || undefined,
    sheetName: queryText(query, 'sheet_name') || undefined,
    firebaseKey: firebaseKey as WriterOptions['firebaseKey'],
  };
  // No rows yet: the row count is checked once it is known (checkRowCount).
  checkFormat({ ...options, count: 0 });
  return options;
}

/** Seeds are any text; this bound keeps the X-Rowloom-Seed header a size every client accepts. */
export const MAX_SEED_LENGTH = 1000;

/** The `seed` parameter, or null when none was given (the engine then draws one). */
export function seedParameter(query: Query): string | null {
  const seed = queryText(query, 'seed');
  if (seed === undefined || seed === '') return null;
  if (seed.length > MAX_SEED_LENGTH)
    throw badRequest(`parameter "seed" is ${seed.length} characters long; use at most ${MAX_SEED_LENGTH}`);
  return seed;
}

/**
 * The X-Rowloom-Seed header: the seed percent-encoded as in a URL (encodeURIComponent), because
 * a header cannot carry every character a seed may hold (NUL, DEL, non-Latin-1 text). A number
 * or plain word reads the same, and the header's value can be pasted back as `?seed=`.
 */
/** Most characters of the warnings header; the rest is summed up. */
const WARNING_HEADER_CHARS = 4000;

/**
 * X-Rowloom-Warning: what the schema's author should hear though the rows were made (a formula's
 * field('X') naming no field reads as nil). Readable as it is; characters a header cannot carry,
 * and %, are percent-encoded, so decodeURIComponent gives the text back.
 */
export function warningHeader(warnings: readonly string[]): Record<string, string> {
  if (warnings.length === 0) return {};
  let text = warnings.join('; ');
  if (text.length > WARNING_HEADER_CHARS)
    text = `${text.slice(0, WARNING_HEADER_CHARS)}... (${warnings.length} warnings)`;
  return { 'x-rowloom-warning': text.replace(/[^\x20-\x24\x26-\x7e]/gu, (c) => encodeURIComponent(c)) };
}

export function seedHeader(seed: string | number): string {
  return encodeURIComponent(String(seed));
}

/** The JSONP callback, validated; only for json output. */
export function jsonpCallback(query: Query, format: OutputFormat): string | null {
  const callback = queryText(query, 'callback');
  if (callback === undefined || callback === '') return null;
  if (format !== 'json') throw badRequest('parameter "callback" (JSONP) works with json output only');
  if (!CALLBACK.test(callback) || callback.length > 128) {
    throw badRequest('parameter "callback" must be a JavaScript function name such as handleRows or app.onRows');
  }
  return callback;
}

export interface FieldSource {
  fields: unknown[];
  count: number | null;
}

/**
 * The fields (and row count) of a body or the `fields` parameter: a bare array,
 * `{"fields": [...], "count": N}`, or a schema export `{"columns": [...], "num_rows": N}`.
 */
export function fieldsFrom(json: unknown, where: string): FieldSource | null {
  if (json === undefined) return null;
  const result = readSchemaDocument(json);
  if (result.problem !== undefined) {
    if (Array.isArray(json) || (json && typeof json === 'object' && ('fields' in json || 'columns' in json)))
      throw badRequest(`${where}: ${result.problem}`);
    throw badRequest(
      `${where} must be a JSON array of field specifications, e.g. [{"name": "id", "type": "Row Number"}], or a schema with "fields" or "columns"`,
    );
  }
  return { fields: result.document.fields, count: result.document.count };
}
