/**
 * The product family: Product Name, Product Category, Product Subcategory, Product Description
 * and Product Price of one row describe one product of data/products.json, so a "Chef's Knife"
 * is in Home & Kitchen > Kitchen Tools and costs what a chef's knife costs.
 */
import { readDataFile } from '../data/data-files.js';
import type { TypeDefinition } from '../kernel/define-type.js';
import { recordFamily, recordField, type RecordFieldSpec } from './record-family.js';

type ProductRow = [category: string, subcategory: string, name: string, price: number, description: string];

export interface Product {
  category: string;
  subcategory: string;
  name: string;
  price: number;
  description: string;
}

export const productFamily = recordFamily<Product>('product', () =>
  readDataFile<{ rows: ProductRow[] }>('products.json').rows.map(
    ([category, subcategory, name, price, description]) => ({
      category,
      subcategory,
      name,
      price,
      description,
    }),
  ),
);

function productField(spec: Omit<RecordFieldSpec<Product>, 'category'>): TypeDefinition {
  return recordField(productFamily, { ...spec, category: 'Commerce' });
}

export const productTypes: TypeDefinition[] = [
  productField({
    name: 'Product Name',
    description: 'The row\'s product, e.g. "Chef\'s Knife" or "Wireless Noise-Cancelling Headphones".',
    read: (p) => p.name,
  }),
  productField({
    name: 'Product Category',
    description: "The department of the row's product, e.g. Electronics, Home & Kitchen.",
    read: (p) => p.category,
  }),
  productField({
    name: 'Product Subcategory',
    description: "The subcategory of the row's product within its category, e.g. Audio, Kitchen Tools.",
    read: (p) => p.subcategory,
  }),
  productField({
    name: 'Product Description',
    description: "A one-sentence description of the row's product.",
    read: (p) => p.description,
  }),
  productField({
    name: 'Product Price',
    description: "A typical US price of the row's product in dollars, e.g. 49.99.",
    read: (p) => p.price,
    output: 'number',
  }),
];
