/**
 * JSON Lines (also called NDJSON): one compact JSON object per row, each ending in a newline,
 * nothing before or after. What log and stream tools read (jq, Elasticsearch's bulk files,
 * BigQuery, Spark); any row range is a file of its own, so parts join by concatenation.
 */
import type { RecordShape } from '../kernel/shape.js';
import type { Value } from '../kernel/values.js';
import { JsonObjectEncoder } from './json-encode.js';
import type { ByteLayout, RowWriter } from './writer.js';

export class JsonLinesWriter implements RowWriter {
  readonly contentType = 'application/x-ndjson; charset=utf-8';
  readonly extension = 'jsonl';
  private readonly encoder: JsonObjectEncoder;

  constructor(shape: RecordShape, includeNulls: boolean) {
    this.encoder = new JsonObjectEncoder(shape.nodes, includeNulls);
  }

  begin(): string {
    return '';
  }

  row(values: Value[], _index: number): string {
    return this.encoder.write(values) + '\n';
  }

  byteLayout(): ByteLayout | null {
    const object = this.encoder.byteLayout();
    if (object === null) return null;
    const pieces = [...object.pieces];
    pieces[pieces.length - 1] += '\n';
    return { firstRowPrefix: '', laterRowPrefix: '', pieces, columns: object.columns };
  }

  end(): string {
    return '';
  }
}
