import { describe, test } from 'node:test';
import fc from 'fast-check';
import assert from 'node:assert/strict';
import { compileSchema } from './compile.js';
import { SchemaError, type Problem } from './errors.js';
import { problemsOf } from '../testing/schema-problems.js';
import { generateObjects } from '../engine/sample.js';
import { ALL_TYPES } from '../types/registry.js';

function hasProblem(problems: Problem[], field: string | null, param: string | null, pattern: RegExp): void {
  assert.ok(
    problems.some((p) => p.field === field && p.param === param && pattern.test(p.message)),
    `no problem for ${field}/${param} matching ${pattern}; got ${JSON.stringify(problems, null, 1)}`,
  );
}

describe('schema validation', () => {
  test('reports every problem at once, each naming its field and parameter', () => {
    const problems = problemsOf([
      { name: 'a', type: 'Frist Name' },
      { name: 'n', type: 'Number', min: 10, max: 5 },
      { name: 'p', type: 'Row Number', percentBlank: 101 },
      { name: 'items', type: 'JSON Array', minItems: 200 },
      { name: 'd', type: 'Date', min: '13/45/2020' },
      { name: 'a', type: 'Row Number' },
      { name: 'list', type: 'Custom List', values: [], selectionStyle: 'backwards' },
    ]);
    hasProblem(problems, 'a', 'type', /unknown type "Frist Name"; did you mean "First Name"/);
    hasProblem(problems, 'n', 'max', /max.*min/);
    hasProblem(problems, 'p', 'percentBlank', /101.*0 to 100/);
    hasProblem(problems, 'items', 'minItems', /200.*0 to 100/);
    hasProblem(problems, 'd', 'min', /13\/45\/2020/);
    hasProblem(problems, 'a', 'name', /duplicate/);
    hasProblem(problems, 'list', 'selectionStyle', /"backwards".*random/);
    hasProblem(problems, 'list', 'values', /empty|required/);
  });

  test('the error message lists every problem on one line each way', () => {
    try {
      compileSchema([{ name: 'x', type: 'Number', min: 'abc' }]);
      assert.fail('expected an error');
    } catch (error) {
      assert.ok(error instanceof SchemaError);
      assert.match(error.message, /field "x", parameter "min": "abc" is not a number/);
    }
  });

  test('accepts numeric strings, booleans as strings and ignores unknown keys, as real clients send them', () => {
    const plan = compileSchema([
      {
        name: 'n',
        type: 'Number',
        min: '1',
        max: '10',
        decimals: '0',
        percentageBlank: '0',
        formula: '',
        onlyUSPlaces: false,
        whatever: { deep: 1 },
      },
      { name: 'seq', type: 'Sequence', start: '5', step: '-1', repeat: '2' },
    ]);
    assert.equal(plan.fields[0].params.min, 1);
    assert.equal(plan.fields[0].params.max, 10);
    assert.equal(plan.fields[1].params.step, -1);
  });

  test('percentageBlank (sent by one client library) counts as percentBlank', () => {
    const plan = compileSchema([{ name: 'n', type: 'Row Number', percentageBlank: '25' }]);
    assert.equal(plan.fields[0].percentBlank, 25);
  });

  test('the formula property compiles; empty or null means none; a formula that is not text is an error', () => {
    assert.ok(compileSchema([{ name: 'x', type: 'Row Number', formula: 'this + 1' }]).fields[0].formula !== null);
    const plan = compileSchema([
      { name: 'x', type: 'Row Number', formula: null },
      { name: 'y', type: 'Row Number', formula: '  ' },
    ]);
    assert.ok(plan.fields.every((f) => f.formula === null));
    hasProblem(problemsOf([{ name: 'x', type: 'Row Number', formula: 42 }]), 'x', 'formula', /expected formula text/);
  });

  test('a Scenario naming no scenario it was given is a problem on its scenario parameter', () => {
    hasProblem(problemsOf([{ name: 's', type: 'Scenario', scenario: 'x' }]), 's', 'scenario', /no scenario named "x"/);
  });

  test('rejects input that is not a list of field objects', () => {
    hasProblem(problemsOf({ name: 'x' }), null, null, /JSON array/);
    hasProblem(problemsOf([]), null, null, /no fields/);
    hasProblem(problemsOf(['id']), '#1', null, /object/);
    hasProblem(problemsOf([{ type: 'Row Number' }]), '#1', 'name', /required/);
    hasProblem(problemsOf([{ name: 'x' }]), 'x', 'type', /required/);
  });

  test('template references: unknown names with suggestions, self references and cycles', () => {
    hasProblem(
      problemsOf([
        { name: 'first', type: 'First Name' },
        { name: 't', type: 'Template', value: '{frist}' },
      ]),
      't',
      'value',
      /unknown field "frist"; did you mean "first"/,
    );
    hasProblem(problemsOf([{ name: 't', type: 'Template', value: '{t}' }]), 't', 'value', /itself/);
    const cycle = problemsOf([
      { name: 'a', type: 'Template', value: '{b}' },
      { name: 'b', type: 'Template', value: '{a}' },
    ]);
    assert.ok(
      cycle.some((p) => /cycle: "(a|b)" -> "(a|b)" -> "(a|b)"/.test(p.message)),
      JSON.stringify(cycle),
    );
  });

  test('evaluation follows references whatever the field order', () => {
    const plan = compileSchema([
      { name: 'greeting', type: 'Template', value: 'Hi {name}' },
      { name: 'name', type: 'Template', value: '{first} {last}' },
      { name: 'first', type: 'First Name' },
      { name: 'last', type: 'Last Name' },
    ]);
    const order = plan.root.order.map((f) => f.name);
    assert.ok(order.indexOf('first') < order.indexOf('name'));
    assert.ok(order.indexOf('name') < order.indexOf('greeting'));
  });

  test('names: bad brackets and shape conflicts are reported', () => {
    hasProblem(problemsOf([{ name: 'tags[5-2]', type: 'Row Number' }]), 'tags[5-2]', 'name', /counts down/);
    hasProblem(problemsOf([{ name: 'tags[500]', type: 'Row Number' }]), 'tags[500]', 'name', /more than 100/);
    hasProblem(problemsOf([{ name: 'a..b', type: 'Row Number' }]), 'a..b', 'name', /empty segment/);
    hasProblem(
      problemsOf([
        { name: 'a', type: 'Row Number' },
        { name: 'a.b', type: 'Row Number' },
      ]),
      'a.b',
      'name',
      /already a value/,
    );
  });

  test('the shape nests dotted names, arrays and items, and leaves hidden fields out', () => {
    const plan = compileSchema([
      { name: 'id', type: 'Row Number' },
      { name: 'address.city', type: 'City' },
      { name: 'address.geo.zip', type: 'Row Number' },
      { name: 'tags[2-3]', type: 'First Name' },
      { name: '__secret', type: 'Last Name' },
      { name: 'friends', type: 'JSON Array' },
      { name: 'friends.name', type: 'Full Name' },
      { name: 'friends.__hidden', type: 'Row Number' },
    ]);
    const summary = (nodes: typeof plan.shape.nodes): unknown =>
      nodes.map((n) =>
        n.kind === 'field'
          ? `${n.key}${n.repeated ? '[]' : ''}`
          : { [n.key + (n.kind === 'items' ? '[{}]' : '')]: summary(n.children) },
      );
    assert.deepEqual(summary(plan.shape.nodes), [
      'id',
      { address: ['city', { geo: ['zip'] }] },
      'tags[]',
      { 'friends[{}]': ['name'] },
    ]);
  });
});

