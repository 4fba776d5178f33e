/** Text and pooled values written as bytes are exactly their UTF-8, whatever their characters. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ByteOut, writeText } from './byte-out.js';
import { EncodedPool, writePooled } from './encoded-pool.js';

const TEXTS = [
  '',
  'a',
  'plain ascii',
  'Łódź',
  'emoji 😀',
  'lone \uD800',
  '\uDC00 low first',
  'x'.repeat(64),
  'y'.repeat(65),
  'z'.repeat(5000) + 'é',
];

test('writeText gives Buffer.from(text) for ASCII, other scripts, surrogates and long text, into a buffer that grows', () => {
  const out = new ByteOut(Buffer.alloc(1));
  for (const text of TEXTS) writeText(out, text);
  assert.ok(out.buffer.subarray(0, out.used).equals(Buffer.concat(TEXTS.map((text) => Buffer.from(text, 'utf8')))));
});

test('a pool gives each value its own UTF-8, also where lone surrogates of two values would pair when joined', () => {
  for (const values of [TEXTS, ['a\uD800', '\uDC00b', 'c']]) {
    const pool = EncodedPool.of(values);
    values.forEach((value, i) => {
      const out = new ByteOut(Buffer.alloc(1));
      writePooled(out, pool, i);
      assert.ok(out.buffer.subarray(0, out.used).equals(Buffer.from(value, 'utf8')), `value ${i} of ${values.length}`);
    });
  }
});
