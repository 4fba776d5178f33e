import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateObjects } from './sample.js';

describe('blanks', () => {
  test('percentBlank makes that share of values null, within statistical tolerance', () => {
    const n = 20_000;
    const rows = generateObjects(
      [
        { name: 'x', type: 'First Name', percentBlank: 30 },
        { name: 'y', type: 'Row Number', percentBlank: '5' },
      ],
      { count: n, seed: 1 },
    );
    for (const [field, p] of [
      ['x', 0.3],
      ['y', 0.05],
    ] as const) {
      const share = rows.filter((r) => r[field] === null).length / n;
      const tolerance = 6 * Math.sqrt((p * (1 - p)) / n);
      assert.ok(Math.abs(share - p) < tolerance, `${field}: ${share} vs ${p}`);
    }
  });

  test('other fields see a blank as null (empty in a template)', () => {
    const rows = generateObjects(
      [
        { name: 'a', type: 'First Name', percentBlank: 50 },
        { name: 't', type: 'Template', value: '<{a}>' },
      ],
      { count: 500, seed: 2 },
    );
    for (const row of rows) assert.equal(row.t, `<${row.a ?? ''}>`);
    assert.ok(rows.some((r) => r.a === null) && rows.some((r) => r.a !== null));
  });

  test('0 and 100 percent are never and always blank', () => {
    const rows = generateObjects(
      [
        { name: 'never', type: 'Row Number', percentBlank: 0 },
        { name: 'always', type: 'Row Number', percentBlank: 100 },
      ],
      { count: 1000, seed: 3 },
    );
    assert.ok(rows.every((r) => r.never !== null && r.always === null));
  });
});

describe('nesting', () => {
  test('dots make objects; [n] and [a-b] make arrays of values', () => {
    const rows = generateObjects(
      [
        { name: 'address.city', type: 'City' },
        { name: 'address.geo.n', type: 'Row Number' },
        { name: 'tags[3]', type: 'First Name' },
        { name: 'nicks[2-5]', type: 'Last Name' },
      ],
      { count: 300, seed: 4 },
    );
    const lengths = new Set<number>();
    rows.forEach((row, i) => {
      const address = row.address as { city: string; geo: { n: number } };
      assert.equal(typeof address.city, 'string');
      assert.equal(address.geo.n, i + 1);
      assert.ok(Array.isArray(row.tags) && (row.tags as unknown[]).length === 3);
      const nicks = row.nicks as string[];
      assert.ok(nicks.length >= 2 && nicks.length <= 5);
      lengths.add(nicks.length);
    });
    assert.deepEqual([...lengths].sort(), [2, 3, 4, 5]);
    // The values of one array are drawn independently, not repeated.
    assert.ok(rows.some((r) => new Set(r.tags as string[]).size > 1));
  });

  test('JSON Array fields with child fields make arrays of objects, nestable, sized by minItems/maxItems', () => {
    const rows = generateObjects(
      [
        { name: 'id', type: 'Row Number' },
        { name: 'orders', type: 'JSON Array', minItems: 1, maxItems: 3 },
        { name: 'orders.n', type: 'Row Number' },
        { name: 'orders.label', type: 'Template', value: '{id}/{n}' },
        { name: 'orders.lines', type: 'JSON Array', minItems: 2, maxItems: 2 },
        { name: 'orders.lines.qty', type: 'Number', min: 1, max: 9, decimals: 0 },
        { name: 'orders.lines.of', type: 'Template', value: '{n}:{id}' },
      ],
      { count: 200, seed: 5 },
    );
    for (const row of rows) {
      const orders = row.orders as { n: number; label: string; lines: { qty: number; of: string }[] }[];
      assert.ok(orders.length >= 1 && orders.length <= 3);
      orders.forEach((order, j) => {
        assert.equal(order.n, j + 1);
        assert.equal(order.label, `${row.id}/${j + 1}`);
        assert.equal(order.lines.length, 2);
        for (const line of order.lines) {
          assert.ok(Number.isInteger(line.qty) && line.qty >= 1 && line.qty <= 9);
          assert.equal(line.of, `${order.n}:${row.id}`);
        }
      });
    }
  });

  test('minItems 0 can give empty arrays; a blank JSON Array is null', () => {
    const rows = generateObjects(
      [
        { name: 'a', type: 'JSON Array', minItems: 0, maxItems: 1 },
        { name: 'a.x', type: 'Row Number' },
        { name: 'b', type: 'JSON Array', percentBlank: 100 },
        { name: 'b.y', type: 'Row Number' },
      ],
      { count: 200, seed: 6 },
    );
    assert.ok(rows.some((r) => (r.a as unknown[]).length === 0));
    assert.ok(rows.every((r) => r.b === null));
  });

  test('hidden __fields are generated and readable, never written', () => {
    const rows = generateObjects(
      [
        { name: '__first', type: 'First Name' },
        { name: 'greeting', type: 'Template', value: 'Hello {__first}' },
        { name: 'people', type: 'JSON Array', minItems: 2, maxItems: 2 },
        { name: 'people.__n', type: 'Row Number' },
        { name: 'people.tag', type: 'Template', value: '#{__n}' },
      ],
      { count: 20, seed: 8 },
    );
    for (const row of rows) {
      assert.deepEqual(Object.keys(row), ['greeting', 'people']);
      assert.match(row.greeting as string, /^Hello \S+/);
      assert.deepEqual(row.people, [{ tag: '#1' }, { tag: '#2' }]);
    }
  });

  test('each item of a JSON Array is its own person', () => {
    const rows = generateObjects(
      [
        { name: 'p', type: 'JSON Array', minItems: 5, maxItems: 5 },
        { name: 'p.first', type: 'First Name' },
        { name: 'p.gender', type: 'Gender' },
      ],
      { count: 50, seed: 9 },
    );
    assert.ok(rows.some((r) => new Set((r.p as { first: string }[]).map((x) => x.first)).size > 1));
  });
});
