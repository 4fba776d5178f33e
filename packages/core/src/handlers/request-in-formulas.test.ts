import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateObjects } from '../engine/sample.js';
import { generate } from '../engine/generate.js';
import { GenerationPool } from '../pool/shared-pool.js';
import { streamText } from '../testing/stream-text.js';
import type { MockRequestData } from '../kernel/request-data.js';

const REQUEST: MockRequestData = {
  params: { page: '3', id: '42' },
  entity: { name: 'ada', age: 36, admin: true, nothing: null, address: { city: 'Paris' }, tags: ['a', 'b'] },
};

/** Mockaroo's paging idiom: a hidden __key counts rows, the visible id adds the page offset. */
const PAGED = [
  { name: '__key', type: 'Row Number' },
  { name: 'id', type: 'Formula', value: "request_params['page'].to_i * 10 + __key" },
  { name: 'asked', type: 'Formula', value: 'request_params["id"]' },
  { name: 'shout', type: 'Formula', value: "request_entity['name'].upcase" },
];

describe('request_params and request_entity in formulas (the mock request: parameters and JSON body)', () => {
  test("Mockaroo's idioms: request_params['page'].to_i * 10 + __key, request_params[\"id\"], request_entity['name'].upcase", () => {
    const rows = generateObjects(PAGED, { count: 3, seed: 1, request: REQUEST });
    assert.deepEqual(rows, [
      { id: 31, asked: '42', shout: 'ADA' },
      { id: 32, asked: '42', shout: 'ADA' },
      { id: 33, asked: '42', shout: 'ADA' },
    ]);
  });

  test('request_entity gives JSON values: numbers, booleans, nil, and nested objects and lists to index further', () => {
    const fields = [
      { name: 'age', type: 'Formula', value: "request_entity['age'] + 1" },
      { name: 'admin', type: 'Formula', value: "request_entity['admin'] ? 'yes' : 'no'" },
      { name: 'nothing', type: 'Formula', value: "request_entity['nothing'].nil?" },
      { name: 'missing', type: 'Formula', value: "request_entity['nope']" },
      { name: 'city', type: 'Formula', value: "request_entity['address']['city'].downcase" },
      { name: 'tag', type: 'Formula', value: "request_entity['tags'].last" },
      { name: 'has_page', type: 'Formula', value: "request_params.key?('page')" },
      { name: 'has_x', type: 'Formula', value: "request_params.has_key?('x')" },
      { name: 'params_nil', type: 'Formula', value: 'request_params.nil?' },
      { name: 'fetched', type: 'Formula', value: "request_params.fetch('per_page', '25').to_i" },
    ];
    assert.deepEqual(generateObjects(fields, { seed: 1, request: REQUEST }), [
      {
        age: 37,
        admin: 'yes',
        nothing: true,
        missing: null,
        city: 'paris',
        tag: 'b',
        has_page: true,
        has_x: false,
        params_nil: false,
        fetched: 25,
      },
    ]);
  });

  test('outside a mock endpoint both are empty: every key is nil, and nothing fails', () => {
    const rows = generateObjects(PAGED, { count: 2, seed: 1 });
    assert.deepEqual(rows, [
      { id: 1, asked: null, shout: null },
      { id: 2, asked: null, shout: null },
    ]);
    const keys = generateObjects(
      [{ name: 'k', type: 'Formula', value: 'request_params.keys.size + request_entity.keys.size' }],
      { seed: 1 },
    );
    assert.deepEqual(keys, [{ k: 0 }]);
  });

  test('a request whose body is no JSON object (entity null) reads as empty', () => {
    const rows = generateObjects([{ name: 'n', type: 'Formula', value: "request_entity['name']" }], {
      seed: 1,
      request: { params: {}, entity: null },
    });
    assert.deepEqual(rows, [{ n: null }]);
  });

  test('a field named request_params wins over the request, as fields always have', () => {
    const rows = generateObjects(
      [
        { name: 'request_params', type: 'Custom List', values: ['own'] },
        { name: 'f', type: 'Formula', value: 'request_params' },
      ],
      { seed: 1, request: REQUEST },
    );
    assert.deepEqual(rows, [{ request_params: 'own', f: 'own' }]);
  });

  test('worker threads see the request too (generate with workers: 2)', async () => {
    const count = 500;
    const text = await streamText(
      generate({ fields: PAGED, count, seed: 5, writer: { format: 'json' }, workers: 2, request: REQUEST }).stream,
    );
    const rows = JSON.parse(text) as { id: number; asked: string; shout: string }[];
    assert.equal(rows.length, count);
    rows.forEach((row, i) => assert.deepEqual(row, { id: 31 + i, asked: '42', shout: 'ADA' }));
  });

  describe('on a GenerationPool', () => {
    const pool = new GenerationPool({ maxThreads: 1 });
    after(() => pool.close());

    test('the pool threads see the request', async () => {
      const text = await streamText(
        generate({ fields: PAGED, count: 3, seed: 5, writer: { format: 'json' }, pool, request: REQUEST }).stream,
      );
      assert.deepEqual(JSON.parse(text), [
        { id: 31, asked: '42', shout: 'ADA' },
        { id: 32, asked: '42', shout: 'ADA' },
        { id: 33, asked: '42', shout: 'ADA' },
      ]);
      const plain = await streamText(
        generate({ fields: PAGED, count: 1, seed: 5, writer: { format: 'json' }, pool }).stream,
      );
      assert.deepEqual(JSON.parse(plain), { id: 1, asked: null, shout: null });
    });
  });
});

describe('durations on numbers (Rails), used by cache_for: and date arithmetic', () => {
  test('now() - 2.days, + 1.year, 3.hours; and the date accessors still read dates', () => {
    const fields = [
      { name: 'a', type: 'Formula', value: "(now() - 2.days).strftime('%Y-%m-%d')" },
      { name: 'b', type: 'Formula', value: '(now() + 1.year).year' },
      { name: 'c', type: 'Formula', value: '(now() + 3.hours).hour' },
      { name: 'd', type: 'Formula', value: "(now() + 1.week + 30.minutes).strftime('%d %H:%M')" },
      { name: 'e', type: 'Formula', value: 'now().year' },
    ];
    assert.deepEqual(generateObjects(fields, { seed: 1, now: '2024-03-10T10:00:00Z' }), [
      { a: '2024-03-08', b: 2025, c: 13, d: '17 10:30', e: 2024 },
    ]);
  });
});
