/**
 * Bytes written straight into a buffer: the byte engine's destination (a batch, a worker's
 * chunk). Values whose bytes already exist (pre-encoded pools) are copied, numbers are written as
 * digits, and only other text goes through an encoder. Each writer below makes room for what it
 * writes, so a row never needs to know its size in advance.
 *
 * Why not Buffer.write per value: each call into Node's encoder costs about 1,000 instructions
 * (argument checks, the C++ transition), more than a short value's bytes (docs/performance.md).
 */
/** UTF-8 needs at most three bytes per UTF-16 code unit (a surrogate pair: four bytes for two units). */
export const MAX_BYTES_PER_UNIT = 3;

export class ByteOut {
  /** The bytes so far are buffer[0, used). Replaced by a larger one when a write needs it. */
  buffer!: Buffer;
  /** The same memory as `buffer`, for writing four bytes at a time (writeWords). */
  view!: DataView;
  used = 0;

  constructor(buffer: Buffer) {
    this.use(buffer);
  }

  /** Makes sure `bytes` more fit after `used`, growing (by copying) when they do not. */
  room(bytes: number): void {
    if (this.used + bytes > this.buffer.length) this.grow(this.used + bytes);
  }

  /** Appends `text` as UTF-8 in one encoder call: for long or rare text. */
  encode(text: string): void {
    this.room(text.length * MAX_BYTES_PER_UNIT);
    this.used += this.buffer.write(text, this.used);
  }

  /** Writes into `buffer` from now on (its bytes from `used` on are free). */
  protected use(buffer: Buffer): void {
    this.buffer = buffer;
    this.view = new DataView(buffer.buffer, buffer.byteOffset, buffer.length);
  }

  protected grow(needed: number): void {
    const bigger = Buffer.allocUnsafeSlow(Math.max(needed, this.buffer.length * 2));
    this.buffer.copy(bigger, 0, 0, this.used);
    this.use(bigger);
  }
}

/**
 * Bytes that are copied often (a layout's piece between two values, a pooled table), kept with
 * three spare bytes after them so they can be copied four at a time (writeWords).
 */
export interface WordBytes {
  readonly length: number;
  readonly view: DataView;
}

/**
 * Short texts' WordBytes, shared: a server lays out a small request's row for every request (a
 * JSON key, a comma, a quote per column), and making their buffers again each time cost about as
 * much as the rows of a 10-row request. WordBytes are only read, so one serves every run. When
 * full, it is emptied and filled again (texts are at most KEPT_TEXT_LENGTH long: bounded memory).
 */
const keptWords = new Map<string, WordBytes>();
const KEPT_WORDS = 4096;
const KEPT_TEXT_LENGTH = 256;

/** `bytes` (or a text's UTF-8) as WordBytes. */
export function wordBytes(bytes: Uint8Array | string): WordBytes {
  if (typeof bytes !== 'string') return padded(bytes);
  const kept = keptWords.get(bytes);
  if (kept !== undefined) return kept;
  const words = padded(Buffer.from(bytes, 'utf8'));
  if (bytes.length <= KEPT_TEXT_LENGTH) {
    if (keptWords.size >= KEPT_WORDS) keptWords.clear();
    keptWords.set(bytes, words);
  }
  return words;
}

function padded(source: Uint8Array): WordBytes {
  const copy = new Uint8Array(source.length + WORD_SPARE);
  copy.set(source);
  return { length: source.length, view: new DataView(copy.buffer) };
}

/** What a four-byte copy may read or write past the end. */
export const WORD_SPARE = 3;

/**
 * Appends `length` bytes of `source` from `start`, four at a time: about half the time of a
 * byte loop or TypedArray.set for the short pieces of a row (a JSON key, a name). The last word
 * may write up to three bytes past the end, inside the room made for them, which the next write
 * overwrites; `source` holds WORD_SPARE readable bytes past its last value.
 */
