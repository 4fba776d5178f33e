import { describe, expect, test } from 'vitest';
import { cellText, matchesKey, parentKey, parentLookup, SEARCH_ROWS } from './parent-lookup';
import { restUrls } from './project-api';
import { arrowLabel, referenceSentence, rowCount } from './reference-labels';
import { reference, SHOP } from './test-model';

const [lines, orders, customers, products] = SHOP;

describe('parentLookup', () => {
  test('a Row Number key is fetched at its index: id - 1', () => {
    expect(parentLookup(orders.references[0], { customer_id: 8 }, customers)).toEqual({
      kind: 'row',
      table: 'customers',
      offset: 7,
      match: { id: 8 },
    });
  });

  test('another key is searched for among the parent table’s first rows', () => {
    expect(parentLookup(lines.references[1], { product_code: 'kqz-804' }, products)).toEqual({
      kind: 'search',
      table: 'products',
      limit: SEARCH_ROWS,
      match: { code: 'kqz-804' },
    });
  });

  test('an empty reference has no parent', () => {
    expect(parentLookup(orders.references[0], { customer_id: null }, customers).kind).toBe('none');
  });

  test('a composite key maps each field to its column and matches as text', () => {
    const composite = reference(['o', 'l'], 'order_lines', ['order_id', 'line']);
    expect(parentKey(composite, { o: 3, l: '2' })).toEqual({ order_id: 3, line: '2' });
    expect(parentLookup(composite, { o: 3, l: 2 }, lines).kind).toBe('search');
    expect(matchesKey({ order_id: '3', line: 2, x: 1 }, { order_id: 3, line: '2' })).toBe(true);
    expect(matchesKey({ order_id: 3, line: 1 }, { order_id: 3, line: 2 })).toBe(false);
  });

  test('cells show objects as JSON and null as nothing', () => {
    expect(cellText(null)).toBe('');
    expect(cellText({ a: 1 })).toBe('{"a":1}');
    expect(cellText(4.5)).toBe('4.5');
  });
});

describe('labels and addresses', () => {
  test('arrow labels and sentences', () => {
    expect(arrowLabel(lines.references[0])).toBe('order_id · poisson mean 3');
    expect(referenceSentence(lines.references[0])).toBe('order_id → orders.id (rows per parent: poisson mean 3)');
    expect(referenceSentence(reference(['a', 'b'], 't', ['x', 'y'], { deferred: true }))).toBe(
      'a, b → t.x, t.y (closes a cycle: loaded empty, then set)',
    );
    expect(rowCount(1)).toBe('1 row');
    expect(rowCount(12345)).toBe('12,345 rows');
    expect(rowCount(null)).toBe('rows unknown');
  });

  test('mock API addresses encode the names', () => {
    expect(restUrls('http://h', 'my shop', 'orders', ['order lines'])).toEqual([
      'http://h/api/projects/my%20shop/rest/orders?page=1&per_page=20',
      'http://h/api/projects/my%20shop/rest/orders/1',
      'http://h/api/projects/my%20shop/rest/orders/1/order%20lines',
    ]);
  });
});
