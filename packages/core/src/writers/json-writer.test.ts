import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { ItemList, Verbatim, type Value } from '../kernel/values.js';
import {
  assertRangesJoin,
  field,
  items,
  object,
  plainObject,
  richRows,
  richShape,
  stringColumns,
  writeAll,
} from './writer-fixtures.js';

describe('json writer', () => {
  test('an array of rows re-parses to the values', () => {
    const text = writeAll(richShape, { format: 'json', count: richRows.length }, richRows);
    assert.deepEqual(
      JSON.parse(text),
      richRows.map((r) => plainObject(richShape.nodes, r)),
    );
  });

  test('one row and array unset gives a single object; array=true gives an array', () => {
    const single = writeAll(richShape, { format: 'json', count: 1 }, [richRows[0]]);
    assert.deepEqual(JSON.parse(single), plainObject(richShape.nodes, richRows[0]));
    const forced = writeAll(richShape, { format: 'json', count: 1, array: true }, [richRows[0]]);
    assert.deepEqual(JSON.parse(forced), [plainObject(richShape.nodes, richRows[0])]);
    assert.deepEqual(JSON.parse(writeAll(richShape, { format: 'json', count: 0 }, [])), []);
  });

  test('includeNulls=false omits null keys at every depth, keeps nulls inside arrays', () => {
    const text = writeAll(richShape, { format: 'json', count: 3, includeNulls: false }, richRows);
    const parsed = JSON.parse(text) as Record<string, unknown>[];
    assert.deepEqual(
      parsed,
      richRows.map((r) => plainObject(richShape.nodes, r, false)),
    );
    assert.equal('note' in parsed[0], false);
    const friends = parsed[0].friends as Record<string, unknown>[];
    assert.deepEqual(friends[1], { name: 'Bo\nb', pet: {} });
    const shape = { nodes: [field('list', 0, 'string', { repeated: true })] };
    assert.deepEqual(JSON.parse(writeAll(shape, { format: 'json', count: 1, includeNulls: false }, [[['a', null]]])), {
      list: ['a', null],
    });
  });

  test('verbatim values: code() bare, SQL Expression as a string; non-finite numbers are null', () => {
    const shape = { nodes: [field('a', 0), field('b', 1), field('c', 2, 'number'), field('d', 3, 'number')] };
    const text = writeAll(shape, { format: 'json', count: 1 }, [
      [new Verbatim('{"raw":[1,true]}', true), new Verbatim('now()', false), NaN, -Infinity],
    ]);
    assert.deepEqual(JSON.parse(text), { a: { raw: [1, true] }, b: 'now()', c: null, d: null });
    const omitted = writeAll(shape, { format: 'json', count: 1, includeNulls: false }, [[null, null, Infinity, 1]]);
    assert.deepEqual(JSON.parse(omitted), { d: 1 });
  });

  test('nested items inside items', () => {
    const shape = { nodes: [items('a', 0, [field('x', 0), items('b', 1, [field('y', 0)])])] };
    const row: Value[] = [
      new ItemList([
        ['p', new ItemList([['q'], ['r']])],
        ['s', null],
      ]),
    ];
    assert.deepEqual(JSON.parse(writeAll(shape, { format: 'json', count: 1 }, [row])), {
      a: [
        { x: 'p', b: [{ y: 'q' }, { y: 'r' }] },
        { x: 's', b: null },
      ],
    });
  });

  test('keys needing escapes and empty objects', () => {
    const shape = { nodes: [field('we"ird\nkey', 0), object('empty', [])] };
    assert.deepEqual(JSON.parse(writeAll(shape, { format: 'json', count: 1 }, [['v']])), {
      'we"ird\nkey': 'v',
      empty: {},
    });
  });

  test('rows written in ranges by separate writers join to the same bytes', () => {
    const rows = [...richRows, ...richRows];
    assertRangesJoin(richShape, { format: 'json', count: rows.length }, rows);
  });

  test('property: any strings (lone surrogates included) round-trip', () => {
    const char = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 1 }),
      fc.constantFrom('\ud800', '\udfff', '"', '\\', '\u2028'),
    );
    const text = fc.string({ unit: char });
    const shape = stringColumns(3);
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.option(text), text, text), { maxLength: 8 }), fc.boolean(), (rows, array) => {
        const out = writeAll(shape, { format: 'json', count: rows.length, array }, rows);
        const expected = rows.map((r) => ({ c0: r[0], c1: r[1], c2: r[2] }));
        assert.deepEqual(JSON.parse(out), rows.length === 1 && !array ? expected[0] : expected);
      }),
    );
  });
});
