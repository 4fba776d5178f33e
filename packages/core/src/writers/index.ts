/**
 * The writers' entry point: one factory from output options to a RowWriter (see writer.ts for
 * the contract), plus the flat column list the tabular formats share.
 */
import type { RecordShape } from '../kernel/shape.js';
import { CqlWriter } from './cql-writer.js';
import { checkCqlTableName } from './cql-text.js';
import { DelimitedWriter } from './csv-writer.js';
import { DbUnitWriter } from './dbunit-writer.js';
import { FirebaseWriter } from './firebase-writer.js';
import { JsonLinesWriter } from './jsonl-writer.js';
import { JsonWriter } from './json-writer.js';
import { SqlWriter } from './sql-writer.js';
import type { RowWriter, WriterOptions } from './writer.js';
import { XlsxWriter } from './xlsx-writer.js';
import { checkSheetName, sheetRowsProblem } from './xlsx-text.js';
import { XmlWriter } from './xml-writer.js';

export { flatColumns, type FlatColumn } from './flatten.js';
export {
  FORMAT_ALIASES,
  FORMAT_MEDIA_TYPES,
  OUTPUT_FORMATS,
  outputFormatNamed,
  type GenerationIdentity,
  type OutputFormat,
  type RowWriter,
  type WriterOptions,
} from './writer.js';

/** The table name of sql, cql and dbunit, and the xlsx sheet name, when none is given (the established product's). */
export const DEFAULT_TABLE = 'MOCK_DATA';

/**
 * Throws RangeError, naming the API parameter, for options a format cannot write whatever the
 * rows (a CQL table name Cassandra refuses, a sheet name Excel refuses), or for a row count it
 * cannot hold (an Excel sheet's rows). Callers check before generating; createWriter checks too.
 */
export function checkWriterOptions(options: WriterOptions): void {
  if (options.format === 'cql') {
    checkCqlTableName(options.table ?? DEFAULT_TABLE, 'table');
    if (options.keyspace !== undefined) checkCqlTableName(options.keyspace, 'keyspace');
  }
  if (options.format === 'xlsx') {
    checkSheetName(options.sheetName ?? DEFAULT_TABLE);
    const problem = sheetRowsProblem(options.count, options.includeHeader ?? true);
    if (problem !== null) throw new RangeError(problem);
  }
}

/**
 * Throws RangeError for custom delimiter/quote settings that cannot give parseable output, and
 * for what checkWriterOptions refuses.
 */
export function createWriter(shape: RecordShape, options: WriterOptions): RowWriter {
  checkWriterOptions(options);
  const lineEnding = options.lineEnding ?? 'unix';
  const includeHeader = options.includeHeader ?? true;
  const bom = options.bom ?? false;
  const neutralizeFormulas = options.neutralizeFormulas ?? false;
  switch (options.format) {
    case 'json':
      return new JsonWriter(shape, options.count, options.array ?? false, options.includeNulls ?? true);
    case 'csv':
      return new DelimitedWriter(shape, {
        delimiter: ',',
        quoteChar: '"',
        lineEnding,
        includeHeader,
        bom,
        neutralizeFormulas,
        contentType: 'text/csv; charset=utf-8',
        extension: 'csv',
      });
    case 'txt':
      return new DelimitedWriter(shape, {
        delimiter: '\t',
        quoteChar: '"',
        lineEnding,
        includeHeader,
        bom,
        neutralizeFormulas,
        contentType: 'text/tab-separated-values; charset=utf-8',
        extension: 'txt',
      });
    case 'custom':
      return new DelimitedWriter(shape, {
        delimiter: options.delimiter ?? ',',
        quoteChar: options.quoteChar ?? '"',
        lineEnding,
        includeHeader,
        bom,
        neutralizeFormulas,
        contentType: 'text/plain; charset=utf-8',
        extension: 'txt',
      });
    case 'sql':
      return new SqlWriter(shape, options.table ?? DEFAULT_TABLE, options.createTable ?? false);
    case 'xml':
      return new XmlWriter(shape, options.rootElement ?? 'dataset', options.recordElement ?? 'record');
    case 'jsonl':
      return new JsonLinesWriter(shape, options.includeNulls ?? true);
    case 'firebase':
      return new FirebaseWriter(
        shape,
        options.includeNulls ?? true,
        options.firebaseKey ?? 'push_id',
        options.identity,
      );
    case 'cql':
      return new CqlWriter(shape, options.table ?? DEFAULT_TABLE, options.keyspace);
    case 'dbunit':
      return new DbUnitWriter(shape, options.table ?? DEFAULT_TABLE);
    case 'xlsx':
      return new XlsxWriter(shape, options.count, includeHeader, options.sheetName ?? DEFAULT_TABLE);
    default: {
      const unknown: never = options.format;
      throw new RangeError(`unknown output format ${JSON.stringify(unknown)}`);
    }
  }
}
