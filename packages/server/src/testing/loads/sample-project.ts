/**
 * A small project for the load and verify tests, with its rows written by hand (the engine's
 * TableText stands in): parents and children, a composite key and a composite reference, a
 * join table, a self-reference and a cycle (departments.head_id, deferred). `part` 1 has keys
 * of its own, so it can be appended to part 0.
 */
import type { DeferredColumn, ProjectTable, TableText } from '@rowloom/core/relations/sql';

type Row = (string | null)[];

const ref = (name: string, table: string, column: string, link?: string) => ({
  name,
  type: 'Reference',
  table,
  column,
  ...(link && { link }),
});

export const SAMPLE_TABLES: ProjectTable[] = [
  {
    name: 'customers',
    fields: [{ name: 'id' }, { name: 'email' }, { name: 'status' }, { name: 'note' }],
    primary_key: ['id'],
    unique: [['email']],
    columns: {
      id: { sql_type: 'integer' },
      email: { sql_type: 'varchar(100)', not_null: true, max_length: 100 },
      status: { sql_type: 'varchar(10)', check: ['active', 'closed'] },
    },
  },
  {
    name: 'warehouses',
    fields: [{ name: 'region' }, { name: 'code' }, { name: 'name' }],
    primary_key: ['region', 'code'],
  },
  {
    name: 'products',
    fields: [
      { name: 'sku' },
      { name: 'price' },
      { name: 'active' },
      ref('wh_region', 'warehouses', 'region', 'stock'),
      ref('wh_code', 'warehouses', 'code', 'stock'),
    ],
    primary_key: ['sku'],
    columns: { price: { sql_type: 'numeric(10,2)' }, active: { sql_type: 'boolean', not_null: true } },
  },
  {
    name: 'departments',
    fields: [{ name: 'id' }, { name: 'name' }, ref('head_id', 'employees', 'id')],
    primary_key: ['id'],
    columns: { id: { sql_type: 'integer' } },
  },
  {
    name: 'employees',
    fields: [
      { name: 'id' },
      { name: 'name' },
      ref('manager_id', 'employees', 'id'),
      ref('department_id', 'departments', 'id'),
    ],
    primary_key: ['id'],
    columns: { id: { sql_type: 'integer' } },
  },
  {
    name: 'orders',
    fields: [{ name: 'id' }, ref('customer_id', 'customers', 'id'), { name: 'placed' }],
    primary_key: ['id'],
    columns: { id: { sql_type: 'integer' }, placed: { sql_type: 'date' } },
  },
  {
    name: 'order_items',
    fields: [ref('order_id', 'orders', 'id'), ref('sku', 'products', 'sku'), { name: 'quantity' }],
    primary_key: ['order_id', 'sku'],
    columns: { quantity: { sql_type: 'integer', not_null: true } },
  },
];

export const SAMPLE_DEFERRED: DeferredColumn[] = [{ table: 'departments', column: 'head_id', key: ['id'] }];

/** Text that must arrive exactly as it is in every database. */
export const TRICKY_NOTES = [
  "O'Brien",
  'back\\slash \\N',
  'line\nbreak\r\nthree',
  'Zoë 🎉 日本',
  '"double", comma',
  '',
  null,
];

function rowsOf(name: string, part: number): Row[] {
  const n = (i: number) => String(part * 1000 + i);
  const s = (text: string) => `${text}${part}`;
  switch (name) {
    case 'customers':
      return TRICKY_NOTES.map((note, i) => [
        n(i + 1),
        `c${i + 1}.${part}@example.com`,
        i % 3 ? 'active' : 'closed',
        note,
      ]);
    case 'warehouses':
      return [
        [s('eu'), 'A', 'Lyon'],
        [s('eu'), 'B', 'Köln'],
        [s('us'), 'A', "Tom's"],
      ];
    case 'products':
      return [
        [s('sku-1'), '9.99', 'true', s('eu'), 'A'],
        [s('sku-2'), '120.00', 'false', s('us'), 'A'],
        [s('sku-3'), '0.5', 'true', null, null],
      ];
    case 'departments':
      return [
        [n(1), 'Sales', n(2)],
        [n(2), 'R&D', n(3)],
      ];
    case 'employees':
      return [
        [n(1), 'Ada', null, n(1)],
        [n(2), 'Grace', n(1), n(1)],
        [n(3), 'Linus', n(1), n(2)],
        [n(4), 'Barbara', n(3), n(2)],
      ];
    case 'orders':
      return Array.from({ length: 6 }, (_, i) => [n(i + 1), n((i % 5) + 1), `2024-0${(i % 9) + 1}-1${i}`]);
    case 'order_items':
      return [
        [n(1), s('sku-1'), '1'],
        [n(1), s('sku-2'), '2'],
        [n(2), s('sku-1'), '3'],
        [n(3), s('sku-3'), '1'],
        [n(4), s('sku-2'), '5'],
        [n(5), s('sku-1'), '1'],
        [n(6), s('sku-3'), '2'],
        [n(6), s('sku-1'), '4'],
      ];
  }
  throw new Error(`no rows for ${name}`);
}

/** The project's TableText, in batches of 3 rows. */
export function sampleTables(part = 0): TableText[] {
  return SAMPLE_TABLES.map((table) => {
    const rows = rowsOf(table.name, part);
    return {
      table,
      columns: table.fields.map((f) => (f as { name: string }).name),
      rowCount: rows.length,
      async *batches() {
        for (let i = 0; i < rows.length; i += 3) yield rows.slice(i, i + 3);
      },
    };
  });
}

/**
 * The same tables with no keys, references, CHECKs or lengths: what verify must catch is not
 * refused when inserted. A reference column keeps its parent column's type (PostgreSQL does not
 * compare integer with text).
 */
export function looseTables(): TableText[] {
  const typeOf = (table: string, column: string) => {
    const facts = SAMPLE_TABLES.find((t) => t.name === table)?.columns?.[column];
    return facts?.sql_type?.startsWith('varchar') ? undefined : facts?.sql_type;
  };
  return sampleTables().map((text) => {
    const parents = new Map<string, string>();
    for (const f of text.table.fields as { name: string; table?: string; column?: string }[])
      if (f.table && f.column) parents.set(f.name, typeOf(f.table, f.column) ?? '');
    const columns = Object.fromEntries(
      text.columns.map((c) => [c, { sql_type: typeOf(text.table.name, c) ?? (parents.get(c) || undefined) }]),
    );
    return { ...text, table: { name: text.table.name, fields: text.columns.map((name) => ({ name })), columns } };
  });
}
