import assert from 'node:assert/strict';
import { test } from 'node:test';
import { planProject } from './project-plan.js';
import { tableObjects, tableObjectsAt } from './table-rows.js';
import { shopProject } from '../testing/shop-project.js';

test('rows at scattered indexes are the rows of a range at those indexes, in the order asked', () => {
  const plan = planProject(shopProject());
  const all = tableObjects(plan, 'orders', 0, 30);
  const indexes = [29, 3, 4, 17, 0];
  assert.deepEqual(
    tableObjectsAt(plan, 'orders', indexes),
    indexes.map((i) => all[i]),
  );
  assert.deepEqual(tableObjectsAt(plan, 'orders', []), []);
  assert.throws(() => tableObjectsAt(plan, 'orders', [plan.counts.orders]), /table orders has no row/);
});
