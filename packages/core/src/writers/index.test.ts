import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createWriter, FORMAT_MEDIA_TYPES, OUTPUT_FORMATS, type OutputFormat } from './index.js';
import { field, stringColumns } from './writer-fixtures.js';
import type { Value } from '../kernel/values.js';

describe('createWriter', () => {
  test('every format has a content type (with charset for text) and a file extension', () => {
    const expected: Record<OutputFormat, [RegExp, string]> = {
      json: [/^application\/json; charset=utf-8$/, 'json'],
      csv: [/^text\/csv; charset=utf-8$/, 'csv'],
      txt: [/^text\/tab-separated-values; charset=utf-8$/, 'txt'],
      custom: [/^text\/plain; charset=utf-8$/, 'txt'],
      sql: [/^application\/sql; charset=utf-8$/, 'sql'],
      xml: [/^application\/xml; charset=utf-8$/, 'xml'],
      jsonl: [/^application\/x-ndjson; charset=utf-8$/, 'jsonl'],
      firebase: [/^application\/json; charset=utf-8$/, 'json'],
      cql: [/^text\/plain; charset=utf-8$/, 'cql'],
      dbunit: [/^application\/xml; charset=utf-8$/, 'xml'],
      // Binary: no charset.
      xlsx: [/^application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet$/, 'xlsx'],
    };
    for (const format of OUTPUT_FORMATS) {
      const w = createWriter(stringColumns(2), { format, count: 2 });
      assert.match(w.contentType, expected[format][0]);
      assert.equal(w.contentType.split(';')[0], FORMAT_MEDIA_TYPES[format], 'the listed media type');
      assert.equal(w.extension, expected[format][1]);
    }
  });

  test('an unknown format is refused', () => {
    assert.throws(
      () => createWriter(stringColumns(1), { format: 'yaml' as OutputFormat, count: 1 }),
      /unknown output format "yaml"/,
    );
  });
});

describe('plain columns (declared characters)', () => {
  const specialText = 'a,b"c\'d<e>&f\ng\th\\i';
  for (const format of [
    'json',
    'csv',
    'txt',
    'custom',
    'sql',
    'xml',
    'jsonl',
    'firebase',
    'cql',
    'dbunit',
    'xlsx',
  ] as const) {
    test(`${format}: declaring characters changes no byte; a declared special character is still escaped`, () => {
      const rows: Value[][] = [['plain words'], ['more-text@x.y 12'], [specialText]];
      const output = (characters: string | undefined) => {
        const writer = createWriter(
          { nodes: [field('v', 0, 'string', { characters })] },
          { format, count: rows.length, delimiter: ';' },
        );
        return writer.begin() + rows.map((r, i) => writer.row(r, i)).join('') + writer.end();
      };
      const undeclared = output(undefined);
      // A set holding every character used, special ones included: must still escape.
      assert.equal(output([...new Set(rows.flat().join(''))].join('')), undeclared);
      // A set without special characters is only true for the first two rows.
      const safeRows = rows.slice(0, 2);
      const safeOutput = (characters: string | undefined) => {
        const writer = createWriter(
          { nodes: [field('v', 0, 'string', { characters })] },
          { format, count: safeRows.length, delimiter: ';' },
        );
        return writer.begin() + safeRows.map((r, i) => writer.row(r, i)).join('') + writer.end();
      };
      assert.equal(safeOutput('abcdefghijklmnopqrstuvwxyz@.-12 '), safeOutput(undefined));
    });
  }
});
