/**
 * The bare-loop ceiling: the same tables and draws as faker-tuned, but every entry is encoded
 * to UTF-8 once and each row is bytes copied into one reused 1 MiB Buffer. No strings, no
 * objects, nothing allocated per row: what this workload costs in JavaScript at all, so a
 * ratio against it says how much room is left.
 */
import {
  anchorTables,
  picker,
  sfc32,
  SALARY_CENT_VALUES,
  SALARY_MIN_CENTS,
  type AnchorFormat,
} from './anchor-workload.js';

export const BARE_CHUNK_BYTES = 1 << 20;
/** A row is far below 4 KiB, so a row started below this mark always fits in the chunk. */
const FLUSH_MARK = BARE_CHUNK_BYTES - 4096;

/** Receives the chunk and how many of its bytes are filled; the chunk is reused after it returns. */
export type ByteSink = (chunk: Buffer, length: number) => void;

/** A table of byte strings: entry i is pool[offset[i] .. offset[i] + length[i]). */
interface ByteTable {
  pool: Uint8Array;
  offset: Uint32Array;
  length: Uint16Array;
  size: number;
}

function byteTable(entries: string[]): ByteTable {
  const encoded = entries.map((s) => Buffer.from(s, 'utf8'));
  const pool = new Uint8Array(encoded.reduce((sum, b) => sum + b.length, 0));
  const offset = new Uint32Array(entries.length);
  const length = new Uint16Array(entries.length);
  let at = 0;
  encoded.forEach((bytes, i) => {
    offset[i] = at;
    length[i] = bytes.length;
    pool.set(bytes, at);
    at += bytes.length;
  });
  return { pool, offset, length, size: entries.length };
}

function byteTables(format: AnchorFormat) {
  const t = anchorTables(format);
  const literal = Object.fromEntries(
    Object.entries(t.literals).map(([key, text]) => [key, Buffer.from(text, 'utf8')]),
  ) as Record<keyof typeof t.literals, Buffer>;
  return {
    literal,
    first: byteTable(t.first),
    last: byteTable(t.last),
    city: byteTable(t.city),
    gender: byteTable(t.gender),
    firstEmail: byteTable(t.firstEmail),
    lastEmail: byteTable(t.lastEmail),
    domain: byteTable(t.domain),
    codeOpen: byteTable(t.codeOpen),
    codeClose: byteTable(t.codeClose),
    dates: byteTable(t.dates),
    octets: byteTable(t.octets),
  };
}

const DOT = 46;
const ZERO = 48;

export function writeBareLoopRows(format: AnchorFormat, n: number, seed: number, flush: ByteSink): void {
  const b = byteTables(format);
  const k = b.literal;
  const out = Buffer.allocUnsafe(BARE_CHUNK_BYTES);
  // Every helper takes the write position and returns the new one, so the loop keeps it in a local.
  const put = (t: ByteTable, i: number, p: number): number => {
    const pool = t.pool;
    let from = t.offset[i];
    const end = from + t.length[i];
    while (from < end) out[p++] = pool[from++];
    return p;
  };
  const putLiteral = (bytes: Buffer, p: number): number => {
    for (let i = 0; i < bytes.length; i++) out[p++] = bytes[i];
    return p;
  };
  const putUint = (v: number, p: number): number => {
    const digits =
      v < 10
        ? 1
        : v < 100
          ? 2
          : v < 1e3
            ? 3
            : v < 1e4
              ? 4
              : v < 1e5
                ? 5
                : v < 1e6
                  ? 6
                  : v < 1e7
                    ? 7
                    : v < 1e8
                      ? 8
                      : v < 1e9
                        ? 9
                        : 10;
    const end = p + digits;
    for (let q = end - 1; q >= p; q--) {
      const rest = (v / 10) | 0;
      out[q] = ZERO + v - rest * 10;
      v = rest;
    }
    return end;
  };
  const next = sfc32(seed);
  const pick = picker(next);
  let p = putLiteral(k.open, 0);
  for (let id = 1; id <= n; id++) {
    if (p > FLUSH_MARK) {
      flush(out, p);
      p = 0;
    }
    if (id > 1) p = putLiteral(k.between, p);
    // The draw order is faker-tuned-rows.ts's: the two anchors write the same bytes.
    const f = pick(b.first.size),
      l = pick(b.last.size);
    const ip = next();
    const cents = SALARY_MIN_CENTS + pick(SALARY_CENT_VALUES);
    p = putUint(id, putLiteral(k.rowStart, p));
    p = put(b.first, f, putLiteral(k.firstName, p));
    p = put(b.last, l, putLiteral(k.lastName, p));
    p = put(b.firstEmail, f, putLiteral(k.email, p));
    out[p++] = DOT;
    p = put(b.domain, pick(b.domain.size), put(b.lastEmail, l, p));
    p = put(b.gender, pick(b.gender.size), putLiteral(k.gender, p));
    p = put(b.octets, ip >>> 24, putLiteral(k.ip, p));
    out[p++] = DOT;
    p = put(b.octets, (ip >>> 16) & 255, p);
    out[p++] = DOT;
    p = put(b.octets, (ip >>> 8) & 255, p);
    out[p++] = DOT;
    p = put(b.octets, ip & 255, p);
    p = put(b.dates, pick(b.dates.size), putLiteral(k.birthDate, p));
    p = putUint((cents / 100) | 0, putLiteral(k.salary, p));
    const c = cents % 100;
    out[p++] = DOT;
    out[p++] = ZERO + ((c / 10) | 0);
    out[p++] = ZERO + (c % 10);
    p = put(b.city, pick(b.city.size), putLiteral(k.city, p));
    p = put(b.codeClose, l, putUint(id, put(b.codeOpen, l, putLiteral(k.code, p))));
    p = putLiteral(k.rowEnd, p);
  }
  p = putLiteral(k.close, p);
  flush(out, p);
}
