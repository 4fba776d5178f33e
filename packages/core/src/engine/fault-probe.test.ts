/**
 * Run-time faults as warnings: a formula that meets a value it cannot work on still gives nil,
 * and the generation's plan says so, naming the field, the method or operator, the value, the
 * position and the first row; the rows are the same bytes as without the trial.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generate } from './generate.js';
import { streamText } from '../testing/stream-text.js';
import { formatProblem } from '../schema/errors.js';

const formula = (name: string, value: string) => ({ name, type: 'Formula', value });
const QTY = { name: 'qty', type: 'Number', min: 3, max: 3, decimals: 0 };

const warningsOf = (fields: unknown[], count = 5) =>
  generate({ fields, count, seed: 1, writer: { format: 'json' } }).plan.warnings.map(formatProblem);

describe('run-time faults in formulas become warnings', () => {
  test('a method on a value it does not apply to: the field, the method, the value, the position, the row', () => {
    assert.deepEqual(warningsOf([QTY, formula('shout', 'qty.upcase')]), [
      `field "shout", parameter "value": 'upcase' does not apply to a number (3) at 1:5 in row 1; the formula gave nil there`,
    ]);
  });

  test('a division by zero, a block past its budget, a formula property on the wrong kind', () => {
    const warnings = warningsOf([
      QTY,
      formula('ratio', 'qty / (qty - 3)'),
      formula('big', '(1..qty * 100000).map { |x| x }.length'),
      { name: 'code', type: 'Number', min: 1, max: 1, decimals: 0, formula: 'this.strip' },
    ]);
    assert.equal(warnings.length, 3, warnings.join('\n'));
    assert.match(warnings[0]!, /^field "ratio", parameter "value": division by zero at 1:1 in row 1/);
    assert.match(warnings[1]!, /^field "big", parameter "value": a formula's blocks did too much work in row 1/);
    assert.match(
      warnings[2]!,
      /^field "code", parameter "formula": 'strip' does not apply to a number \(1\) at 1:6 in row 1/,
    );
  });

  test('one warning per formula, its first fault; a fault only in a later row names that row', () => {
    const warnings = warningsOf([
      { name: 'i', type: 'Row Number' },
      formula('late', "i > 3 ? i.upcase : 'ok'"),
      formula('twice', 'i.upcase.downcase'),
    ]);
    assert.deepEqual(warnings, [
      `field "late", parameter "value": 'upcase' does not apply to a number (4) at 1:11 in row 4; the formula gave nil there`,
      `field "twice", parameter "value": 'upcase' does not apply to a number (1) at 1:3 in row 1; the formula gave nil there`,
    ]);
  });

  test('no warning for what is not a fault: nil passed on (a blank field), methods that give nil by design, clean formulas', () => {
    const fields = [
      { name: 'email', type: 'Email Address', percentBlank: 100 },
      formula('a', 'email.upcase'),
      formula('b', "'abc'.to_date"),
      formula('c', '[].first'),
      formula('d', "{ 'a' => 1 }['b']"),
      formula('e', '7 / 2'),
    ];
    assert.deepEqual(warningsOf(fields), []);
  });

  test('the rows are the same bytes with the trial as they were: the trial runs on its own plan', async () => {
    const fields = [
      QTY,
      formula('shout', 'qty.upcase'),
      formula('r', 'random(1, 100)'),
      formula('n', "h = {}\nh['x'] = qty\nh"),
    ];
    const text = await streamText(generate({ fields, count: 50, seed: 9, writer: { format: 'json' } }).stream);
    const rows = JSON.parse(text) as { qty: number; shout: null; r: number; n: { x: number } }[];
    assert.equal(rows.length, 50);
    assert.ok(rows.every((row) => row.shout === null && row.n.x === 3 && row.r >= 1 && row.r <= 100));
    const without = await streamText(
      generate({ fields: fields.filter((f) => f.name !== 'shout'), count: 50, seed: 9, writer: { format: 'json' } })
        .stream,
    );
    assert.deepEqual(
      JSON.parse(without),
      rows.map(({ shout, ...rest }) => rest),
    );
  });
});
