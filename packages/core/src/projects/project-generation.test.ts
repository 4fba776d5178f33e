import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { planProject } from './project-plan.js';
import { writeTableFiles } from './table-files.js';
import { tableTexts } from './table-texts.js';
import { shopProject } from '../testing/shop-project.js';
import { ProjectError } from '../relations/read-project.js';

type Row = Record<string, string>;

async function generatedTables(
  document: unknown,
  workers = 1,
): Promise<{ tables: Record<string, Row[]>; files: Record<string, Buffer> }> {
  const directory = await mkdtemp(join(tmpdir(), 'rowloom-project-'));
  try {
    const plan = planProject(document);
    await writeTableFiles(plan, directory, { writer: { format: 'csv' }, workers });
    const tables: Record<string, Row[]> = {};
    const files: Record<string, Buffer> = {};
    for (const name of await readdir(directory)) {
      files[name] = await readFile(join(directory, name));
      tables[name.replace(/\.csv$/, '')] = parse(files[name], { columns: true }) as Row[];
    }
    return { tables, files };
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

describe('a project of related tables', () => {
  test('every reference names an existing parent row, composite keys are unique, and children come after parents in time', async () => {
    const { tables } = await generatedTables(shopProject(5));
    const { customers, orders, order_lines: lines, employees } = tables;
    const customerById = new Map(customers.map((c) => [c.id, c]));
    const orderById = new Map(orders.map((o) => [o.id, o]));
    assert.equal(customers.length, 200);
    assert.ok(orders.length > 250 && orders.length < 550, `about 2 orders per customer, got ${orders.length}`);
    for (const order of orders) {
      const customer = customerById.get(order.customer_id);
      assert.ok(customer, `order ${order.id} refers to customer ${order.customer_id}`);
      assert.equal(order.customer_email, customer.email, 'customers.email reads the same parent row');
      assert.equal(
        Date.parse(order.placed_at) - Date.parse(`${customer.created_at.replace(' ', 'T')}Z`),
        3 * 86_400_000,
      );
    }
    const keys = new Set<string>();
    const pairs = new Set<string>();
    for (const line of lines) {
      const order = orderById.get(line.order_id);
      assert.ok(order, `line refers to order ${line.order_id}`);
      assert.ok(Date.parse(line.shipped_at) > Date.parse(order.placed_at), 'a line ships after its order is placed');
      keys.add(`${line.order_id}/${line.line_no}`);
      pairs.add(`${line.order_id}/${line.product_id}`);
      assert.ok(Number(line.product_id) >= 1 && Number(line.product_id) <= 8);
    }
    assert.equal(keys.size, lines.length, '(order_id, line_no) is unique');
    assert.equal(pairs.size, lines.length, 'no order holds one product twice (distinct)');
    const counts = new Map<string, number>();
    const items = new Map<string, number>();
    for (const line of lines) {
      counts.set(line.order_id, (counts.get(line.order_id) ?? 0) + 1);
      items.set(line.order_id, (items.get(line.order_id) ?? 0) + Number(line.quantity));
    }
    for (const order of orders)
      assert.equal(Number(order.items), items.get(order.id), `order ${order.id}: items is the sum of its lines`);
    assert.equal(counts.size, orders.length, 'every order has between 1 and 4 lines');
    assert.ok([...counts.values()].every((n) => n >= 1 && n <= 4));
    assert.equal(employees[0].manager_id, '', 'the first employee has no manager');
    for (const employee of employees.slice(1))
      assert.ok(Number(employee.manager_id) < Number(employee.id), 'a manager is an earlier row');
  });

  test('the rows a loader gets as text are the rows of the files', async () => {
    const { tables } = await generatedTables(shopProject());
    const texts = tableTexts(planProject(shopProject()));
    assert.deepEqual(
      texts.map((t) => t.table.name),
      ['customers', 'products', 'orders', 'order_lines', 'employees'],
    );
    for (const text of texts) {
      const rows: (string | null)[][] = [];
      for await (const batch of text.batches()) rows.push(...batch);
      assert.equal(rows.length, text.rowCount);
      const fromFile = tables[text.table.name].map((row) => text.columns.map((column) => row[column]));
      assert.deepEqual(
        rows.map((row) => row.map((value) => value ?? '')),
        fromFile,
        text.table.name,
      );
    }
  });

  test('the same seed gives the same files whatever the number of worker threads', async () => {
    const one = await generatedTables(shopProject(600), 1);
    const two = await generatedTables(shopProject(600), 2);
    assert.ok(one.tables.order_lines.length > 100_000, 'large enough to be split between threads');
    assert.deepEqual(Object.keys(two.files).sort(), Object.keys(one.files).sort());
    for (const name of Object.keys(one.files))
      assert.ok(one.files[name].equals(two.files[name]), `${name} is byte-identical`);
  });

  test('a problem names its table and field, and every problem is reported at once', () => {
    const broken = shopProject() as { tables: Record<string, unknown>[] };
    (broken.tables[0].fields as Record<string, unknown>[])[0].table = 'order';
    (broken.tables[3].fields as Record<string, unknown>[])[3].value = 'parent.created_on + days(3)';
    assert.throws(
      () => planProject(broken),
      (error: unknown) =>
        error instanceof ProjectError &&
        error.problems.length === 1 &&
        /order_lines, field order_id: no table is named order \(tables: order_lines, customers, products, orders, employees\)/.test(
          error.problems[0],
        ),
    );
    (broken.tables[0].fields as Record<string, unknown>[])[0].table = 'orders';
    assert.throws(
      () => planProject(broken),
      (error: unknown) =>
        error instanceof ProjectError &&
        /table orders: .*placed_at.*table customers has no field created_on/.test(error.message),
    );
  });

  test('counts that depend on each other, two driving references and a key that reads itself are refused', () => {
    const table = (name: string, fields: unknown[]) => ({ name, count: 3, fields });
    const project = (...tables: unknown[]) => ({ rowloom_project: 1, name: 'p', tables });
    const ref = (name: string, target: string, extra: Record<string, unknown> = {}) => ({
      name,
      type: 'Reference',
      table: target,
      column: 'id',
      ...extra,
    });
    const kids = { children: 'fixed', children_count: 2 };
    assert.throws(
      () =>
        planProject(
          project(
            table('a', [{ name: 'id', type: 'Row Number' }, ref('b_id', 'b', kids)]),
            table('b', [{ name: 'id', type: 'Row Number' }, ref('a_id', 'a', kids)]),
          ),
        ),
      /depends on itself/,
    );
    assert.throws(
      () =>
        planProject(
          project(
            table('a', [{ name: 'id', type: 'Row Number' }]),
            table('b', [ref('x', 'a', kids), ref('y', 'a', { ...kids, link: 'other' })]),
          ),
        ),
      /only one reference may have children/,
    );
    assert.throws(
      () => planProject(project(table('a', [ref('id', 'b')]), table('b', [ref('id', 'a')]))),
      /table [ab]: the key columns of table [ab] read table [ab] again/,
    );
    assert.throws(() => planProject({ rowloom_project: 2, name: 'p', tables: [] }), /rowloom_project must be 1/);
    assert.throws(
      () => planProject(project(table('a', [{ name: 'x', type: 'Child Number' }]))),
      /no reference of table a has children/,
    );
  });

  test('a cycle between tables is loaded in document order with the closing reference deferred', () => {
    const plan = planProject({
      rowloom_project: 1,
      name: 'org',
      tables: [
        {
          name: 'departments',
          count: 3,
          fields: [
            { name: 'id', type: 'Row Number' },
            { name: 'head_id', type: 'Reference', table: 'employees', column: 'id' },
          ],
        },
        {
          name: 'employees',
          count: 9,
          fields: [
            { name: 'id', type: 'Row Number' },
            { name: 'department_id', type: 'Reference', table: 'departments', column: 'id' },
          ],
        },
      ],
    });
    assert.deepEqual(plan.model.loadOrder, ['departments', 'employees']);
    assert.deepEqual(plan.model.deferred, [{ table: 'departments', link: 'employees', fields: ['head_id'] }]);
  });
});

describe('unique keys', () => {
  const keyed = (count: number, key: Record<string, unknown>, primary = ['id']) => ({
    rowloom_project: 1,
    name: 'keys',
    tables: [
      {
        name: 't',
        count,
        primary_key: primary,
        fields: [
          { name: 'id', ...key },
          { name: 'status', type: 'Custom List', values: ['a', 'b', 'c'] },
        ],
      },
    ],
  });

  test('a Unique Key never repeats: every number of its range once, UUIDs and codes distinct', async () => {
    const values = async (key: Record<string, unknown>, count: number) => {
      const { tables } = await generatedTables(keyed(count, key));
      return tables.t.map((row) => row.id);
    };
    const numbers = await values({ type: 'Unique Key', min: 1, max: 5000 }, 5000);
    assert.deepEqual(
      [...numbers].map(Number).sort((a, b) => a - b),
      Array.from({ length: 5000 }, (_, i) => i + 1),
    );
    assert.notDeepEqual(
      numbers.slice(0, 10),
      ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'],
      'shuffled, not counted',
    );
    const uuids = await values({ type: 'Unique Key', style: 'uuid' }, 20_000);
    assert.equal(new Set(uuids).size, 20_000);
    for (const uuid of uuids.slice(0, 500))
      assert.match(uuid, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const codes = await values({ type: 'Unique Key', style: 'code', prefix: 'CUS-', digits: 4 }, 10_000);
    assert.equal(new Set(codes).size, 10_000);
    assert.ok(codes.every((code) => /^CUS-\d{4}$/.test(code)));
  });

  test('a key that cannot hold the rows is refused before generating, naming the table and the key', () => {
    assert.throws(
      () => planProject(keyed(10, { type: 'Unique Key', min: 1, max: 5 })),
      /table t: 10 rows, but its key \(id\) has at most 5 distinct values/,
    );
    assert.throws(
      () => planProject(keyed(4, { type: 'Row Number' }, ['status'])),
      /table t: 4 rows, but its key \(status\) has at most 3 distinct values/,
    );
    assert.doesNotThrow(() => planProject(keyed(30, { type: 'Unique Key', min: 1, max: 10 }, ['id', 'status'])));
  });
});

describe('children from a scenario', () => {
  const project = {
    rowloom_project: 1,
    name: 'ramp',
    tables: [
      { name: 'shops', count: 101, fields: [{ name: 'id', type: 'Row Number' }] },
      {
        name: 'sales',
        fields: [
          { name: 'shop_id', type: 'Reference', table: 'shops', column: 'id', children: 'scenario', scenario: 'ramp' },
          { name: 'n', type: 'Child Number' },
        ],
      },
    ],
  };
  const ramp = {
    points: [
      { x: 0, y: 0 },
      { x: 1, y: 10 },
    ],
    interpolation: 'linear' as const,
    noise: 0,
  };

  test("each parent has the curve's value at its place: none for the first, ten for the last", async () => {
    const plan = planProject(project, { scenarios: { ramp } });
    assert.equal(
      plan.counts.sales,
      Array.from({ length: 101 }, (_, p) => Math.round(p / 10)).reduce((a, b) => a + b, 0),
    );
    const rows: (string | null)[][] = [];
    for await (const batch of tableTexts(plan)[1].batches()) rows.push(...batch);
    assert.equal(rows.filter(([shop]) => shop === '1').length, 0);
    assert.equal(rows.filter(([shop]) => shop === '101').length, 10);
  });

  test('a scenario that is not there is named', () => {
    assert.throws(() => planProject(project), /table sales: no scenario is named ramp/);
    const unnamed = structuredClone(project);
    delete (unnamed.tables[1].fields[0] as Record<string, unknown>).scenario;
    assert.throws(
      () => planProject(unnamed, { scenarios: { ramp } }),
      /children scenario needs the name of a Scenario/,
    );
  });
});
