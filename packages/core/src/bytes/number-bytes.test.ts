/** Property: numbers written as bytes are exactly their text (numberText, String(n)), digit for digit. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { numberText } from '../kernel/number-text.js';
import { ByteOut, writeDigits } from './byte-out.js';
import { writeNumber } from './number-bytes.js';

function bytesOf(write: (out: ByteOut) => void): string {
  const out = new ByteOut(Buffer.alloc(1));
  write(out);
  return out.buffer.toString('latin1', 0, out.used);
}

const EDGES = [
  0,
  -0,
  1,
  9,
  10,
  99,
  100,
  999,
  1000,
  1001,
  9999,
  10_000,
  999_999,
  1_000_000,
  1_000_001,
  999_999_999,
  1e9,
  1e9 + 1,
  2 ** 31,
  2 ** 32 - 1,
  2 ** 53 - 1,
  2 ** 53,
  2 ** 53 + 2,
  1e21,
  1e22,
  0.5,
  0.05,
  0.25,
  0.1 + 0.2,
  1.005,
  193250.46,
  30000.1,
  12.3,
  1e13 - 0.01,
  1e13,
  123456789012.34,
  1e-7,
  5e-324,
  Number.MAX_VALUE,
  NaN,
  Infinity,
];

test('every edge value and its negation is written as its text', () => {
  for (const n of [...EDGES, ...EDGES.map((n) => -n)]) {
    assert.equal(
      bytesOf((out) => writeNumber(out, n)),
      numberText(n),
      `for ${n}`,
    );
    assert.equal(numberText(n), String(n), `numberText(${n}) is String(n)`);
  }
});

test('random integers of every length, and money with up to four decimals', () => {
  let state = 12345;
  const next = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
  for (let i = 0; i < 20_000; i++) {
    const integer = Math.floor(next() * 10 ** Math.floor(next() * 16));
    assert.equal(
      bytesOf((out) => writeDigits(out, integer)),
      String(integer),
    );
    const decimals = Math.floor(next() * 5);
    const money = Math.round((next() - 0.5) * 10 ** Math.floor(next() * 12) * 10 ** decimals) / 10 ** decimals;
    assert.equal(
      bytesOf((out) => writeNumber(out, money)),
      String(money),
    );
  }
});
