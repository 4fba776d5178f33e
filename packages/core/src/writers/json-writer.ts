/**
 * JSON: one compact object per row. A single object when the output has exactly one row and
 * `array` is not set (Mockaroo's rule); otherwise an array with one row per line, so large
 * outputs stay readable and line-oriented tools can split them.
 */
import type { RecordShape } from '../kernel/shape.js';
import type { Value } from '../kernel/values.js';
import { JsonObjectEncoder } from './json-encode.js';
import type { ByteLayout, RowWriter } from './writer.js';

export class JsonWriter implements RowWriter {
  readonly contentType = 'application/json; charset=utf-8';
  readonly extension = 'json';
  private readonly encoder: JsonObjectEncoder;
  private readonly asArray: boolean;

  constructor(shape: RecordShape, count: number, array: boolean, includeNulls: boolean) {
    this.encoder = new JsonObjectEncoder(shape.nodes, includeNulls);
    this.asArray = array || count !== 1;
  }

  begin(): string {
    return this.asArray ? '[' : '';
  }

  row(values: Value[], index: number): string {
    const object = this.encoder.write(values);
    return this.asArray && index > 0 ? ',\n' + object : object;
  }

  byteLayout(): ByteLayout | null {
    const object = this.encoder.byteLayout();
    if (object === null) return null;
    return { firstRowPrefix: '', laterRowPrefix: this.asArray ? ',\n' : '', ...object };
  }

  end(): string {
    // A final newline, as text tools and terminals expect; JSON allows trailing whitespace.
    return this.asArray ? ']\n' : '\n';
  }
}
