import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { assertRangesJoin, plainObject, richRows, richShape, stringColumns, writeAll } from './writer-fixtures.js';

/** Each line through JSON.parse, as a line-oriented reader takes the file. */
function readLines(text: string): unknown[] {
  assert.ok(text === '' || text.endsWith('\n'), 'every line ends with a newline');
  return text
    .split('\n')
    .slice(0, -1)
    .map((line) => JSON.parse(line));
}

describe('jsonl writer', () => {
  test('one object per line, re-parsed line by line to the values (quotes, line breaks, emoji, a 100 KB value)', () => {
    const text = writeAll(richShape, { format: 'jsonl', count: richRows.length }, richRows);
    assert.equal(text.split('\n').length, richRows.length + 1, 'line breaks inside values are escaped, not raw');
    assert.deepEqual(
      readLines(text),
      richRows.map((r) => plainObject(richShape.nodes, r)),
    );
  });

  test('one row is still a line (never a bare object without newline, never an array); no rows is an empty file', () => {
    assert.deepEqual(readLines(writeAll(richShape, { format: 'jsonl', count: 1 }, [richRows[0]])), [
      plainObject(richShape.nodes, richRows[0]),
    ]);
    assert.equal(writeAll(richShape, { format: 'jsonl', count: 0 }, []), '');
  });

  test('includeNulls=false omits null keys', () => {
    const text = writeAll(richShape, { format: 'jsonl', count: 3, includeNulls: false }, richRows);
    assert.deepEqual(
      readLines(text),
      richRows.map((r) => plainObject(richShape.nodes, r, false)),
    );
  });

  test('rows written in ranges by separate writers join to the same bytes', () => {
    assertRangesJoin(richShape, { format: 'jsonl', count: richRows.length * 2 }, [...richRows, ...richRows]);
  });

  test('property: any strings (U+2028, lone surrogates, controls) round-trip line by line', () => {
    const char = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 1 }),
      fc.constantFrom('\ud800', '\n', '\r', '\u2028', '"', '\\'),
    );
    const text = fc.string({ unit: char });
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.option(text), text, text), { maxLength: 8 }), (rows) => {
        const out = writeAll(stringColumns(3), { format: 'jsonl', count: rows.length }, rows);
        assert.deepEqual(
          readLines(out),
          rows.map((r) => ({ c0: r[0], c1: r[1], c2: r[2] })),
        );
      }),
    );
  });
});
