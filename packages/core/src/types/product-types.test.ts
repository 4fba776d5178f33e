import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { generateObjects } from '../engine/sample.js';
import { assertDeclared } from '../testing/type-values.js';
import { testReproducibility } from '../testing/type-reproducibility.js';
import { findType } from './registry.js';

type ProductRow = [string, string, string, number, string];
const PRODUCTS = (
  JSON.parse(readFileSync(new URL('../../data/products.json', import.meta.url), 'utf8')) as { rows: ProductRow[] }
).rows;

const TYPES = ['Product Name', 'Product Category', 'Product Subcategory', 'Product Description', 'Product Price'];

describe('product data', () => {
  test('a few hundred products, names unique, each subcategory in one category, prices in cents', () => {
    assert.ok(PRODUCTS.length >= 250, `${PRODUCTS.length} products`);
    const names = PRODUCTS.map((p) => p[2]);
    assert.equal(new Set(names).size, names.length, 'duplicate product names');
    const categoryOf = new Map<string, string>();
    for (const [category, subcategory, name, price, description] of PRODUCTS) {
      assert.equal(categoryOf.get(subcategory) ?? category, category, `${subcategory} is in two categories`);
      categoryOf.set(subcategory, category);
      assert.ok(
        price > 0 &&
          price < 5000 &&
          Number.isInteger(Math.round(price * 100)) &&
          Math.abs(price * 100 - Math.round(price * 100)) < 1e-6,
        `${name}: ${price}`,
      );
      assert.match(description, /^[A-Z0-9].*\.$/, `${name}: the description is a sentence`);
    }
  });
});

describe('product family', () => {
  const rows = generateObjects(
    TYPES.map((type) => ({ name: type, type })),
    { count: 5000, seed: 'products' },
  ) as Record<string, string | number>[];
  const byName = new Map(PRODUCTS.map((p) => [p[2], p]));

  test("a row's name, category, subcategory, description and price are one product", () => {
    for (const row of rows) {
      const product = byName.get(row['Product Name'] as string);
      assert.ok(product, `${row['Product Name']} is a product`);
      assert.deepEqual(
        [
          row['Product Category'],
          row['Product Subcategory'],
          row['Product Name'],
          row['Product Price'],
          row['Product Description'],
        ],
        product,
      );
    }
  });

  test('the price is a JSON number, and products come from every category', () => {
    assert.ok(rows.every((row) => typeof row['Product Price'] === 'number'));
    assert.equal(new Set(rows.map((r) => r['Product Category'])).size, new Set(PRODUCTS.map((p) => p[0])).size);
    for (const type of TYPES.slice(0, 4))
      assertDeclared(
        type,
        rows.map((r) => r[type] as string),
      );
  });

  test('every product type declares the product family', () => {
    for (const type of TYPES) assert.equal(findType(type)?.family, 'product', type);
  });

  testReproducibility(TYPES);
});
