/** Texts encoded on first use come back as their own UTF-8, in any order, as the table grows. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ByteOut } from './byte-out.js';
import { LazyEncodedTable } from './lazy-encoded-table.js';

test('every text is its UTF-8, whether written first or again, across the growth of the table', () => {
  const texts = Array.from({ length: 5000 }, (_, i) => (i % 7 === 0 ? `Łódź ${i} 😀` : `2026-01-${i}`));
  const table = new LazyEncodedTable(texts.length);
  let asked = 0;
  const textOf = (index: number) => {
    asked++;
    return texts[index];
  };
  const order = [...texts.keys()].reverse().concat([...texts.keys()]);
  const out = new ByteOut(Buffer.alloc(1));
  for (const index of order) table.write(out, index, textOf);
  const expected = Buffer.concat(order.map((index) => Buffer.from(texts[index], 'utf8')));
  assert.ok(out.buffer.subarray(0, out.used).equals(expected));
  assert.equal(asked, texts.length, 'each text is made once');
});
