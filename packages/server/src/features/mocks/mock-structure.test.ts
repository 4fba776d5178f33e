/**
 * The mock API document's two checks without a server: the structure read from the contract's
 * schema, the semantic checks in code, one list in the document's order; and what is accepted
 * is what the contract says is stored (TypeBox's own check of the same schemas agrees).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Value } from 'typebox/value';
import { MockApiDocument, MockApiInput, StoredMockApi } from '@rowloom/contract';
import { importOpenApi } from './openapi-import.js';
import { readMockApi } from './mock-validation.js';
import { checkStructure } from './mock-structure.js';
import { Problems } from './mock-problems.js';

const PETSTORE = readFileSync(
  fileURLToPath(new URL('../../../src/features/mocks/fixtures/petstore-openapi.yaml', import.meta.url)),
  'utf8',
);

const EVERYTHING = {
  name: 'Everything',
  public: true,
  latency: { type: 'uniform', min: 5, max: 10 },
  routes: [
    {
      method: 'POST',
      path: '/users/:id',
      mode: 'sequential',
      repeatable: true,
      faults: [{ kind: 'dribble', everyNth: 4, chunks: 3 }],
      responses: [
        {
          status: 201,
          label: 'made',
          default: true,
          headers: { 'X-Count': 3 },
          latency: { type: 'lognormal', median: 50, sigma: 0.5 },
          rulesOperator: 'any',
          rules: [
            { target: 'param', name: 'id', operator: 'in', value: '1,2' },
            { target: 'request_number', operator: 'gt', value: 2 },
            { target: 'body', name: 'user.id', operator: 'regex', value: '^a+$' },
          ],
          body: { type: 'text', text: 'made', contentType: 'text/csv' },
        },
        {
          status: null,
          faults: [{ kind: 'status', probability: 0.5, status: 503 }],
          body: { type: 'json', value: [1, { a: null }] },
        },
        { body: { type: 'handler', source: 'status 204' } },
        {
          body: {
            type: 'schema',
            schema: 'people',
            count: 3,
            array: true,
            format: 'csv',
            options: { include_header: false, delimiter: ';' },
          },
        },
      ],
    },
    { kind: 'crud', path: '/orders', crud: { schema: 'people', count: 4, key: 'sku', seed: 'orders' } },
    { path: '/', latency: null, responses: [{ body: null }] },
  ],
};

const problemsOf = (document: unknown) => readMockApi(document, { schemaNames: ['people'] }).problems ?? [];

test('what is accepted is what the contract stores, and can be sent back as it is', () => {
  const documents = [EVERYTHING, { name: 'Empty' }, importOpenApi(PETSTORE, { name: 'Petstore' }).document];
  for (const sent of documents) {
    const result = readMockApi(sent, { schemaNames: ['people'] });
    assert.equal(result.problems, undefined, JSON.stringify(result.problems));
    const stored = result.document!;
    assert.ok(
      Value.Check(MockApiDocument, stored),
      JSON.stringify([...Value.Errors(MockApiDocument, stored)].slice(0, 3)),
    );
    assert.ok(Value.Check(MockApiInput, stored), 'the stored document is a valid input');
    assert.ok(Value.Check(StoredMockApi, { ...stored, url: 'http://x/mock/a', updatedAt: '2026-01-01' }));
    assert.deepEqual(
      readMockApi(stored, { schemaNames: ['people'] }).document,
      stored,
      'reading it again changes nothing',
    );
  }
});

test('null stands for an absent key; numbers and true/false are taken as rule values and header values', () => {
  const stored = readMockApi(EVERYTHING, { schemaNames: ['people'] }).document!;
  assert.equal(stored.routes[0].responses[1].status, 200);
  assert.deepEqual(stored.routes[0].responses[0].headers, { 'X-Count': '3' });
  assert.equal(stored.routes[0].responses[0].rules?.[1].value, '2');
  assert.deepEqual(stored.routes[2].responses[0].body, { type: 'empty' });
  assert.deepEqual(stored.routes[0].faults, [{ kind: 'dribble', everyNth: 4, chunks: 3, durationMs: 2000 }]);
});

test('the structure speaks of each position in the words of the other checks', () => {
  const problems = new Problems(Infinity);
  checkStructure(
    MockApiInput,
    {
      name: 5,
      colour: 'red',
      routes: [{ path: '/a', method: 'get', responses: [{ status: 99.5, rules: 'x', body: { type: 'json' } }, 7] }],
    },
    problems,
  );
  assert.deepEqual(
    problems.list.map((problem) => problem.message),
    [
      'colour is not a known key here; the keys are name, slug, host, project, description, public, cors, latency, proxy, validateRequests, routes, url, updatedAt, warnings',
      'name must be text, got 5',
      'routes[0].method must be one of GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS, ANY, got "get"',
      'routes[0].responses[0].status must be an integer 100..599, got 99.5',
      'routes[0].responses[0].rules must be an array of rules, got "x"',
      'routes[0].responses[0].body.value is needed: the JSON value to send',
      'routes[0].responses[1] must be a response such as {"status": 200, "body": {"type": "json", "value": {}}}, got 7',
    ],
  );
});

test("one list in the document's order, without a second word where the structure is wrong", () => {
  const problems = problemsOf({
    name: 'Two',
    routes: [
      { path: 'no-slash', responses: [{ status: 700, rules: [{ target: 'query', operator: 'exists' }] }] },
      { kind: 'crud', method: 'GET', path: 42, crud: { schema: 'nope', count: -1 } },
    ],
  });
  assert.deepEqual(
    problems.map((problem) => problem.path),
    [
      'routes[0].path',
      'routes[0].responses[0].status',
      'routes[0].responses[0].rules[0].name',
      'routes[1].method',
      'routes[1].path',
      'routes[1].crud.schema',
      'routes[1].crud.count',
    ],
  );
  // The path is not text: only the structure speaks of it (not also "must be a path starting with /").
  assert.equal(problems.filter((problem) => problem.path === 'routes[1].path').length, 1);
  assert.match(problems[4].message, /must be text, got 42/);
});

test("a bound the schema cannot know (the plan's records per request) is said in the same words", () => {
  const result = readMockApi(
    { name: 'Big', routes: [{ path: '/a', responses: [{ body: { type: 'schema', schema: 'people', count: 500 } }] }] },
    { schemaNames: ['people'], recordsPerRequest: 100 },
  );
  assert.deepEqual(
    result.problems?.map((problem) => problem.message),
    ['routes[0].responses[0].body.count must be an integer 1..100, got 500'],
  );
});
