import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { generateObjects } from '../engine/sample.js';
import type { StockRecord } from './stock-types.js';

const STOCKS = JSON.parse(readFileSync(new URL('../../data/stocks.json', import.meta.url), 'utf8')) as StockRecord[];
const SCHEMA = [
  { name: 'symbol', type: 'Stock Symbol' },
  { name: 'name', type: 'Stock Name' },
  { name: 'market', type: 'Stock Market' },
  { name: 'sector', type: 'Stock Sector' },
  { name: 'industry', type: 'Stock Industry' },
  { name: 'marketCap', type: 'Stock Market Cap' },
];
const COLUMNS = ['symbol', 'name', 'market', 'sector', 'industry', 'marketCap'] as const;
const keyOf = (stock: StockRecord) => JSON.stringify(COLUMNS.map((column) => stock[column]));

describe('stock family', () => {
  const rows = generateObjects(SCHEMA, { count: 1000, seed: 'stocks' }) as unknown as StockRecord[];

  test('all six fields of a row come from one record of stocks.json', () => {
    const records = new Set(STOCKS.map(keyOf));
    for (const row of rows) assert.ok(records.has(keyOf(row)), JSON.stringify(row));
  });

  test('markets and market caps look like listings', () => {
    for (const row of rows) {
      assert.match(row.market, /^(NASDAQ|NYSE|NYSE American)$/);
      assert.match(row.marketCap, /^(\$\d+\.\d{2}[MB]|n\/a)$/);
      assert.match(row.symbol, /^[A-Z][A-Z0-9.-]{0,5}$/);
    }
  });

  test('values vary; the same seed gives the same rows', () => {
    assert.ok(new Set(rows.map((r) => r.symbol)).size > 500);
    assert.ok(new Set(rows.map((r) => r.sector)).size > 5);
    assert.equal(new Set(rows.map((r) => r.market)).size, 3);
    assert.deepEqual(generateObjects(SCHEMA, { count: 1000, seed: 'stocks' }), rows);
    assert.notDeepEqual(generateObjects(SCHEMA, { count: 1000, seed: 'other' }), rows);
  });
});
