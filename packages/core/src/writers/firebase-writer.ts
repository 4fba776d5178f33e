/**
 * Firebase (Realtime Database) import: one JSON object whose keys are the rows' push ids (the
 * keys Firebase's own `push()` makes, push-id.ts) or, with firebase_key=row_number, the row
 * numbers from 1, and whose values are the rows as the json format writes them. The console's
 * "Import JSON" and `firebase database:set` take it as it is. One row per line, as json: a row
 * range writes `,\\n` before each row but the first, so parts join by concatenation.
 */
import type { RecordShape } from '../kernel/shape.js';
import type { Value } from '../kernel/values.js';
import { JsonObjectEncoder } from './json-encode.js';
import { integerText } from '../kernel/integer-text.js';
import { PushIds } from './push-id.js';
import type { ByteLayout, GenerationIdentity, RowWriter } from './writer.js';

/** Used when no engine set the generation's identity (a writer made by hand, in tests). */
const NO_IDENTITY: GenerationIdentity = { startedAtMs: 0, seedKey: 0 };

export class FirebaseWriter implements RowWriter {
  readonly contentType = 'application/json; charset=utf-8';
  readonly extension = 'json';
  private readonly encoder: JsonObjectEncoder;
  private readonly pushIds: PushIds | null;

  constructor(
    shape: RecordShape,
    includeNulls: boolean,
    key: 'push_id' | 'row_number',
    identity: GenerationIdentity | undefined,
  ) {
    this.encoder = new JsonObjectEncoder(shape.nodes, includeNulls);
    this.pushIds = key === 'push_id' ? new PushIds(identity ?? NO_IDENTITY) : null;
  }

  begin(): string {
    return '{';
  }

  row(values: Value[], index: number): string {
    return (index > 0 ? ',\n"' : '"') + this.key(index) + '":' + this.encoder.write(values);
  }

  byteLayout(): ByteLayout | null {
    const object = this.encoder.byteLayout();
    if (object === null) return null;
    const pieces = [...object.pieces];
    pieces[0] = '":' + pieces[0];
    return {
      firstRowPrefix: '"',
      laterRowPrefix: ',\n"',
      rowKey: (index) => this.key(index),
      pieces,
      columns: object.columns,
    };
  }

  private key(index: number): string {
    return this.pushIds ? this.pushIds.id(index) : integerText(index + 1);
  }

  end(): string {
    return '}\n';
  }
}