export function writeWords(out: ByteOut, source: DataView, start: number, length: number): void {
  out.room(length + WORD_SPARE);
  const view = out.view;
  const at = out.used;
  for (let i = 0; i < length; i += 4) view.setUint32(at + i, source.getUint32(start + i, true), true);
  out.used = at + length;
}

/** Appends all of `piece`. */
export function writePiece(out: ByteOut, piece: WordBytes): void {
  writeWords(out, piece.view, 0, piece.length);
}

/** Text this long or shorter is copied by the loop below; longer goes to the encoder in one call. */
const SHORT_TEXT = 64;

/**
 * Appends `text` as UTF-8. Short ASCII text is copied code unit by code unit, which is cheaper
 * than a call into the encoder; the first character beyond ASCII hands the whole text to it.
 */
export function writeText(out: ByteOut, text: string): void {
  const length = text.length;
  if (length > SHORT_TEXT) return out.encode(text);
  out.room(length);
  const buffer = out.buffer;
  const start = out.used;
  for (let i = 0; i < length; i++) {
    const unit = text.charCodeAt(i);
    if (unit > 0x7f) return out.encode(text);
    buffer[start + i] = unit;
  }
  out.used = start + length;
}

/** Appends one byte (an ASCII character's code). */
export function writeByte(out: ByteOut, byte: number): void {
  out.room(1);
  out.buffer[out.used++] = byte;
}

/** "000".."999" as ASCII, three bytes each: integers are written a group of three digits at a time. */
const TRIPLES = new Uint8Array(3000);
for (let i = 0; i < 1000; i++) {
  TRIPLES[3 * i] = 48 + Math.floor(i / 100);
  TRIPLES[3 * i + 1] = 48 + (Math.floor(i / 10) % 10);
  TRIPLES[3 * i + 2] = 48 + (i % 10);
}

/** Appends the decimal digits of a whole number 0 <= n <= 2^53 (no sign), as String(n) writes them. */
export function writeDigits(out: ByteOut, n: number): void {
  if (n >= 1e9) return writeLongDigits(out, n);
  out.room(9);
  const buffer = out.buffer;
  if (n < 1000) {
    out.used = putGroup(buffer, out.used, n);
    return;
  }
  const thousands = Math.floor(n / 1000);
  let at: number;
  if (thousands < 1000) at = putGroup(buffer, out.used, thousands);
  else {
    const millions = Math.floor(thousands / 1000);
    at = putTriple(buffer, putGroup(buffer, out.used, millions), thousands - millions * 1000);
  }
  out.used = putTriple(buffer, at, n - thousands * 1000);
}

/**
 * Puts 0..999 without leading zeros at `at` and returns where it ends. The caller has made
 * room (three bytes): hot byte forms make room once for a whole value (an IPv4 address).
 */
export function putGroup(buffer: Uint8Array, at: number, n: number): number {
  if (n < 10) {
    buffer[at] = 48 + n;
    return at + 1;
  }
  if (n < 100) {
    buffer[at] = TRIPLES[3 * n + 1];
    buffer[at + 1] = TRIPLES[3 * n + 2];
    return at + 2;
  }
  buffer[at] = TRIPLES[3 * n];
  buffer[at + 1] = TRIPLES[3 * n + 1];
  buffer[at + 2] = TRIPLES[3 * n + 2];
  return at + 3;
}

/** Puts 0..999 as three digits (000..999) at `at` and returns where it ends (room made by the caller). */
function putTriple(buffer: Uint8Array, at: number, n: number): number {
  buffer[at] = TRIPLES[3 * n];
  buffer[at + 1] = TRIPLES[3 * n + 1];
  buffer[at + 2] = TRIPLES[3 * n + 2];
  return at + 3;
}

function writeLongDigits(out: ByteOut, n: number): void {
  let digits = 1;
  for (let rest = n; rest >= 10; rest = Math.floor(rest / 10)) digits++;
  out.room(digits);
  const buffer = out.buffer;
  let at = out.used + digits;
  out.used = at;
  do {
    const quotient = Math.floor(n / 10);
    buffer[--at] = 48 + (n - quotient * 10);
    n = quotient;
  } while (n > 0);
}
