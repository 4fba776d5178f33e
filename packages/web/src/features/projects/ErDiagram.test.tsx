// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import type { ProjectModelView } from '@rowloom/contract';
import { ErDiagram } from './ErDiagram';
import { reference, SHOP, SHOP_ORDER, table } from './test-model';

afterEach(cleanup);

function model(tables = SHOP, order = SHOP_ORDER): ProjectModelView {
  return {
    document: { rowloom_project: 1, name: 'shop', tables: [] as never },
    tables,
    load_order: order,
    seed: 42,
    problems: [],
    warnings: [],
  };
}

test('a box per table and an arrow per reference, with a description in words', () => {
  const { container } = render(<ErDiagram project="shop" model={model()} />);
  expect(container.querySelectorAll('g.er-table')).toHaveLength(5);
  expect(container.querySelectorAll('path.er-edge')).toHaveLength(4);
  expect(container.querySelector('desc')?.textContent).toContain('order_lines.order_id refers to orders');
});

test('hostile names are text, never markup', () => {
  const hostile = '<img src=x onerror=alert(1)>';
  const tables = [
    table(hostile, [['id', 'Row Number', true]]),
    table('kids', [['parent', 'Reference']], [reference(['parent'], hostile, ['id'])]),
  ];
  const { container } = render(<ErDiagram project="p" model={model(tables, [hostile, 'kids'])} />);
  expect(container.querySelector('img')).toBeNull();
  expect(container.querySelector('[data-table]')?.getAttribute('data-table')).toBe(hostile);
  expect(container.textContent).toContain('<img src=x');
});
