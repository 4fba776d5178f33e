/**
 * The benchmark's project (issue: 1M customers, 10M orders, 30M order lines at scale 1): the
 * same three tables, columns and distributions the hand-written faker script makes, and the
 * DDL every contender loads into (keys and foreign keys included).
 */
export function benchProject(customers: number): Record<string, unknown> {
  return {
    rowloom_project: 1,
    name: 'bench',
    seed: 'relations-bench',
    tables: [
      {
        name: 'customers',
        count: customers,
        primary_key: ['id'],
        fields: [
          { name: 'id', type: 'Row Number' },
          { name: 'first_name', type: 'First Name' },
          { name: 'last_name', type: 'Last Name' },
          { name: 'email', type: 'Email Address' },
          { name: 'created_at', type: 'Datetime', min: '01/01/2020', max: '12/31/2024', format: '%Y-%m-%d %H:%M:%S' },
        ],
      },
      {
        name: 'orders',
        primary_key: ['id'],
        fields: [
          { name: 'id', type: 'Row Number' },
          {
            name: 'customer_id',
            type: 'Reference',
            table: 'customers',
            column: 'id',
            children: 'uniform',
            children_min: 5,
            children_max: 15,
          },
          { name: 'status', type: 'Custom List', values: ['placed', 'shipped', 'delivered', 'returned'] },
          { name: 'placed_at', type: 'Datetime', min: '01/01/2024', max: '12/31/2024', format: '%Y-%m-%d %H:%M:%S' },
        ],
      },
      {
        name: 'order_lines',
        primary_key: ['order_id', 'line_no'],
        fields: [
          {
            name: 'order_id',
            type: 'Reference',
            table: 'orders',
            column: 'id',
            children: 'uniform',
            children_min: 1,
            children_max: 5,
          },
          { name: 'line_no', type: 'Child Number' },
          { name: 'product', type: 'Product Name' },
          { name: 'quantity', type: 'Number', min: 1, max: 9, decimals: 0 },
          { name: 'price', type: 'Number', min: 1, max: 500, decimals: 2 },
        ],
      },
    ],
  };
}

/** The tables as an application would declare them: keys and foreign keys, checked on every row loaded. */
export const BENCH_DDL = `
  create table customers (id bigint primary key, first_name text not null, last_name text not null,
    email text not null, created_at timestamp not null);
  create table orders (id bigint primary key, customer_id bigint not null references customers(id),
    status text not null, placed_at timestamp not null);
  create table order_lines (order_id bigint not null references orders(id), line_no integer not null,
    product text not null, quantity integer not null, price numeric(10,2) not null, primary key (order_id, line_no));`;

export const BENCH_TABLES = ['customers', 'orders', 'order_lines'] as const;
