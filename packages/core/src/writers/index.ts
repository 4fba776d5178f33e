/**
 * The writers' entry point: one factory from output options to a RowWriter (see writer.ts for
 * the contract), plus the flat column list the tabular formats share.
 */
import type { RecordShape } from '../schema/shape.js';
import { DelimitedWriter } from './csv-writer.js';
import { JsonWriter } from './json-writer.js';
import { SqlWriter } from './sql-writer.js';
import type { RowWriter, WriterOptions } from './writer.js';
import { XmlWriter } from './xml-writer.js';

export { flatColumns, type FlatColumn } from './flatten.js';
export { OUTPUT_FORMATS, type OutputFormat, type RowWriter, type WriterOptions } from './writer.js';

/** Throws RangeError for custom delimiter/quote settings that cannot give parseable output. */
export function createWriter(shape: RecordShape, options: WriterOptions): RowWriter {
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
      return new SqlWriter(shape, options.table ?? 'MOCK_DATA', options.createTable ?? false);
    case 'xml':
      return new XmlWriter(shape, options.rootElement ?? 'dataset', options.recordElement ?? 'record');
    default: {
      const unknown: never = options.format;
      throw new RangeError(`unknown output format ${JSON.stringify(unknown)}`);
    }
  }
}