describe('robustness', () => {
  test('any JSON input either compiles or fails with SchemaError: never another exception', () => {
    const names = fc.constantFrom(
      'id',
      'a.b',
      'x[2]',
      'x[3-1]',
      '@at',
      '$value',
      '__h',
      'a..b',
      '',
      'tags[999]',
      'f',
      'f.g',
    );
    const types = fc.constantFrom(
      'Row Number',
      'Number',
      'Custom List',
      'Template',
      'JSON Array',
      'Date',
      'Time',
      'Sequence',
      'Poisson',
      'Words',
      'Nope',
      'Formula',
      'GUID',
      'Money',
      'Character Sequence',
    );
    const values = fc.oneof(
      fc.jsonValue(),
      fc.constantFrom('1', '-1', '1e999', 'NaN', '13/45/2020', '{id}', '{nope', '%Q', '[]'),
    );
    const field = fc.record(
      {
        name: fc.oneof(names, fc.jsonValue()),
        type: fc.oneof(types, fc.jsonValue()),
        percentBlank: values,
        min: values,
        max: values,
        value: values,
        values: values,
        format: values,
        minItems: values,
        selectionStyle: values,
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(fc.array(field, { maxLength: 6 }), fc.jsonValue()), (input) => {
        try {
          compileSchema(input);
        } catch (error) {
          if (!(error instanceof SchemaError)) throw error;
          for (const p of error.problems) assert.ok(typeof p.message === 'string' && p.message.length > 0);
        }
      }),
      { numRuns: 3000 },
    );
  });

  test('every type, with random values for its parameters, compiles and generates or fails with SchemaError', () => {
    const edgy = fc.oneof(
      fc.jsonValue(),
      fc.constantFrom(
        '1',
        '-1',
        '0',
        '1e999',
        'NaN',
        '',
        ' ',
        'US',
        'Narnia',
        ['US', 'Germany'],
        'png',
        'jpg',
        'custom',
        '#,##',
        '{{x}}',
        2000,
        2001,
        -5,
        1e9,
      ),
    );
    for (const type of ALL_TYPES) {
      const params = fc.dictionary(fc.constantFrom(...type.params.map((p) => p.name), 'bogus'), edgy, { maxKeys: 4 });
      fc.assert(
        fc.property(params, (given) => {
          const fields = [
            { name: 'row', type: 'Row Number' },
            { name: 'v', type: type.name, ...given },
          ];
          if (type.structure === 'items') fields.push({ name: 'v.id', type: 'Row Number' });
          try {
            // Images are only compiled: encoding many 2000-pixel JPEGs would make this test slow, not better.
            if (type.name === 'Base64 Image URL') compileSchema(fields);
            else generateObjects(fields, { count: 2, seed: 1 });
          } catch (error) {
            if (!(error instanceof SchemaError))
              throw new Error(`${type.name} ${JSON.stringify(given)}: ${String(error)}`);
          }
        }),
        { numRuns: 40 },
      );
    }
  });
});
