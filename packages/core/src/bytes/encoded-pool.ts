/**
 * A fixed list of texts encoded once as UTF-8 into one buffer with an offset table: a pooled
 * type's value is an index, and writing it copies bytes that already exist instead of encoding
 * a string for every row.
 */
import { WORD_SPARE, writeWords, type ByteOut } from './byte-out.js';

export class EncodedPool {
  /** Every value's bytes, one after another. */
  readonly bytes: Uint8Array;
  /** The same bytes, for copying four at a time (byte-out.ts, writeWords). */
  readonly view: DataView;

  constructor(
    bytes: Uint8Array,
    /** Value i is bytes[starts[i], starts[i + 1]). */
    readonly starts: Uint32Array,
  ) {
    // Kept with WORD_SPARE bytes after the last value, which a four-byte copy may read.
    const padded = new Uint8Array(bytes.length + WORD_SPARE);
    padded.set(bytes);
    this.bytes = padded.subarray(0, bytes.length);
    this.view = new DataView(padded.buffer);
  }

  /**
   * The values encoded in one call for the whole list (a place table has tens of thousands of
   * names, and each call into the encoder costs more than a short name's bytes); each value's
   * length is counted here, as the encoder counts it.
   */
  static of(values: readonly string[]): EncodedPool {
    const starts = new Uint32Array(values.length + 1);
    let total = 0;
    for (let i = 0; i < values.length; i++) {
      starts[i] = total;
      total += utf8Length(values[i]);
    }
    starts[values.length] = total;
    const joined = Buffer.from(values.join(''), 'utf8');
    // A lone surrogate ending one value and one starting the next pair up when joined: then
    // each value is encoded by itself.
    const bytes = joined.length === total ? joined : Buffer.concat(values.map((value) => Buffer.from(value)));
    return new EncodedPool(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), starts);
  }
}

/**
 * UTF-8 bytes of `text` as Node encodes it: a surrogate pair is 4 bytes, a lone surrogate 3 (it
 * becomes U+FFFD).
 */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length && isLowSurrogate(text.charCodeAt(i + 1))) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

/** Appends value `index` of the pool. */
export function writePooled(out: ByteOut, pool: EncodedPool, index: number): void {
  const start = pool.starts[index];
  writeWords(out, pool.view, start, pool.starts[index + 1] - start);
}
