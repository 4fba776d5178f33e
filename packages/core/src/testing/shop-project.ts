/**
 * A small shop as a project document for tests: customers, their orders (Poisson per customer,
 * each counting its lines' items),
 * order lines (a composite key, distinct products within an order), products, and employees
 * with a manager (a self-reference). Counts scale with `scale`.
 */
export function shopProject(scale = 1): Record<string, unknown> {
  return {
    rowloom_project: 1,
    name: 'shop',
    seed: 'shop-test',
    tables: [
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
            children_max: 4,
          },
          { name: 'line_no', type: 'Child Number' },
          { name: 'product_id', type: 'Reference', table: 'products', column: 'id', distinct: true },
          { name: 'quantity', type: 'Number', min: 1, max: 5, decimals: 0 },
          { name: 'shipped_at', type: 'Formula', value: 'parent.placed_at + days(2)' },
        ],
      },
      {
        name: 'customers',
        count: 40 * scale,
        primary_key: ['id'],
        fields: [
          { name: 'id', type: 'Row Number' },
          { name: 'first_name', type: 'First Name' },
          { name: 'email', type: 'Email Address' },
          { name: 'created_at', type: 'Datetime', min: '01/01/2024', max: '12/31/2024', format: '%Y-%m-%d %H:%M:%S' },
        ],
      },
      {
        name: 'products',
        count: 8,
        fields: [
          { name: 'id', type: 'Row Number' },
          { name: 'name', type: 'Product Name' },
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
            children: 'poisson',
            children_mean: 2,
          },
          { name: 'customer_email', type: 'Formula', value: 'customers.email' },
          { name: 'placed_at', type: 'Formula', value: 'parent.created_at + days(3)' },
          { name: 'items', type: 'Formula', value: "children('order_lines', 'quantity').sum" },
        ],
      },
      {
        name: 'employees',
        count: 30 * scale,
        fields: [
          { name: 'id', type: 'Row Number' },
          { name: 'manager_id', type: 'Reference', table: 'employees', column: 'id' },
        ],
      },
    ],
  };
}
