/**
 * TypeDefinition.smallValues: which types a server may run on its main thread. The decisions are
 * pinned here (a new type is not small until it says so, and saying so is a reviewed change),
 * and the length half of the rule is checked on real values.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { compileSchema } from '../schema/compile.js';
import { exampleFields, exampleObjects, exampleRelations } from '../catalogue/catalogue.js';
import { projectRelations } from '../engine/relation-runtime.js';
import {
  hasSmallValues,
  SMALL_TEXT_PARAMETER,
  SMALL_VALUE_MAX_CHARACTERS,
  SMALL_VALUE_MAX_READS,
  type TypeDefinition,
} from '../kernel/define-type.js';
import { ALL_TYPES, findType } from './registry.js';

/** Not small with their default (or example) parameters, each for a reason in its module. */
const NOT_SMALL = [
  'Base64 Image URL', // renders an image per value
  'Bitcoin Address', // SHA-256 digests per value
  'Dataset Column', // a stored dataset's cells, of any length
  'Encrypt', // a cipher per value
  'Ethereum Address', // Keccak-256 per value
  'Formula',
  'MD5',
  'My List (deprecated)', // a stored dataset
  'Paragraphs', // even one paragraph can pass the length bound
  'Regular Expression', // repeats of up to thousands of rounds
  'Scenario', // reads the generation's row count
  'SHA1',
  'SHA256',
  'Sentences', // 10 sentences (the default max) can pass the length bound
  'Tezos Account', // Base58Check: two SHA-256 digests per value
  'Tezos Block',
  'Tezos Contract',
  'Tezos Operation',
  'Tezos Signature',
  // They read another table's rows (a parent row's fields, every parent's children counts).
  'Reference',
  'Child Number',
];

const type = (name: string) => findType(name)!;
const resolvedSmall = (name: string, params: Record<string, unknown>) =>
  compileSchema([{ name: 'f', type: name, ...params }]).fields[0];
const small = (name: string, params: Record<string, unknown> = {}) => {
  const field = resolvedSmall(name, params);
  return hasSmallValues(field.type, field.params);
};

/** The longest text among `rows` values of the type's example field (JSON for lists). */
function longestValue(definition: TypeDefinition, params: Record<string, unknown> = {}, rows = 300): number {
  const objects = exampleObjects(definition, params, { count: rows, seed: 'small-values' });
  let longest = 0;
  for (const object of objects) {
    const value = object.example;
    const text = typeof value === 'string' ? value : JSON.stringify(value ?? null);
    longest = Math.max(longest, text.length);
  }
  return longest;
}

describe('small values', () => {
  test('exactly the expected types are not small with their default parameters', () => {
    const notSmall = ALL_TYPES.filter((definition) => {
      const options = { datasets: definition.exampleDatasets, scenarios: definition.exampleScenarios };
      const relations = exampleRelations(definition, exampleFields(definition), 'small-values');
      const field = compileSchema(exampleFields(definition), {
        ...options,
        relations: relations && projectRelations(relations, options),
      }).fields[0];
      return !hasSmallValues(field.type, field.params);
    }).map((definition) => definition.name);
    assert.deepEqual(notSmall.sort(), [...NOT_SMALL].sort());
  });

  test('every type declared small keeps its values within the length bound', () => {
    for (const definition of ALL_TYPES) {
      if (NOT_SMALL.includes(definition.name)) continue;
      const longest = longestValue(definition);
      assert.ok(longest <= SMALL_VALUE_MAX_CHARACTERS, `${definition.name}: a value of ${longest} characters`);
    }
  });

  test('text types are small up to a bounded count of units, and their longest values stay within the bound', () => {
    assert.equal(small('Words', { min: 48, max: 48 }), true);
    assert.equal(small('Words', { max: 49 }), false);
    assert.equal(small('Nato Phonetic', { min: 48, max: 48 }), true);
    assert.equal(small('Nato Phonetic', { max: 49 }), false);
    assert.equal(small('Sentences', { min: 2, max: 2 }), true);
    assert.equal(small('Sentences', { max: 3 }), false);
    assert.equal(small('Paragraphs', { min: 0, max: 0 }), false);
    for (const [name, params] of [
      ['Words', { min: 48, max: 48 }],
      ['Nato Phonetic', { min: 48, max: 48 }],
      ['Sentences', { min: 2, max: 2 }],
    ] as const) {
      const longest = longestValue(type(name), params, 1000);
      assert.ok(longest <= SMALL_VALUE_MAX_CHARACTERS, `${name} ${JSON.stringify(params)}: ${longest} characters`);
    }
  });

  test('a long text parameter makes a type not small', () => {
    const long = 'x'.repeat(SMALL_TEXT_PARAMETER + 1);
    assert.equal(small('Date', { format: '%Y' + ' '.repeat(SMALL_TEXT_PARAMETER - 2) }), true);
    assert.equal(small('Date', { format: '%Y' + ' '.repeat(SMALL_TEXT_PARAMETER) }), false);
    assert.equal(small('Character Sequence', { format: long }), false);
    assert.equal(small('SQL Expression', { value: long }), false);
  });

  test('Custom List is small with short values and no weighted rules, however many values', () => {
    const many = Array.from({ length: 50_000 }, (_, i) => `value ${i}`);
    assert.equal(small('Custom List', { values: many }), true);
    assert.equal(small('Custom List', { values: ['a', 'b'.repeat(SMALL_VALUE_MAX_CHARACTERS + 1)] }), false);
    assert.equal(
      small('Custom List', {
        values: ['a', 'b'],
        selectionStyle: 'custom',
        distribution: [{ frequencies: { a: 1, b: 2 } }],
      }),
      false,
    );
  });

  test('Template is small with a short text of few placeholders', () => {
    const fields = (value: string) => [
      { name: 'a', type: 'Row Number' },
      { name: 'f', type: 'Template', value },
    ];
    const smallTemplate = (value: string) => {
      const field = compileSchema(fields(value)).fields[1];
      return hasSmallValues(field.type, field.params);
    };
    assert.equal(smallTemplate('{a}-{a}'), true);
    assert.equal(smallTemplate('{a}'.repeat(SMALL_VALUE_MAX_READS)), true);
    assert.equal(smallTemplate('{a}'.repeat(SMALL_VALUE_MAX_READS + 1)), false);
    assert.equal(smallTemplate('{a}' + 'x'.repeat(125)), true);
    assert.equal(smallTemplate('{a}' + 'x'.repeat(126)), false);
  });
});
