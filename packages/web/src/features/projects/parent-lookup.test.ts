import { describe, expect, test } from 'vitest';
import { cellText, matchesKey, parentKey, parentLookup, SEARCH_ROWS } from './parent-lookup';
import { downloadPath, restUrls, scriptPath } from './project-api';
import {
  arrowLabel,
  describedTables,
  distributionText,
  inLoadOrder,
  referenceSentence,
  rowCount,
} from './reference-labels';
import { reference, SHOP, table } from './test-model';

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

  test('mock API addresses: by key for a Row Number key, children where a reference has children; names encoded', () => {
    const lines = table(
      'order lines',
      [['order_id', 'Reference']],
      [reference(['order_id'], 'orders', ['id'], { children: 'fixed 2' })],
    );
    expect(restUrls('http://h', 'my shop', orders, [orders, lines, customers])).toEqual([
      'http://h/api/projects/my%20shop/rest/orders?page=1&per_page=20',
      'http://h/api/projects/my%20shop/rest/orders/1',
      'http://h/api/projects/my%20shop/rest/orders/1/order%20lines',
    ]);
    // orders refer to customers without children: no children address.
    expect(restUrls('http://h', 'p', customers, SHOP)).toHaveLength(2);
    expect(restUrls('http://h', 'p', products, SHOP)).toEqual([
      'http://h/api/projects/p/rest/products?page=1&per_page=20',
    ]);
  });

  test('a driving reference’s distribution is written out from its field in the document', () => {
    expect(distributionText('poisson', { children_mean: 2 })).toBe('poisson, mean 2');
    expect(distributionText('uniform', { children_min: 1, children_max: 4 })).toBe('uniform 1–4');
    expect(distributionText('fixed', {})).toBe('fixed 3');
    expect(distributionText('zipf', { children_skew: 2 })).toBe('zipf 0–5, skew 2');
    expect(distributionText('other', {})).toBe('other');
    const orders = table(
      'orders',
      [['customer_id', 'Reference']],
      [reference(['customer_id'], 'customers', ['id'], { children: 'poisson' })],
    );
    const document = {
      rowloom_project: 1 as const,
      name: 'shop',
      tables: [
        { name: 'orders', fields: [{ name: 'customer_id', type: 'Reference', children: 'poisson', children_mean: 2 }] },
      ],
    };
    const [described] = describedTables({ tables: [orders], document });
    expect(arrowLabel(described.references[0])).toBe('customer_id · poisson, mean 2');
  });

  test('tables are listed parents first; tables outside the load order come last', () => {
    expect(inLoadOrder(SHOP, ['customers', 'orders']).map((t) => t.name)).toEqual([
      'customers',
      'orders',
      'order_lines',
      'products',
      'employees',
    ]);
  });

  test('download and script addresses', () => {
    expect(downloadPath('my shop', 'json')).toBe('/api/projects/my%20shop/download?format=json');
    expect(scriptPath('p', 'sqlserver')).toBe('/api/projects/p/script?dialect=sqlserver');
    expect(scriptPath('p', 'mysql', true)).toBe('/api/projects/p/script?dialect=mysql&create=true');
  });
});
