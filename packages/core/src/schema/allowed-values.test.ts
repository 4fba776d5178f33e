/**
 * Fixed-set parameters (selectionStyle, image formats, Money's symbol...) in any letter case, as
 * client libraries send them ("selectionStyle": "Random"), for every such parameter of every type.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateObjects } from '../engine/sample.js';
import { exampleFields } from '../catalogue/catalogue.js';
import { ALL_TYPES } from '../types/registry.js';
import type { ParamSpec, TypeDefinition } from '../kernel/define-type.js';
import { problemsOf } from '../testing/schema-problems.js';
import { canonicalFields } from './canonical-fields.js';
import { SchemaError, type Problem } from './errors.js';

const FIXED_SET_PARAMS: { type: TypeDefinition; param: ParamSpec }[] = ALL_TYPES.flatMap((type) =>
  type.params.filter((param) => param.allowed).map((param) => ({ type, param })),
);

/** Other spellings of a value: upper case, capitalised, alternating. */
function respellings(value: string): string[] {
  const capitalised = value.charAt(0).toUpperCase() + value.slice(1);
  const alternating = [...value].map((c, i) => (i % 2 === 0 ? c.toUpperCase() : c.toLowerCase())).join('');
  return [...new Set([value.toUpperCase(), capitalised, alternating])].filter((spelling) => spelling !== value);
}

/** The rows of a type's example schema with these parameters, or the problems it is rejected with. */
function outcome(type: TypeDefinition, params: Record<string, unknown>): unknown[] | Problem[] {
  try {
    return generateObjects(exampleFields(type, params), {
      count: 30,
      seed: 'case',
      datasets: type.exampleDatasets,
      scenarios: type.exampleScenarios,
    });
  } catch (error) {
    assert.ok(error instanceof SchemaError, String(error));
    return error.problems;
  }
}

describe('fixed-set parameters match in any letter case', () => {
  test('the parameters this covers: every selectionStyle, image format and Money symbol of the registry', () => {
    const names = FIXED_SET_PARAMS.map(({ type, param }) => `${type.name}.${param.name}`);
    for (const expected of [
      'Custom List.selectionStyle',
      'Dataset Column.selectionStyle',
      'My List (deprecated).selectionStyle',
      'Money.symbol',
      'Avatar.format',
      'Dummy Image URL.format',
      'Base64 Image URL.format',
      'Phone.format',
    ]) {
      assert.ok(names.includes(expected), `${expected} among ${names.join(', ')}`);
    }
  });

  test('no parameter has two allowed values that differ only in case, so every spelling names one value', () => {
    for (const { type, param } of FIXED_SET_PARAMS) {
      const lower = param.allowed!.map((value) => value.toLowerCase());
      assert.equal(new Set(lower).size, lower.length, `${type.name}.${param.name}`);
    }
  });

  for (const { type, param } of FIXED_SET_PARAMS) {
    test(`${type.name}.${param.name}: every allowed value in other cases gives what the catalogue's spelling gives`, () => {
      for (const value of param.allowed!) {
        const canonical = outcome(type, { [param.name]: value });
        for (const spelling of respellings(value))
          assert.deepEqual(
            outcome(type, { [param.name]: spelling }),
            canonical,
            `${param.name}: ${JSON.stringify(spelling)}`,
          );
      }
    });
  }

  test('"selectionStyle": "Random" as client libraries send it; "SEQUENTIAL" runs in order', () => {
    const rows = generateObjects(
      [
        { name: 'x', type: 'Custom List', values: ['a', 'b', 'c'], selectionStyle: 'SEQUENTIAL' },
        { name: 'y', type: 'Custom List', values: ['a', 'b'], selectionStyle: 'Random' },
      ],
      { count: 4 },
    );
    assert.deepEqual(
      rows.map((r) => r.x),
      ['a', 'b', 'c', 'a'],
    );
  });

  test('a value that matches none is refused naming the field and parameter, listing the allowed values', () => {
    const [problem] = problemsOf([{ name: 'kind', type: 'Custom List', values: ['a'], selectionStyle: 'Randomly' }]);
    assert.equal(problem.field, 'kind');
    assert.equal(problem.param, 'selectionStyle');
    assert.equal(
      problem.message,
      '"Randomly" is not allowed; use one of "random", "sequential", "cartesian", "custom" (letter case does not matter)',
    );
    const [image] = problemsOf([{ name: 'pic', type: 'Avatar', format: 'TIFF' }]);
    assert.deepEqual([image.field, image.param], ['pic', 'format']);
    assert.match(image.message, /"TIFF" is not allowed; use one of "png", "jpg", "bmp"/);
  });
});

describe('canonicalFields: what a saved schema stores', () => {
  test('fixed-set values are spelt as the catalogue does; everything else is left as written', () => {
    const fields = [
      { name: 'a', type: 'custom list', values: ['x'], selectionStyle: 'Random', percentBlank: 5, extra: 'Random' },
      { name: 'b', type: 'Money', symbol: 'NONE' },
      { name: 'c', type: 'Dummy Image URL', format: 'PNG' },
      { name: 'd', type: 'Dataset Column', dataset: 'People', column: 'Name', selectionStyle: 'Weighted' },
      { name: 'e', type: 'Custom List', values: ['x'], selectionStyle: 'sometimes' },
      { name: 'f', type: 'Frist Name', format: 'PNG' },
      { name: 'g', type: 'Custom List', values: ['x'], selectionStyle: 'random' },
      'not a field',
    ];
    const copy = structuredClone(fields);
    const canonical = canonicalFields(fields);
    assert.deepEqual(canonical, [
      { name: 'a', type: 'custom list', values: ['x'], selectionStyle: 'random', percentBlank: 5, extra: 'Random' },
      { name: 'b', type: 'Money', symbol: 'none' },
      { name: 'c', type: 'Dummy Image URL', format: 'png' },
      { name: 'd', type: 'Dataset Column', dataset: 'People', column: 'Name', selectionStyle: 'weighted' },
      { name: 'e', type: 'Custom List', values: ['x'], selectionStyle: 'sometimes' },
      { name: 'f', type: 'Frist Name', format: 'PNG' },
      { name: 'g', type: 'Custom List', values: ['x'], selectionStyle: 'random' },
      'not a field',
    ]);
    assert.deepEqual(fields, copy, 'the input is not changed');
    assert.equal(canonical[6], fields[6], 'a field with nothing to change is the same object');
  });
});
