import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { compileSchema } from './compile.js';
import { SMALL_ROW_MAX_VALUES } from './small-rows.js';
import { readFileSync } from 'node:fs';
import { STANDARD_SCHEMA_PATH } from '../bench/paths.js';

/** The benchmark's standard 10-field schema. */
const STANDARD: Record<string, unknown>[] = JSON.parse(readFileSync(STANDARD_SCHEMA_PATH, 'utf8'));

const smallRows = (fields: unknown[]) => compileSchema(fields).smallRows;
const many = (n: number, spec: Record<string, unknown>) =>
  Array.from({ length: n }, (_, i) => ({ name: `f${i}`, ...spec }));

describe('small rows (the plan check)', () => {
  test('the standard schema has small rows; percent blank changes nothing', () => {
    assert.equal(smallRows(STANDARD), true);
    assert.equal(smallRows(STANDARD.map((field) => ({ ...field, percentBlank: 30 }))), true);
  });

  test('one field of a type that is not small (or not small with its parameters) makes the rows not small', () => {
    assert.equal(smallRows([...STANDARD, { name: 'r', type: 'Regular Expression', value: '[a-z]{1,1000}' }]), false);
    assert.equal(smallRows([...STANDARD, { name: 'w', type: 'Words', min: 1, max: 1000 }]), false);
    assert.equal(smallRows([...STANDARD, { name: 'h', type: 'SHA256' }]), false);
  });

  test('a formula, as a type or as a field property, makes the rows not small', () => {
    assert.equal(smallRows([...STANDARD, { name: 'f', type: 'Formula', value: '1 + 1' }]), false);
    assert.equal(smallRows([{ name: 'n', type: 'Number', formula: 'this * 2' }]), false);
  });

  test('repeats and JSON Arrays are small while a row holds at most SMALL_ROW_MAX_VALUES values', () => {
    assert.equal(
      smallRows([
        { name: 'tags[1-5]', type: 'First Name' },
        { name: 'id', type: 'Row Number' },
      ]),
      true,
    );
    assert.equal(smallRows([{ name: `tags[${SMALL_ROW_MAX_VALUES}]`, type: 'First Name' }]), true);
    assert.equal(
      smallRows([
        { name: `tags[${SMALL_ROW_MAX_VALUES}]`, type: 'First Name' },
        { name: 'id', type: 'Row Number' },
      ]),
      false,
    );
    const array = (maxItems: number) => [
      { name: 'kids', type: 'JSON Array', minItems: 0, maxItems },
      { name: 'kids.name', type: 'First Name' },
    ];
    // The array's items and their values (work-estimate.ts): 2 × maxItems.
    assert.equal(smallRows(array(SMALL_ROW_MAX_VALUES / 2)), true);
    assert.equal(smallRows(array(SMALL_ROW_MAX_VALUES / 2 + 1)), false);
    assert.equal(smallRows(many(SMALL_ROW_MAX_VALUES, { type: 'Boolean' })), true);
    assert.equal(smallRows(many(SMALL_ROW_MAX_VALUES + 1, { type: 'Boolean' })), false);
  });

  test('a template reads only single small values that read nothing themselves', () => {
    const base = [
      { name: 'first', type: 'First Name' },
      { name: 'last', type: 'Last Name' },
    ];
    assert.equal(smallRows([...base, { name: 't', type: 'Template', value: '{first} {last}' }]), true);
    // A template of templates could multiply its length at each step.
    assert.equal(
      smallRows([
        ...base,
        { name: 't', type: 'Template', value: '{first} {last}' },
        { name: 'u', type: 'Template', value: '{t}{t}' },
      ]),
      false,
    );
    // Lists read as JSON text: their length is their items'.
    assert.equal(
      smallRows([
        { name: 'names[3]', type: 'First Name' },
        { name: 't', type: 'Template', value: '{names}' },
      ]),
      false,
    );
    assert.equal(
      smallRows([
        { name: 'kids', type: 'JSON Array', maxItems: 3 },
        { name: 'kids.id', type: 'Row Number' },
        { name: 't', type: 'Template', value: '{kids}' },
      ]),
      false,
    );
    // What it reads must be small itself (here: long words).
    assert.equal(
      smallRows([
        { name: 'w', type: 'Words', min: 900, max: 1000 },
        { name: 't', type: 'Template', value: '{w}' },
      ]),
      false,
    );
    // The values a template copies count against the row's values: 50 + 2 × (1 + 4) = 60; 50 + 3 × 5 = 65.
    const fifty = many(50, { type: 'Boolean' });
    assert.equal(
      smallRows([...fifty, ...[1, 2].map((i) => ({ name: `t${i}`, type: 'Template', value: '{f0}' }))]),
      true,
    );
    assert.equal(
      smallRows([...fifty, ...[1, 2, 3].map((i) => ({ name: `t${i}`, type: 'Template', value: '{f0}' }))]),
      false,
    );
    // Inside a JSON Array, reading a field of the row.
    assert.equal(
      smallRows([
        ...base,
        { name: 'kids', type: 'JSON Array', maxItems: 3 },
        { name: 'kids.t', type: 'Template', value: '{first}' },
      ]),
      true,
    );
  });
});
