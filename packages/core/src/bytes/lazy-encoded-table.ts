/**
 * Texts encoded on first use into one growing buffer with an offset table: for a type whose
 * texts are made lazily (a Date field's formatted days). One buffer, not an object per text: a
 * typed array for each of 20,000 dates cost a thread about 30 MiB.
 */
import { WORD_SPARE, writeWords, type ByteOut } from './byte-out.js';

const FIRST_BYTES = 4096;

export class LazyEncodedTable {
  private bytes = new Uint8Array(FIRST_BYTES);
  private view = new DataView(this.bytes.buffer);
  private end = 0;
  /** Where text i starts, or -1 until it has been encoded. */
  private readonly starts: Int32Array;
  private readonly lengths: Uint32Array;

  constructor(size: number) {
    this.starts = new Int32Array(size).fill(-1);
    this.lengths = new Uint32Array(size);
  }

  /** Appends text `index`, encoding `textOf(index)` the first time. */
  write(out: ByteOut, index: number, textOf: (index: number) => string): void {
    if (this.starts[index] < 0) this.add(index, textOf(index));
    writeWords(out, this.view, this.starts[index], this.lengths[index]);
  }

  private add(index: number, text: string): void {
    const encoded = Buffer.from(text, 'utf8');
    // Room for the text and the spare bytes a four-byte copy may read past it.
    if (this.end + encoded.length + WORD_SPARE > this.bytes.length) {
      const bigger = new Uint8Array(Math.max(2 * this.bytes.length, this.end + encoded.length + WORD_SPARE));
      bigger.set(this.bytes.subarray(0, this.end));
      this.bytes = bigger;
      this.view = new DataView(bigger.buffer);
    }
    this.bytes.set(encoded, this.end);
    this.starts[index] = this.end;
    this.lengths[index] = encoded.length;
    this.end += encoded.length;
  }
}

/** Most shared tables kept; the least recently used is dropped past it. */
const MAX_SHARED_TABLES = 64;
const shared = new Map<string, LazyEncodedTable>();

/**
 * The table of that key, shared by every field (and every compile) whose texts the key names,
 * as time/text-tables.ts shares the texts: a server compiles a schema for every request, and a
 * table per compile would encode its dates again and allocate its offsets for each one.
 */
export function sharedEncodedTable(key: string, size: number): LazyEncodedTable {
  let table = shared.get(key);
  if (table) shared.delete(key);
  else {
    table = new LazyEncodedTable(size);
    if (shared.size >= MAX_SHARED_TABLES) shared.delete(shared.keys().next().value as string);
  }
  shared.set(key, table);
  return table;
}
