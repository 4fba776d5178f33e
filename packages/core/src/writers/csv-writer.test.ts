import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { ItemList, Verbatim, type Value } from '../kernel/values.js';
import type { RecordShape } from '../kernel/shape.js';
import { createWriter, flatColumns, type WriterOptions } from './index.js';
import {
  assertRangesJoin,
  field,
  items,
  object,
  plainObject,
  plainValue,
  richRows,
  richShape,
  stringColumns,
  writeAll,
} from './writer-fixtures.js';

/** What a cell should read back as: the flat formats' model, written independently of the writer. */
function expectedCell(v: Value | undefined, json: boolean): unknown {
  if (v === null || v === undefined) return '';
  if (json) return JSON.stringify(v instanceof ItemList ? null : plainValue(v));
  if (v instanceof Verbatim) return v.text;
  if (typeof v === 'number' && !Number.isFinite(v)) return '';
  return String(v);
}

/** Rows of richShape as cells; JSON cells are compared as parsed values (their text is checked in json tests). */
function normalise(shape: RecordShape, rows: string[][]): unknown[][] {
  const cols = flatColumns(shape);
  return rows.map((r) => r.map((cell, i) => (cols[i].kind === 'json' && cell !== '' ? JSON.parse(cell) : cell)));
}

function expectedRows(shape: RecordShape, rows: Value[][]): unknown[][] {
  const cols = flatColumns(shape);
  const friends = (row: Value[]): unknown => (plainObject(shape.nodes, row) as { friends?: unknown }).friends ?? null;
  return rows.map((row) =>
    cols.map((c) => {
      const v = row[c.slot];
      if (c.kind !== 'json' || v === null) return expectedCell(v, false);
      return v instanceof ItemList ? friends(row) : plainValue(v);
    }),
  );
}

type Dialect = { format: 'csv' | 'txt' | 'custom'; delimiter: string; quote: string };
const DIALECTS: Dialect[] = [
  { format: 'csv', delimiter: ',', quote: '"' },
  { format: 'txt', delimiter: '\t', quote: '"' },
  { format: 'custom', delimiter: '|', quote: '"' },
  { format: 'custom', delimiter: ';', quote: "'" },
  { format: 'custom', delimiter: '||', quote: '~' },
  { format: 'custom', delimiter: '\t', quote: '"' },
  { format: 'custom', delimiter: '.', quote: '"' },
  { format: 'custom', delimiter: '😀', quote: '"' },
];

function options(d: Dialect, extra: Partial<WriterOptions> = {}): WriterOptions {
  return {
    format: d.format,
    count: 0,
    ...(d.format === 'custom' ? { delimiter: d.delimiter, quoteChar: d.quote } : {}),
    ...extra,
  };
}

function parseAs(d: Dialect, text: string, extra: Record<string, unknown> = {}): string[][] {
  return parse(text, { delimiter: d.delimiter, quote: d.quote, escape: d.quote, ...extra }) as string[][];
}

