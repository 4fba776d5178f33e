import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { renderTypesMarkdown } from './types-markdown.js';
import { ALL_TYPES } from '../types/registry.js';

test('docs/types.md is up to date with the registry (run `npm run docs` after changing a type)', () => {
  const committed = readFileSync(new URL('../../../../docs/types.md', import.meta.url), 'utf8');
  assert.equal(committed, renderTypesMarkdown());
});

test('every type is documented with a category, a description and described parameters', () => {
  for (const type of ALL_TYPES) {
    assert.ok(type.category && type.description.length > 10, type.name);
    for (const p of type.params) assert.ok(p.description.length > 3, `${type.name}.${p.name}`);
  }
});

test('docs/formulas.md is up to date with the function and method tables (run `npm run docs`)', async () => {
  const { renderFormulasMarkdown } = await import('./formulas-markdown.js');
  const committed = readFileSync(new URL('../../../../docs/formulas.md', import.meta.url), 'utf8');
  assert.equal(committed, renderFormulasMarkdown());
});
