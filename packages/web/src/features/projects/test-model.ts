/** A small model for the project page's tests: customers <- orders <- lines, products, employees (self). */
import type { ModelTable, TableReference } from '@rowloom/contract';

export function reference(
  fields: string[],
  table: string,
  columns: string[],
  extra: Partial<TableReference> = {},
): TableReference {
  return {
    fields,
    table,
    columns,
    link: table,
    children: null,
    optional: false,
    self: false,
    deferred: false,
    ...extra,
  };
}

export function table(
  name: string,
  columns: [string, string, boolean?][],
  references: TableReference[] = [],
  count: number | null = 10,
): ModelTable {
  return {
    name,
    schema: `shop ${name}`,
    count,
    columns: columns.map(([column, type, key]) => ({ name: column, type, key: key ?? false })),
    references,
  };
}

export const SHOP: ModelTable[] = [
  table(
    'order_lines',
    [
      ['order_id', 'Reference', true],
      ['line', 'Child Number', true],
      ['product_code', 'Reference'],
    ],
    [
      reference(['order_id'], 'orders', ['id'], { children: 'poisson mean 3' }),
      reference(['product_code'], 'products', ['code']),
    ],
  ),
  table(
    'orders',
    [
      ['id', 'Row Number', true],
      ['customer_id', 'Reference'],
    ],
    [reference(['customer_id'], 'customers', ['id'])],
  ),
  table(
    'customers',
    [
      ['id', 'Row Number', true],
      ['email', 'Email Address'],
    ],
    [],
    1000,
  ),
  table('products', [
    ['code', 'Character Sequence', true],
    ['name', 'Product (Grocery)'],
  ]),
  table(
    'employees',
    [
      ['id', 'Row Number', true],
      ['manager_id', 'Reference'],
    ],
    [reference(['manager_id'], 'employees', ['id'], { self: true, optional: true })],
  ),
];

export const SHOP_ORDER = ['customers', 'products', 'employees', 'orders', 'order_lines'];
