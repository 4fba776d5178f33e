/**
 * Column -> field: names and SQL types together, numbers within their types, text within its
 * length (checked on generated values), and every field compiling.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateObjects } from '@rowloom/core';
import { compileProblems } from './check-fields.js';
import { inferField } from './infer-field.js';
import type { ImportedColumn } from './import-model.js';
import { sqlTypeFromText } from './sql-types.js';

const column = (name: string, type: string, notNull = true): ImportedColumn => ({
  name,
  type: sqlTypeFromText(type),
  notNull,
});

function values(field: Record<string, unknown> & { name: string }, count = 300): unknown[] {
  return generateObjects([field], { count, seed: 7 }).map((row) => row[field.name]);
}

describe('SQL type text', () => {
  test('one spelling for every catalogue', () => {
    assert.deepEqual(
      [
        'character varying(20)',
        'VARCHAR(20)',
        'integer',
        'int(11)',
        'bigint(20) unsigned',
        'numeric(10, 2)',
        'timestamp(3) with time zone',
        'timestamp without time zone',
        'tinyint(1)',
        'integer[]',
        'character(2)',
      ].map((t) => sqlTypeFromText(t).declared),
      [
        'varchar(20)',
        'varchar(20)',
        'integer',
        'integer',
        'bigint unsigned',
        'numeric(10,2)',
        'timestamp with time zone',
        'timestamp',
        'tinyint(1)',
        'integer[]',
        'char(2)',
      ],
    );
    assert.equal(sqlTypeFromText('tinyint(1)').kind, 'boolean');
    assert.equal(sqlTypeFromText('smallint').max, 32767);
    assert.equal(sqlTypeFromText('tinyint unsigned').max, 255);
  });
});

describe('inferField', () => {
  test('names the issue lists', () => {
    assert.equal(inferField(column('email', 'varchar(255)')).type, 'Email Address');
    assert.equal(inferField(column('first_name', 'varchar(50)')).type, 'First Name');
    assert.equal(inferField(column('country_code', 'char(2)')).type, 'Country Code');
    assert.equal(inferField(column('token', 'uuid')).type, 'GUID');
    assert.equal(inferField(column('flag', 'boolean')).type, 'Boolean');
    assert.deepEqual(inferField({ ...column('status', 'varchar(10)'), check: ['a', 'b'] }), {
      name: 'status',
      type: 'Custom List',
      values: ['a', 'b'],
    });
  });

  test('dates in forms the databases read', () => {
    assert.equal(inferField(column('created_at', 'timestamp')).format, '%Y-%m-%d %H:%M:%S');
    assert.equal(inferField(column('created_at', 'timestamptz')).format, '%Y-%m-%d %H:%M:%S%:z');
    // A date column named like a timestamp is a Date.
    assert.deepEqual(inferField(column('created_at', 'date')).type, 'Date');
    for (const value of values(inferField(column('created_at', 'timestamp')), 50))
      assert.match(String(value), /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  test('numbers stay within their type', () => {
    assert.deepEqual(inferField(column('quantity', 'int')), {
      name: 'quantity',
      type: 'Number',
      min: 1,
      max: 100,
      decimals: 0,
    });
    assert.deepEqual(inferField(column('amount', 'numeric(10,2)')), {
      name: 'amount',
      type: 'Number',
      min: 1,
      max: 1000,
      decimals: 2,
    });
    assert.deepEqual(inferField(column('ratio', 'numeric(3,1)')), {
      name: 'ratio',
      type: 'Number',
      min: 0,
      max: 99.9,
      decimals: 1,
    });
    assert.deepEqual(inferField(column('level', 'tinyint')), {
      name: 'level',
      type: 'Number',
      min: 1,
      max: 127,
      decimals: 0,
    });
    assert.deepEqual(inferField(column('is_late', 'int')), {
      name: 'is_late',
      type: 'Number',
      min: 0,
      max: 1,
      decimals: 0,
    });
    // A name's text type on a number column gives way to the number.
    assert.equal(inferField(column('title', 'integer')).type, 'Number');
  });

  test('text of no known meaning fits its length', () => {
    for (const type of [
      'varchar(1)',
      'varchar(5)',
      'char(3)',
      'varchar(14)',
      'varchar(15)',
      'varchar(29)',
      'varchar(200)',
    ]) {
      const field = inferField(column('zork', type));
      const limit = sqlTypeFromText(type).length ?? 0;
      for (const value of values(field)) assert.ok(String(value).length <= limit, `${type}: "${String(value)}"`);
    }
    assert.equal(String(inferField(column('zork', 'char(3)')).format).length, 3);
  });

  test('every field compiles, none has blanks', () => {
    const columns = [
      column('id', 'integer'),
      column('email', 'varchar(255)'),
      column('settings', 'jsonb'),
      column('starts', 'time'),
      column('ip', 'inet'),
      column('mac', 'macaddr'),
      column('wait', 'interval'),
      column('blob', 'bytea'),
      column('tags', 'text[]'),
      column('mood', 'mood'),
      column('price', 'money'),
      column('born', 'year'),
      column('ratio', 'double precision'),
      column('note', 'text', false),
    ];
    const fields = columns.map((c) => inferField(c));
    assert.deepEqual([...compileProblems(fields)], []);
    for (const field of fields) assert.equal(field.percentBlank, undefined);
    const json = values(inferField(column('settings', 'jsonb')), 20);
    for (const value of json) assert.doesNotThrow(() => JSON.parse(String(value)));
  });
});

describe('named text within its length', () => {
  test("a title's words are counted against varchar(n), not only sampled: the longest draw fits", async () => {
    const { checkedFields } = await import('./check-fields.js');
    const { LONGEST_WORD } = await import('./text-fit.js');
    const title = column('title', 'varchar(60)');
    const field = inferField(title, 'books');
    assert.equal(field.type, 'Words');
    const [checked] = checkedFields([field], [title], () => undefined);
    const longest = Number(checked.max) * (LONGEST_WORD + 1) - 1;
    assert.ok(
      longest <= 60,
      `at most ${String(checked.max)} words of up to ${LONGEST_WORD} letters: ${longest} characters`,
    );
    assert.ok(Number(checked.min) <= Number(checked.max));
    for (const seed of [1, 2, 3, 4, 5])
      for (const row of generateObjects([checked], { count: 500, seed }))
        assert.ok(String(row.title).length <= 60, String(row.title));
    const tiny = column('title', 'varchar(8)');
    const [short] = checkedFields([inferField(tiny, 'books')], [tiny], () => undefined);
    assert.notEqual(short.type, 'Words', 'not even one word always fits: text of its length instead');
  });
});
