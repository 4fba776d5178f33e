import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { ItemList, Verbatim, type Value } from '../kernel/values.js';
import { flatColumns } from './index.js';
import { sqlIdentifier } from './sql-writer.js';
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
import type { RecordShape } from '../kernel/shape.js';

/**
 * Runs the whole output in a fresh in-memory SQLite database and reads the table back. The text
 * goes through UTF-8 bytes first, as it does on its way to a file or socket (better-sqlite3 would
 * otherwise pass lone surrogates on as invalid bytes).
 */
function load(sql: string, table = 'MOCK_DATA'): Record<string, unknown>[] {
  const db = new Database(':memory:');
  try {
    db.exec(Buffer.from(sql, 'utf8').toString('utf8'));
    return db.prepare(`select * from ${sqlIdentifier(table)}`).all() as Record<string, unknown>[];
  } finally {
    db.close();
  }
}

/** SQLite holds UTF-8: lone surrogates come back as U+FFFD. NUL is dropped by the writer (documented). */
function asStored(s: string): string {
  return s
    .replaceAll('\0', '')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

function expected(shape: RecordShape, row: Value[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of flatColumns(shape)) {
    const v = row[c.slot];
    let e: unknown;
    if (v === null || v === undefined) e = null;
    else if (v instanceof ItemList) e = (plainObject(shape.nodes, row) as Record<string, unknown>)[c.header];
    else if (Array.isArray(v)) e = plainValue(v);
    else if (v instanceof Verbatim)
      e = v.text === '1 + 2' ? '3' : v.text; // TEXT columns store the result as text
    else if (typeof v === 'boolean') e = v ? 1 : 0;
    else if (typeof v === 'string') e = asStored(v);
    else e = v;
    out[c.header] = e;
  }
  return out;
}

describe('sql writer', () => {
  test('create table + inserts load into SQLite and read back as the values', () => {
    const sql = writeAll(richShape, { format: 'sql', count: 3, createTable: true }, richRows);
    const rows = load(sql);
    const cols = flatColumns(richShape);
    const decoded = rows.map((r) => {
      const o: Record<string, unknown> = { ...r };
      for (const c of cols)
        if (c.kind === 'json' && typeof o[c.header] === 'string') o[c.header] = JSON.parse(o[c.header] as string);
      return o;
    });
    assert.deepEqual(
      decoded,
      richRows.map((r) => expected(richShape, r)),
    );
  });

  test('create table column types', () => {
    const db = new Database(':memory:');
    db.exec(writeAll(richShape, { format: 'sql', count: 0, createTable: true }, []));
    const types = db.prepare("select name, type from pragma_table_info('MOCK_DATA')").all() as {
      name: string;
      type: string;
    }[];
    db.close();
    assert.deepEqual(Object.fromEntries(types.map((t) => [t.name, t.type])), {
      id: 'BIGINT',
      first_name: 'TEXT',
      'address.city': 'TEXT',
      'address.zip': 'TEXT',
      'address.kind': 'TEXT',
      tags: 'TEXT',
      friends: 'TEXT',
      active: 'BOOLEAN',
      score: 'NUMERIC',
      code: 'TEXT',
      note: 'TEXT',
    });
  });

  test('one statement per row; table name option; identifiers quoted only when needed', () => {
    const shape = {
      nodes: [field('first_name', 0), field('order', 1), field('2nd', 2), object('a', [field('b"c', 3)])],
    };
    const sql = writeAll(shape, { format: 'sql', count: 2, table: 'my table' }, [
      ['x', 'y', 'z', 'w'],
      ['p', null, 'r', 's'],
    ]);
    const lines = sql.split('\n');
    assert.equal(lines.length, 3);
    assert.equal(lines[2], '');
    assert.ok(lines[0].startsWith('insert into "my table" (first_name, "order", "2nd", "a.b""c") values ('));
    const db = new Database(':memory:');
    db.exec('create table "my table" (first_name, "order", "2nd", "a.b""c")');
    db.exec(sql);
    assert.deepEqual(db.prepare('select * from "my table"').all(), [
      { first_name: 'x', order: 'y', '2nd': 'z', 'a.b"c': 'w' },
      { first_name: 'p', order: null, '2nd': 'r', 'a.b"c': 's' },
    ]);
    db.close();
    assert.equal(sqlIdentifier('MOCK_DATA'), 'MOCK_DATA');
    assert.equal(sqlIdentifier('Select'), '"Select"');
  });

  test('SQL Expression values are bare SQL; non-finite numbers are NULL', () => {
    const shape = { nodes: [field('a', 0), field('b', 1, 'number'), field('c', 2)] };
    const sql = writeAll(shape, { format: 'sql', count: 1, createTable: true }, [
      [new Verbatim("upper('abc') || 'd'", false), NaN, new Verbatim('7 * 6', true)],
    ]);
    assert.deepEqual(load(sql), [{ a: 'ABCd', b: null, c: '42' }]);
  });

  test('a shape with no visible columns still inserts its rows', () => {
    const sql = writeAll({ nodes: [] }, { format: 'sql', count: 2 }, [[], []]);
    const db = new Database(':memory:');
    db.exec('create table MOCK_DATA (id integer primary key)');
    db.exec(sql);
    assert.equal((db.prepare('select count(*) as n from MOCK_DATA').get() as { n: number }).n, 2);
    db.close();
  });

  test("JSON Array columns hold the json writer's text", () => {
    const shape = { nodes: [items('f', 0, [field('x', 0)])] };
    const row: Value[] = [new ItemList([["it's"], [null]])];
    const [loaded] = load(writeAll(shape, { format: 'sql', count: 1, createTable: true }, [row]));
    assert.equal(`{"f":${loaded.f as string}}`, writeAll(shape, { format: 'json', count: 1 }, [row]).trimEnd());
  });

  test('rows written in ranges by separate writers join to the same bytes', () => {
    assertRangesJoin(richShape, { format: 'sql', count: 3, createTable: true }, richRows);
  });

  test('property: any strings (quotes, backslashes, line breaks, NUL, lone surrogates) load back', () => {
    const shape = stringColumns(3);
    const char = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 1 }),
      fc.constantFrom("'", '\\', '\0', '\n', '\r', '"', ';', '\ud800', '\udc00'),
    );
    const text = fc.string({ unit: char });
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.option(text), text, text), { minLength: 1, maxLength: 6 }), (rows) => {
        const sql = writeAll(shape, { format: 'sql', count: rows.length, createTable: true }, rows);
        assert.deepEqual(
          load(sql),
          rows.map((r) => ({ c0: r[0] === null ? null : asStored(r[0]), c1: asStored(r[1]), c2: asStored(r[2]) })),
        );
      }),
      { numRuns: 200 },
    );
  });
});
