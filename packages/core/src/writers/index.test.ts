import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createWriter, OUTPUT_FORMATS, type OutputFormat } from './index.js';
import { stringColumns } from './writer-fixtures.js';

describe('createWriter', () => {
  test('every format has a content type with charset and a file extension', () => {
    const expected: Record<OutputFormat, [RegExp, string]> = {
      json: [/^application\/json; charset=utf-8$/, 'json'],
      csv: [/^text\/csv; charset=utf-8$/, 'csv'],
      txt: [/^text\/tab-separated-values; charset=utf-8$/, 'txt'],
      custom: [/^text\/plain; charset=utf-8$/, 'txt'],
      sql: [/^application\/sql; charset=utf-8$/, 'sql'],
      xml: [/^application\/xml; charset=utf-8$/, 'xml'],
    };
    for (const format of OUTPUT_FORMATS) {
      const w = createWriter(stringColumns(2), { format, count: 2 });
      assert.match(w.contentType, expected[format][0]);
      assert.equal(w.extension, expected[format][1]);
    }
  });

  test('an unknown format is refused', () => {
    assert.throws(() => createWriter(stringColumns(1), { format: 'yaml' as OutputFormat, count: 1 }), /unknown output format "yaml"/);
  });
});
