import { describe, expect, test } from 'vitest';
import { boxWidth, columnY, fit, layersOf, layoutDiagram, SIZES } from './diagram-layout';
import { reference, SHOP, SHOP_ORDER, table } from './test-model';

describe('layersOf', () => {
  test('a table is one layer right of its deepest parent; tables without parents are in layer 0', () => {
    const layers = layersOf(SHOP);
    expect(Object.fromEntries(layers)).toEqual({ customers: 0, products: 0, employees: 0, orders: 1, order_lines: 2 });
  });

  test('self and deferred references do not place a table, and an unmarked cycle does not loop forever', () => {
    const a = table(
      'a',
      [
        ['id', 'Row Number', true],
        ['b_id', 'Reference'],
      ],
      [reference(['b_id'], 'b', ['id'])],
    );
    const b = table(
      'b',
      [
        ['id', 'Row Number', true],
        ['a_id', 'Reference'],
      ],
      [reference(['a_id'], 'a', ['id'])],
    );
    expect(layersOf([a, b]).size).toBe(2);
    const deferred = table(
      'b',
      [
        ['id', 'Row Number', true],
        ['a_id', 'Reference'],
      ],
      [reference(['a_id'], 'a', ['id'], { deferred: true })],
    );
    expect(Object.fromEntries(layersOf([a, deferred]))).toEqual({ a: 1, b: 0 });
  });
});

describe('layoutDiagram', () => {
  const layout = layoutDiagram(SHOP, SHOP_ORDER);
  const box = (name: string) => layout.boxes.find((b) => b.table === name)!;

  test('one box per table, one edge per reference', () => {
    expect(layout.boxes.map((b) => b.table).sort()).toEqual([...SHOP_ORDER].sort());
    expect(layout.edges).toHaveLength(4);
  });

  test('parents sit left of their children and no two boxes overlap', () => {
    expect(box('customers').x + box('customers').width).toBeLessThan(box('orders').x);
    expect(box('orders').x + box('orders').width).toBeLessThan(box('order_lines').x);
    for (const a of layout.boxes)
      for (const b of layout.boxes) {
        if (a === b) continue;
        const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
        expect(apart, `${a.table} and ${b.table}`).toBe(true);
      }
  });

  test('everything fits in the drawing', () => {
    for (const b of layout.boxes) {
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width).toBeLessThanOrEqual(layout.width);
      expect(b.y + b.height).toBeLessThanOrEqual(layout.height);
    }
    for (const e of layout.edges) expect(e.labelX).toBeLessThanOrEqual(layout.width);
  });

  test('an arrow starts at the reference field and ends at the parent key, labelled with field and distribution', () => {
    const edge = layout.edges.find((e) => e.from === 'order_lines' && e.to === 'orders')!;
    expect(edge.label).toBe('order_id · poisson mean 3');
    const [x, y] = edge.path.slice(2).split(' ').map(Number);
    expect(x).toBe(box('order_lines').x);
    expect(y).toBe(columnY(box('order_lines'), 'order_id'));
    expect(edge.path.endsWith(`${box('orders').x + box('orders').width + 6} ${columnY(box('orders'), 'id')}`)).toBe(
      true,
    );
  });

  test('an arrow that skips a layer runs around the boxes in between, not through them', () => {
    const edge = layout.edges.find((e) => e.from === 'order_lines' && e.to === 'products')!;
    const run = edge.path.match(/L (-?[\d.]+) (-?[\d.]+)/);
    expect(run).not.toBeNull();
    const y = Number(run![2]);
    const orders = box('orders');
    expect(y < orders.y || y > orders.y + orders.height, `y ${y} misses orders`).toBe(true);
  });

  test('a self-reference is a loop on the right of its box; deferred references are dashed', () => {
    const self = layout.edges.find((e) => e.from === 'employees')!;
    expect(self.self).toBe(true);
    expect(self.label).toBe('manager_id · optional');
    expect(self.labelX).toBeGreaterThan(box('employees').x + box('employees').width);
    const a = table(
      'a',
      [
        ['id', 'Row Number', true],
        ['b_id', 'Reference'],
      ],
      [reference(['b_id'], 'b', ['id'], { deferred: true })],
    );
    const b = table(
      'b',
      [
        ['id', 'Row Number', true],
        ['a_id', 'Reference'],
      ],
      [reference(['a_id'], 'a', ['id'])],
    );
    const cycle = layoutDiagram([a, b], ['b', 'a']);
    expect(cycle.edges.map((e) => e.dashed)).toEqual([true, false]);
    expect(Math.min(...cycle.boxes.map((x) => x.x))).toBeGreaterThanOrEqual(SIZES.margin);
  });

  test('a reference to a table the model lacks draws no arrow', () => {
    const orphan = table('orphan', [['x_id', 'Reference']], [reference(['x_id'], 'missing', ['id'])]);
    expect(layoutDiagram([orphan], []).edges).toEqual([]);
  });

  test('a table of many columns shows the first ones and how many more', () => {
    const wide = table(
      'wide',
      Array.from({ length: 20 }, (_, i) => [`c${i}`, 'Number'] as [string, string]),
    );
    const [b] = layoutDiagram([wide], ['wide']).boxes;
    expect(b.columns).toHaveLength(SIZES.maxColumns);
    expect(b.hidden).toBe(20 - SIZES.maxColumns);
  });
});

describe('sizes and names', () => {
  test('boxes widen with their longest name, within bounds', () => {
    expect(boxWidth(table('t', [['id', 'Row Number']]))).toBe(SIZES.minWidth);
    expect(boxWidth(table('x'.repeat(200), [['id', 'Row Number']]))).toBe(SIZES.maxWidth);
  });

  test('fit cuts long names with an ellipsis', () => {
    expect(fit('customers', 20)).toBe('customers');
    expect(fit('customers', 5)).toBe('cust…');
  });
});
