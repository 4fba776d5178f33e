import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compileSchema, type SchemaPlan } from '@rowloom/core';
import { PLAN_CACHE_MAX_TEXT, PlanCache } from './plan-cache.js';

const FIELDS = [{ name: 'id', type: 'Row Number' }];
const NONE = { datasets: {}, scenarios: {} };

function counted(fields: unknown[]): { compile: () => SchemaPlan; calls: () => number } {
  let n = 0;
  return { compile: () => (n++, compileSchema(fields)), calls: () => n };
}

test('the same fields text compiles once; other fields or another public URL compile again', () => {
  const cache = new PlanCache();
  const first = counted(FIELDS);
  const plan = cache.reuser(FIELDS, NONE, undefined)!(first.compile);
  assert.equal(cache.reuser(structuredClone(FIELDS), NONE, undefined)!(first.compile), plan);
  assert.equal(first.calls(), 1);
  const other = [{ name: 'n', type: 'Row Number' }];
  assert.notEqual(cache.reuser(other, NONE, undefined)!(counted(other).compile), plan);
  const elsewhere = counted(FIELDS);
  cache.reuser(FIELDS, NONE, 'https://rowloom.example')!(elsewhere.compile);
  assert.equal(elsewhere.calls(), 1);
  assert.equal(cache.size, 3);
});

test('a schema that does not compile is not remembered: its errors come every time', () => {
  const cache = new PlanCache();
  const bad = [{ name: 'x', type: 'No Such Type' }];
  for (let i = 0; i < 2; i++)
    assert.throws(() => cache.reuser(bad, NONE, undefined)!(() => compileSchema(bad)), /No Such Type/);
  assert.equal(cache.size, 0);
});

test('fields that read stored datasets or scenarios, or that are very long, are never shared', () => {
  const cache = new PlanCache();
  assert.equal(
    cache.reuser(FIELDS, { datasets: { colours: { columns: ['c'], rows: [['red']] } }, scenarios: {} }, undefined),
    undefined,
  );
  assert.equal(cache.reuser(FIELDS, { datasets: {}, scenarios: { s: {} } }, undefined), undefined);
  assert.equal(cache.reuser(FIELDS, { datasets: {}, scenarios: {}, datasetNames: [] }, undefined), undefined);
  const long = [{ name: 'x'.repeat(PLAN_CACHE_MAX_TEXT), type: 'Row Number' }];
  assert.equal(cache.reuser(long, NONE, undefined), undefined);
});
