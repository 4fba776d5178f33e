import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import type { RecordShape } from '../kernel/shape.js';
import { field, stringColumns, writeAll } from './writer-fixtures.js';
import type { WriterOptions } from './index.js';

const HOSTILE = ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\t=x', '\r=x', '=HYPERLINK("http://x","y")', 'plain', "it's", ''];

const readBack = (text: string, delimiter = ',', quote = '"') =>
  parse(text, { delimiter, quote, escape: quote }) as string[][];

test('neutralizeFormulas: text that a spreadsheet would evaluate reads back with a leading quote, in csv, txt and custom', () => {
  const shape = stringColumns(HOSTILE.length);
  const expected = HOSTILE.map((v) => (/^[=+\-@\t\r]/.test(v) ? "'" + v : v));
  const dialects: [WriterOptions, string, string][] = [
    [{ format: 'csv', count: 1 }, ',', '"'],
    [{ format: 'txt', count: 1 }, '\t', '"'],
    [{ format: 'custom', count: 1, delimiter: ';', quoteChar: "'" }, ';', "'"],
  ];
  for (const [options, delimiter, quote] of dialects) {
    const rows = readBack(
      writeAll(shape, { ...options, neutralizeFormulas: true, includeHeader: false }, [HOSTILE]),
      delimiter,
      quote,
    );
    assert.deepEqual(rows[0], expected, options.format);
  }
});

test('neutralizeFormulas leaves numbers (-5) and booleans alone, and guards header names too', () => {
  const shape: RecordShape = { nodes: [field('=name', 0), field('n', 1, 'number'), field('ok', 2, 'boolean')] };
  const rows = readBack(
    writeAll(shape, { format: 'csv', count: 2, neutralizeFormulas: true }, [
      ['-x', -5, true],
      ['@y', -0.5, false],
    ]),
  );
  assert.deepEqual(rows, [
    ["'=name", 'n', 'ok'],
    ["'-x", '-5', 'true'],
    ["'@y", '-0.5', 'false'],
  ]);
});

test('off by default: the same text is written as it is', () => {
  const shape = stringColumns(HOSTILE.length);
  assert.deepEqual(readBack(writeAll(shape, { format: 'csv', count: 1, includeHeader: false }, [HOSTILE]))[0], HOSTILE);
});

test('property: with the option, every text reads back as itself or as itself after a quote, and no cell starts a formula', () => {
  fc.assert(
    fc.property(fc.array(fc.string({ unit: 'grapheme' }), { minLength: 1, maxLength: 6 }), (values) => {
      const shape = stringColumns(values.length);
      const cells = readBack(
        writeAll(shape, { format: 'csv', count: 1, includeHeader: false, neutralizeFormulas: true }, [values]),
      )[0];
      cells.forEach((cell, i) => {
        assert.equal(cell, /^[=+\-@\t\r]/.test(values[i]) ? "'" + values[i] : values[i]);
        assert.doesNotMatch(cell, /^[=+\-@\t\r]/);
      });
    }),
  );
});
