/** Shared by the import tests: the shop fixtures, and what every import of the shop must give. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { typeNames, type ProjectDocument, type ProjectTable } from '@rowloom/core';
import { compileProblems } from './check-fields.js';
import type { FieldSpec } from './text-fit.js';

/** Read from src: the build does not copy fixtures into dist. */
export function fixture(name: string): string {
  return readFileSync(
    fileURLToPath(new URL(`../../../src/databases/import/fixtures/${name}`, import.meta.url)),
    'utf8',
  );
}

export function table(project: ProjectDocument, name: string): ProjectTable {
  const found = project.tables.find((t) => t.name === name);
  assert.ok(found, `table ${name} among ${project.tables.map((t) => t.name).join(', ')}`);
  return found;
}

export function field(project: ProjectDocument, tableName: string, name: string): FieldSpec {
  const found = (table(project, tableName).fields as FieldSpec[]).find((f) => f.name === name);
  assert.ok(found, `field ${tableName}.${name}`);
  return found;
}

/**
 * What any import of the shop gives, whatever the source. `regions`: the name of the regions
 * table ("sales.regions" from the PostgreSQL DDL); `uuid`: whether external_ref is a uuid column.
 */
export function assertShop(
  project: ProjectDocument,
  { regions = 'regions', targets = 'targets', uuid = true } = {},
): void {
  assert.equal(project.rowloom_project, 1);
  assert.deepEqual(
    project.tables.map((t) => t.name).sort(),
    [
      'addresses',
      'customers',
      'employees',
      'order_items',
      'orders',
      'product_tags',
      'products',
      regions,
      'tags',
      targets,
    ].sort(),
  );
  const type = (t: string, f: string) => field(project, t, f).type;
  assert.equal(type('customers', 'id'), 'Row Number');
  assert.equal(type('customers', 'email'), 'Email Address');
  assert.equal(type('customers', 'first_name'), 'First Name');
  assert.equal(type('customers', 'last_name'), 'Last Name');
  assert.equal(type('customers', 'country_code'), 'Country Code');
  if (uuid) assert.equal(type('customers', 'external_ref'), 'GUID');
  assert.deepEqual(field(project, 'customers', 'created_at'), {
    name: 'created_at',
    type: 'Datetime',
    min: '01/01/2020',
    max: '12/31/2025',
    format: '%Y-%m-%d %H:%M:%S',
  });
  assert.equal(field(project, 'customers', 'birthday').format, '%Y-%m-%d');
  assert.equal(type('products', 'active'), 'Boolean');
  assert.equal(type('products', 'name'), 'Product Name');
  // json, jsonb, and MariaDB's json (longtext CHECK (json_valid(...))): a JSON object.
  assert.equal(type('customers', 'settings'), 'Formula');
  assert.equal(type('products', 'attributes'), 'Formula');
  assert.deepEqual(field(project, 'products', 'price'), {
    name: 'price',
    type: 'Number',
    min: 1,
    max: 1000,
    decimals: 2,
  });
  assert.equal(field(project, 'order_items', 'quantity').decimals, 0);
  // Text of no known meaning fits its length.
  const code = field(project, 'employees', 'department_code');
  assert.equal(code.type, 'Character Sequence');
  assert.equal(String(code.format).length, 3);
  // Keys and facts.
  const customers = table(project, 'customers');
  assert.deepEqual(customers.primary_key, ['id']);
  assert.deepEqual(customers.unique, [['email']]);
  assert.equal(customers.columns?.email.sql_type, 'varchar(255)');
  assert.equal(customers.columns?.email.max_length, 255);
  assert.equal(customers.columns?.email.not_null, true);
  assert.equal(customers.columns?.last_name.not_null, false);
  assert.match(customers.columns?.country_code.default ?? '', /'US'/);
  assert.deepEqual(table(project, 'employees').unique, [['last_name', 'first_name']]);
  assert.deepEqual(table(project, 'addresses').primary_key, ['customer_id', 'address_no']);
  assert.deepEqual(table(project, 'order_items').primary_key, ['order_id', 'line_no']);
  assert.deepEqual(table(project, 'product_tags').primary_key, ['product_id', 'tag_id']);
  assert.deepEqual(table(project, targets).primary_key, ['region_code', 'employee_id', 'year']);
  // References: a self-reference, a join table, a composite key sharing one link.
  const reference = (t: string, f: string) => {
    const { table: parent, column, link } = field(project, t, f);
    assert.equal(field(project, t, f).type, 'Reference', `${t}.${f}`);
    return { parent, column, link };
  };
  assert.deepEqual(reference('employees', 'manager_id'), { parent: 'employees', column: 'id', link: 'manager_id' });
  assert.deepEqual(reference('product_tags', 'product_id'), { parent: 'products', column: 'id', link: 'product_id' });
  assert.deepEqual(reference('product_tags', 'tag_id'), { parent: 'tags', column: 'id', link: 'tag_id' });
  // The join table: a few tags per product, never the same one twice.
  assert.equal(field(project, 'product_tags', 'product_id').children, 'uniform');
  assert.equal(field(project, 'product_tags', 'tag_id').distinct, true);
  assert.equal(field(project, 'orders', 'customer_id').children, undefined);
  assert.deepEqual(reference('orders', 'customer_id'), { parent: 'customers', column: 'id', link: 'customer_id' });
  const shipLink = 'ship_customer_id,ship_address_no';
  assert.deepEqual(reference('orders', 'ship_customer_id'), {
    parent: 'addresses',
    column: 'customer_id',
    link: shipLink,
  });
  assert.deepEqual(reference('orders', 'ship_address_no'), {
    parent: 'addresses',
    column: 'address_no',
    link: shipLink,
  });
  assert.deepEqual(reference(targets, 'region_code'), { parent: regions, column: 'code', link: 'region_code' });
  assertCompiles(project);
}

/** Every table's fields compile (References aside until the Reference type is registered). */
export function assertCompiles(project: ProjectDocument): void {
  const referenceKnown = typeNames().includes('Reference');
  for (const t of project.tables) {
    const fields = t.fields as FieldSpec[];
    assert.deepEqual([...compileProblems(fields)], [], `table ${t.name} compiles (Reference known: ${referenceKnown})`);
    for (const f of fields) {
      assert.equal(f.percentBlank, undefined, `${t.name}.${f.name} has no blanks`);
    }
  }
}
