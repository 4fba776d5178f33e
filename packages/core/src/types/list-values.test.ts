/**
 * Custom List values written as plain numbers are numbers, as in the established product's
 * recorded responses ("DayValue": 5): JSON numbers, unquoted SQL, the same text in CSV and XML.
 * Everything else stays text, so no value's text ever changes.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import { XMLParser } from 'fast-xml-parser';
import Database from 'better-sqlite3';
import { generate } from '../engine/generate.js';
import { generateObjects } from '../engine/sample.js';
import { streamText } from '../testing/stream-text.js';
import { listValue } from './list-values.js';

/** Written as numbers: the value's text is the number's text. */
const NUMBERS: readonly [string, number][] = [
  ['5', 5],
  ['0', 0],
  ['-3', -3],
  ['2.5', 2.5],
  ['-0.25', -0.25],
  ['0.1', 0.1],
  ['1234567.89', 1234567.89],
  ['9007199254740991', 9007199254740991],
];

/** Stay text: their number would be written differently, or they are not plain numbers at all. */
const TEXTS = [
  '007',
  '00',
  '+1',
  '9.90',
  '1.0',
  '-0',
  '.5',
  '5.',
  '1e3',
  '1E3',
  ' 5',
  '5 ',
  '0x1F',
  'Infinity',
  'NaN',
  '1,000',
  '1_000',
  '--1',
  '',
  '9007199254740992',
  '12345678901234567890',
  '0.1000000000000000055511151231257827',
  '1.00000000000000001',
  'true',
  'false',
  'null',
  'five',
];

describe('Custom List: which values are numbers', () => {
  test('plain number literals are numbers, with their text unchanged', () => {
    for (const [text, number] of NUMBERS) {
      assert.equal(listValue(text), number, text);
      assert.equal(String(listValue(text)), text, `${text} reads back the same`);
    }
  });

  test('leading zeros or signs, trailing zeros, exponents, spaces, unsafe integers, booleans and words stay text', () => {
    for (const text of TEXTS) assert.equal(listValue(text), text, JSON.stringify(text));
  });
});

const VALUES = [...NUMBERS.map(([text]) => text), ...TEXTS.filter((t) => t !== '')];
const FIELDS = [
  { name: 'id', type: 'Row Number' },
  { name: 'v', type: 'Custom List', values: VALUES, selectionStyle: 'sequential' },
  { name: 'day', type: 'Custom List', values: ['1', '2', '3', '4', '5', '6', '7'] },
  { name: 'price', type: 'Custom List', values: ['4.99', '10', '0.5'] },
];
const COUNT = VALUES.length;
const SEED = 'list values';

function output(format: 'json' | 'csv' | 'sql' | 'xml'): Promise<string> {
  return streamText(
    generate({ fields: FIELDS, count: COUNT, seed: SEED, writer: { format, createTable: true, table: 't' } }).stream,
  );
}