describe('delimited writers (csv, txt, custom)', () => {
  test('flatColumns: dotted headers, one JSON column per repeated field or item list', () => {
    assert.deepEqual(
      flatColumns(richShape).map((c) => [c.header, c.slot, c.kind, c.output]),
      [
        ['id', 0, 'value', 'integer'],
        ['first_name', 1, 'value', 'string'],
        ['address.city', 2, 'value', 'string'],
        ['address.zip', 3, 'value', 'string'],
        ['address.kind', 4, 'value', 'string'],
        ['tags', 5, 'json', 'json'],
        ['friends', 6, 'json', 'json'],
        ['active', 7, 'value', 'boolean'],
        ['score', 8, 'value', 'number'],
        ['code', 9, 'value', 'string'],
        ['note', 10, 'value', 'string'],
      ],
    );
  });

  for (const d of DIALECTS) {
    const name = `${d.format} ${JSON.stringify(d.delimiter)} ${JSON.stringify(d.quote)}`;
    test(`${name}: header and rows re-parse to the values`, () => {
      const text = writeAll(richShape, options(d), richRows);
      const [header, ...rows] = parseAs(d, text);
      assert.deepEqual(
        header,
        flatColumns(richShape).map((c) => c.header),
      );
      assert.deepEqual(normalise(richShape, rows), expectedRows(richShape, richRows));
    });

    test(`${name}: property: any strings round-trip`, () => {
      const shape = stringColumns(3);
      const text = fc.string({
        unit: fc.oneof(
          fc.string({ unit: 'binary', maxLength: 1 }),
          fc.constantFrom('"', "'", '~', ',', '\t', '|', '\r', '\n', '.', ' '),
        ),
      });
      fc.assert(
        fc.property(fc.array(fc.tuple(text, text, text), { minLength: 1, maxLength: 6 }), (rows) => {
          const out = writeAll(shape, options(d, { includeHeader: false }), rows);
          assert.deepEqual(parseAs(d, out), rows);
        }),
      );
    });
  }

  test('header off, windows line endings, bom', () => {
    const d = DIALECTS[0];
    const rows: Value[][] = [
      ['a\nb', 'x'],
      ['c', 'd'],
    ];
    const shape = stringColumns(2);
    const plain = writeAll(shape, options(d, { includeHeader: false, lineEnding: 'windows', bom: true }), rows);
    assert.ok(plain.startsWith('\ufeff'));
    assert.equal(plain.split('\r\n').length, 3, 'two records, each ended by CRLF (the LF inside a value is quoted)');
    assert.deepEqual(parseAs(d, plain, { bom: true, record_delimiter: '\r\n' }), rows);
    const withHeader = writeAll(shape, options(d, { lineEnding: 'windows' }), rows);
    assert.deepEqual(parseAs(d, withHeader, { record_delimiter: '\r\n' }), [['c0', 'c1'], ...rows]);
    assert.ok(!writeAll(shape, options(d), rows).includes('\r'));
  });

  test('a one-column row holding an empty value is kept, not a blank line', () => {
    const shape = stringColumns(1);
    const out = writeAll(shape, { format: 'csv', count: 3 }, [[''], [null], ['x']]);
    assert.deepEqual(parse(out, { skip_empty_lines: true }), [['c0'], [''], [''], ['x']]);
  });

  test('numbers and booleans are quoted when the delimiter could split them', () => {
    const shape = { nodes: [field('n', 0, 'number'), field('b', 1, 'boolean'), field('i', 2, 'number')] };
    const d: Dialect = { format: 'custom', delimiter: 'e', quote: '"' };
    const out = writeAll(shape, options(d, { includeHeader: false }), [[1.5e-7, true, Infinity]]);
    assert.deepEqual(parseAs(d, out), [['1.5e-7', 'true', '']]);
  });

  test('nested object headers and special header names are quoted as needed', () => {
    const shape = { nodes: [object('a,b', [field('c"d', 0)]), field('e', 1)] };
    const out = writeAll(shape, { format: 'csv', count: 1 }, [['1', '2']]);
    assert.deepEqual(parse(out), [
      ['a,b.c"d', 'e'],
      ['1', '2'],
    ]);
  });

  test('impossible custom settings are refused with the parameter named', () => {
    const shape = stringColumns(1);
    assert.throws(() => createWriter(shape, { format: 'custom', count: 1, delimiter: '' }), /delimiter/);
    assert.throws(() => createWriter(shape, { format: 'custom', count: 1, quoteChar: '""' }), /quote_char/);
    assert.throws(
      () => createWriter(shape, { format: 'custom', count: 1, delimiter: 'a"', quoteChar: '"' }),
      /quote_char/,
    );
    assert.throws(() => createWriter(shape, { format: 'custom', count: 1, delimiter: '\n' }), /line breaks/);
    assert.doesNotThrow(() => createWriter(shape, { format: 'custom', count: 1, delimiter: '😀', quoteChar: '🙂' }));
  });

  test('rows written in ranges by separate writers join to the same bytes', () => {
    for (const d of DIALECTS) assertRangesJoin(richShape, options(d, { bom: true }), richRows);
  });

  test('item lists are the same JSON text the json writer writes', () => {
    const shape = { nodes: [items('f', 0, [field('x', 0), field('y', 1)])] };
    const row: Value[] = [
      new ItemList([
        ['a', null],
        ['b', 'c'],
      ]),
    ];
    const csvCell = parse(writeAll(shape, { format: 'csv', count: 1 }, [row]))[1][0] as string;
    const json = writeAll(shape, { format: 'json', count: 1 }, [row]).trimEnd();
    assert.equal(`{"f":${csvCell}}`, json);
  });
});
