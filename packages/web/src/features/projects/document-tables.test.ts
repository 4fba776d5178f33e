import { expect, test } from 'vitest';
import { tablesFromDocument } from './document-tables';

test('a document’s tables, keys and references (a composite one grouped by link) without counts', () => {
  const tables = tablesFromDocument('p', {
    rowloom_project: 1,
    name: 'p',
    tables: [
      { name: 'orders', primary_key: ['id'], fields: [{ name: 'id', type: 'Row Number' }] },
      {
        name: 'lines',
        primary_key: ['order_id', 'line'],
        fields: [
          { name: 'order_id', type: 'Reference', table: 'orders', column: 'id', children: 'fixed' },
          { name: 'line', type: 'Child Number' },
          { name: 'a', type: 'Reference', table: 'pairs', column: 'x', link: 'pair', optional: 10 },
          { name: 'b', type: 'Reference', table: 'pairs', column: 'y', link: 'pair' },
          { name: 'prev', type: 'Reference', table: 'lines', column: 'line' },
        ],
      },
    ],
  });
  expect(tables[0]).toEqual({
    name: 'orders',
    schema: 'p/orders',
    count: null,
    columns: [{ name: 'id', type: 'Row Number', key: true }],
    references: [],
  });
  expect(tables[1].columns.filter((c) => c.key).map((c) => c.name)).toEqual(['order_id', 'line']);
  expect(tables[1].references).toEqual([
    {
      fields: ['order_id'],
      table: 'orders',
      columns: ['id'],
      link: 'orders',
      children: 'fixed',
      optional: false,
      self: false,
      deferred: false,
    },
    {
      fields: ['a', 'b'],
      table: 'pairs',
      columns: ['x', 'y'],
      link: 'pair',
      children: null,
      optional: true,
      self: false,
      deferred: false,
    },
    {
      fields: ['prev'],
      table: 'lines',
      columns: ['line'],
      link: 'lines',
      children: null,
      optional: false,
      self: true,
      deferred: false,
    },
  ]);
});
