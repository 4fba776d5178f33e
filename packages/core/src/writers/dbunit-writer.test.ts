import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { RecordShape } from '../kernel/shape.js';
import { ItemList, Verbatim, type Value } from '../kernel/values.js';
import { flatColumns } from './index.js';
import {
  assertRangesJoin,
  field,
  plainObject,
  plainValue,
  richRows,
  richShape,
  stringColumns,
  writeAll,
} from './writer-fixtures.js';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  // Numeric character references (&#10;) are decoded only with this on.
  htmlEntities: true,
  trimValues: false,
  parseAttributeValue: false,
  ignoreDeclaration: true,
  isArray: (name: string, _path: unknown, _leaf: boolean, isAttribute: boolean) => !isAttribute && name !== 'dataset',
});

/** The rows as a DBUnit reader gets them: the table's elements' attributes. */
function readDataset(text: string, table = 'MOCK_DATA'): Record<string, string>[] {
  assert.equal(XMLValidator.validate(text), true, 'well-formed XML');
  const parsed = parser.parse(text) as { dataset: Record<string, unknown> | string };
  assert.deepEqual(Object.keys(parsed), ['dataset'], 'one root element, <dataset>');
  const dataset = parsed.dataset;
  if (typeof dataset === 'string') {
    assert.match(dataset, /^\s*$/, 'no text in an empty dataset');
    return [];
  }
  // The line breaks and indentation between rows are the only text.
  const { '#text': between, ...tables } = dataset;
  assert.match((between as string | undefined) ?? '', /^\s*$/);
  assert.deepEqual(Object.keys(tables), [table], 'only table elements inside');
  return tables[table] as Record<string, string>[];
}

/** XML 1.0 cannot carry these: dropped (xml-text.ts). */
function carried(s: string): string {
  return s.replace(
    /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    '',
  );
}

/** What each row's attributes should be: flat columns as text, nulls absent. */
function expected(shape: RecordShape, row: Value[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of flatColumns(shape)) {
    const v = row[c.slot];
    if (v === null || v === undefined) continue;
    if (v instanceof ItemList)
      out[c.header] = JSON.stringify((plainObject(shape.nodes, row) as Record<string, unknown>)[c.header]);
    else if (Array.isArray(v)) out[c.header] = JSON.stringify(plainValue(v));
    else if (v instanceof Verbatim) out[c.header] = v.text;
    else out[c.header] = carried(String(v));
  }
  return out;
}

describe('dbunit writer', () => {
  test('<dataset> with one <MOCK_DATA col="v"/> per row; a real XML parser gives back the values; nulls have no attribute', () => {
    const text = writeAll(richShape, { format: 'dbunit', count: 3 }, richRows);
    assert.match(text, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<dataset>\n {2}<MOCK_DATA id="1" /);
    assert.ok(text.endsWith('</dataset>\n'));
    const rows = readDataset(text);
    assert.deepEqual(
      rows,
      richRows.map((r) => expected(richShape, r)),
    );
    assert.equal('note' in rows[0], false, 'a null column is absent');
    assert.equal('address.zip' in rows[1], false, 'a null inside an object too');
    assert.equal(rows[1]['address.city'], '', 'an empty string is an empty attribute, not absent');
  });

  test('table option names the elements; names that are not XML names are made valid and kept apart', () => {
    const shape = { nodes: [field('first name', 0), field('first_name', 1), field('2fa', 2), field('xmlns', 3)] };
    const text = writeAll(shape, { format: 'dbunit', count: 1, table: 'user accounts' }, [['a', 'b', 'c', 'd']]);
    assert.deepEqual(readDataset(text, 'user_accounts'), [
      { first_name: 'a', first_name_2: 'b', _2fa: 'c', _xmlns: 'd' },
    ]);
  });

  test('quotes, <, >, &, ]]>, tabs, line breaks and CR survive; control characters are dropped', () => {
    const values = ['"q" \'a\' <b> & ]]>', 'tab\tline\nbreak\r\nend', 'bell\u0007 nul\u0000 ok'];
    const text = writeAll(stringColumns(3), { format: 'dbunit', count: 1 }, [values]);
    assert.equal(text.split('\n').length, 5, 'one line per row: line breaks inside values are escaped');
    assert.deepEqual(readDataset(text), [{ c0: values[0], c1: values[1], c2: 'bell nul ok' }]);
  });

  test('no rows is an empty dataset', () => {
    assert.deepEqual(readDataset(writeAll(richShape, { format: 'dbunit', count: 0 }, [])), []);
  });

  test('rows written in ranges by separate writers join to the same bytes', () => {
    assertRangesJoin(richShape, { format: 'dbunit', count: 6 }, [...richRows, ...richRows]);
  });

  test('property: any strings come back (less what XML cannot carry)', () => {
    const char = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 1 }),
      fc.constantFrom('"', "'", '<', '&', '\n', '\r', '\t', ']]>', '\ud800'),
    );
    const text = fc.string({ unit: char });
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.option(text), text), { minLength: 1, maxLength: 6 }), (rows) => {
        const out = writeAll(stringColumns(2), { format: 'dbunit', count: rows.length }, rows);
        assert.deepEqual(
          readDataset(Buffer.from(out).toString()),
          rows.map((r) => (r[0] === null ? { c1: carried(r[1]) } : { c0: carried(r[0]), c1: carried(r[1]) })),
        );
      }),
    );
  });
});