describe('Custom List numbers in every format', () => {
  const expected = generateObjects(FIELDS, { count: COUNT, seed: SEED });

  test('json: numbers for plain numbers (as "DayValue": 5), strings for the rest', async () => {
    const rows = JSON.parse(await output('json')) as Record<string, unknown>[];
    assert.deepEqual(rows, expected);
    assert.deepEqual(
      rows.map((r) => r.v),
      VALUES.map(listValue),
    );
    for (const row of rows) {
      assert.equal(typeof row.day, 'number');
      assert.ok(Number.isInteger(row.day) && (row.day as number) >= 1 && (row.day as number) <= 7);
      assert.ok([4.99, 10, 0.5].includes(row.price as number));
    }
    assert.ok((await output('json')).includes('"v":"007"'), 'leading zeros stay a JSON string');
  });

  test('csv: every value exactly as written', async () => {
    const rows = parse(await output('csv'), { columns: true }) as Record<string, string>[];
    assert.deepEqual(
      rows.map((r) => r.v),
      VALUES,
    );
  });

  test('xml: every value exactly as written', async () => {
    const parsed = new XMLParser({
      parseTagValue: false,
      trimValues: false,
      isArray: (name) => name === 'record',
    }).parse(await output('xml')) as { dataset: { record: Record<string, string>[] } };
    assert.deepEqual(
      parsed.dataset.record.map((r) => r.v),
      VALUES,
    );
  });

  test('sql: numbers unquoted, text quoted; a list of numbers gets a numeric column', async () => {
    const sql = await output('sql');
    assert.match(sql, /\t"?day"? BIGINT/i);
    assert.match(sql, /\t"?price"? NUMERIC/i);
    assert.match(sql, /\t"?v"? TEXT/i);
    const db = new Database(':memory:');
    db.exec(sql);
    const rows = db.prepare('select v, typeof(day) as dayType, day, price from t order by id').all() as {
      v: unknown;
      dayType: string;
      day: unknown;
      price: unknown;
    }[];
    // A TEXT column keeps what it is given as text: a quoted '007' and an unquoted 5 alike.
    assert.deepEqual(
      rows.map((r) => r.v),
      VALUES,
    );
    assert.deepEqual(
      rows.map((r) => r.dayType),
      VALUES.map(() => 'integer'),
    );
    assert.deepEqual(
      rows.map((r) => [r.day, r.price]),
      expected.map((r) => [r.day, r.price]),
    );
    assert.match(sql, /values \(1, 5, /, 'the first value, 5, is unquoted');
    assert.match(sql, /values \(\d+, '007', /, '"007" is quoted');
  });
});

describe('Custom List numbers elsewhere', () => {
  test('values sent as JSON numbers (as some clients send them) come back as numbers', () => {
    const rows = generateObjects(
      [{ name: 'n', type: 'Custom List', values: [1, 2.5, -4], selectionStyle: 'sequential' }],
      { count: 3 },
    );
    assert.deepEqual(
      rows.map((r) => r.n),
      [1, 2.5, -4],
    );
  });

  test('true and false stay text (a Boolean field gives booleans); so do numbers with a formula that makes text', () => {
    const rows = generateObjects(
      [
        { name: 'flag', type: 'Custom List', values: ['true', 'false'], selectionStyle: 'sequential' },
        { name: 'code', type: 'Custom List', values: ['5'], formula: "this.to_s.rjust(3, '0')" },
      ],
      { count: 2 },
    );
    assert.deepEqual(rows, [
      { flag: 'true', code: '005' },
      { flag: 'false', code: '005' },
    ]);
  });

  test('formulas and templates see the number: arithmetic adds, text joins, a rule compares with a number', () => {
    const rows = generateObjects(
      [
        { name: 'n', type: 'Custom List', values: ['4'] },
        { name: 'next', type: 'Formula', value: 'n + 1' },
        { name: 'label', type: 'Formula', value: "'#' + n.to_s" },
        { name: 'tpl', type: 'Template', value: 'n={n}' },
        {
          name: 'rule',
          type: 'Custom List',
          values: ['four', 'other'],
          distribution: [{ rule: 'n == 4', frequencies: { four: 1, other: 0 } }],
        },
      ],
      { count: 3, seed: 1 },
    );
    for (const row of rows) assert.deepEqual(row, { n: 4, next: 5, label: '#4', tpl: 'n=4', rule: 'four' });
  });

  test('weighted rules keyed by a number value pick it, and it comes out as a number', () => {
    const rows = generateObjects(
      [
        {
          name: 'stage',
          type: 'Custom List',
          values: ['1', '2', '3'],
          selectionStyle: 'custom',
          distribution: [{ rule: null, frequencies: { '2': 1, '1': 0, '3': 0 } }],
        },
      ],
      { count: 20, seed: 3 },
    );
    for (const row of rows) assert.equal(row.stage, 2);
  });

  test('Dataset Column values stay text, as uploaded (the reference shows nothing else for them)', () => {
    const rows = generateObjects(
      [{ name: 'n', type: 'Dataset Column', dataset: 'numbers', column: 'n', selectionStyle: 'sequential' }],
      {
        count: 2,
        datasets: { numbers: { columns: ['n'], rows: [['5'], ['2.5']] } },
      },
    );
    assert.deepEqual(
      rows.map((r) => r.n),
      ['5', '2.5'],
    );
  });

  test('a repeated field of numbers is an array of numbers; a cartesian list of numbers gives numbers', () => {
    const [row] = generateObjects(
      [
        { name: 'scores[3]', type: 'Custom List', values: ['7'] },
        { name: 'c', type: 'Custom List', values: ['1', '2'], selectionStyle: 'cartesian' },
      ],
      { count: 1 },
    );
    assert.deepEqual(row, { scores: [7, 7, 7], c: 1 });
  });
});
