import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateObjects } from '../engine/sample.js';
import { compileSchema } from '../schema/compile.js';
import { RowEngine } from '../engine/row-engine.js';
import { Verbatim } from '../kernel/values.js';
import { parse } from 'csv-parse/sync';
import { generate } from '../engine/generate.js';
import { streamText } from '../testing/stream-text.js';

describe('structural types', () => {
  test('Row Number counts from 1', () => {
    assert.deepEqual(
      generateObjects([{ name: 'n', type: 'Row Number' }], { count: 4 }).map((r) => r.n),
      [1, 2, 3, 4],
    );
  });

  test('Sequence follows start, step and repeat', () => {
    const rows = generateObjects(
      [
        { name: 's', type: 'Sequence', start: 10, step: -5, repeat: 2 },
        { name: 'd', type: 'Sequence' },
      ],
      { count: 6 },
    );
    assert.deepEqual(
      rows.map((r) => r.s),
      [10, 10, 5, 5, 0, 0],
    );
    assert.deepEqual(
      rows.map((r) => r.d),
      [1, 2, 3, 4, 5, 6],
    );
  });

  test('Blank is always null', () => {
    assert.ok(generateObjects([{ name: 'b', type: 'Blank' }], { count: 50 }).every((r) => r.b === null));
  });

  test('Custom List random picks every value with about equal frequency', () => {
    const values = ['a', 'b', 'c', 'd'];
    const n = 40_000;
    const counts = new Map<unknown, number>();
    for (const row of generateObjects([{ name: 'x', type: 'Custom List', values }], { count: n, seed: 1 }))
      counts.set(row.x, (counts.get(row.x) ?? 0) + 1);
    assert.deepEqual([...counts.keys()].sort(), values);
    for (const count of counts.values()) assert.ok(Math.abs(count / n - 0.25) < 6 * Math.sqrt((0.25 * 0.75) / n));
  });

  test('Custom List accepts a comma-separated string, as hand-written schemas send', () => {
    const rows = generateObjects(
      [{ name: 'x', type: 'Custom List', values: 'red, green,blue', selectionStyle: 'sequential' }],
      { count: 4 },
    );
    assert.deepEqual(
      rows.map((r) => r.x),
      ['red', 'green', 'blue', 'red'],
    );
  });

  test('Custom List cartesian enumerates the full product in row order, like nested loops', () => {
    const rows = generateObjects(
      [
        { name: 'size', type: 'Custom List', values: ['S', 'M'], selectionStyle: 'cartesian' },
        { name: 'id', type: 'Row Number' },
        { name: 'color', type: 'Custom List', values: ['red', 'green', 'blue'], selectionStyle: 'cartesian' },
      ],
      { count: 8 },
    );
    assert.deepEqual(
      rows.map((r) => `${r.size}-${r.color}`),
      ['S-red', 'S-green', 'S-blue', 'M-red', 'M-green', 'M-blue', 'S-red', 'S-green'],
    );
    assert.equal(
      compileSchema([
        { name: 'a', type: 'Custom List', values: ['1', '2'], selectionStyle: 'cartesian' },
        { name: 'b', type: 'Custom List', values: ['1', '2', '3'], selectionStyle: 'cartesian' },
      ]).cartesianCombinations,
      6,
    );
  });

  test('SQL Expression is a verbatim value', () => {
    const plan = compileSchema([{ name: 'at', type: 'SQL Expression', value: 'CURRENT_TIMESTAMP' }]);
    const value = new RowEngine(plan, 1).row(0)[0];
    assert.ok(value instanceof Verbatim && value.text === 'CURRENT_TIMESTAMP' && !value.everywhere);
  });

  test("Template replaces {name} with the row's values and keeps {{ }} literal", () => {
    const rows = generateObjects(
      [
        { name: 'first', type: 'Custom List', values: ['Ann'] },
        { name: 'n', type: 'Row Number' },
        { name: 'weird name', type: 'Custom List', values: ['w'] },
        { name: 't', type: 'Template', value: '{{literal}} {first}#{n} { weird name }' },
      ],
      { count: 2 },
    );
    assert.deepEqual(
      rows.map((r) => r.t),
      ['{literal} Ann#1 w', '{literal} Ann#2 w'],
    );
  });
});

describe('fields that read a list', () => {
  // A repeated field's value is a list, which a Template or a Regular Expression reads as JSON
  // text: its quotes and commas must reach the writers' escaping, in every format.
  const schemas = [
    [
      { name: 'names[2]', type: 'First Name' },
      { name: 't', type: 'Template', value: '{names}' },
    ],
    [
      { name: 'names[2]', type: 'First Name' },
      { name: 't', type: 'Regular Expression', value: '{{names}}' },
    ],
    [
      { name: 'kids', type: 'JSON Array', minItems: 2, maxItems: 2 },
      { name: 'kids.name', type: 'First Name' },
      { name: 't', type: 'Template', value: '{kids}' },
    ],
  ];
  for (const fields of schemas) {
    test(`${fields.at(-1)!.type} reading ${fields[0].name}: CSV and JSON parse back to the same text`, async () => {
      const texts = generateObjects(fields, { count: 20, seed: 3 }).map((row) => row.t);
      assert.ok(
        texts.every((t) => typeof t === 'string' && t.startsWith('[')),
        `list texts, got ${JSON.stringify(texts[0])}`,
      );
      const csv = await streamText(
        generate({ fields, count: 20, seed: 3, writer: { format: 'csv' }, workers: 1 }).stream,
      );
      assert.deepEqual(
        (parse(csv, { columns: true }) as { t: string }[]).map((r) => r.t),
        texts,
      );
      const json = await streamText(
        generate({ fields, count: 20, seed: 3, writer: { format: 'json' }, workers: 1 }).stream,
      );
      assert.deepEqual(
        (JSON.parse(json) as { t: string }[]).map((r) => r.t),
        texts,
      );
    });
  }
});
