/**
 * A pool thread keeps compiled plans between generations (kept-plans.ts). That is only right if
 * sharing a plan changes nothing: for every registered type, one plan driving two generations
 * with different seeds, their rows interleaved as the pool interleaves jobs, must give exactly
 * the rows of two fresh plans. And plans that read a generation's own constants are never kept.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { compileSchema, type CompileOptions } from '../schema/compile.js';
import { exampleRelations } from '../catalogue/catalogue.js';
import { projectRelations } from './relation-runtime.js';
import { ALL_TYPES } from '../types/registry.js';
import type { TypeDefinition } from '../kernel/define-type.js';
import { createWriter } from '../writers/index.js';
import { keptPlanCount, planFor } from './kept-plans.js';
import { RowEngine } from './row-engine.js';
import type { WorkerSetup } from './worker-setup.js';

const ROWS = 30;
const OPTIONS = { startedAtMs: Date.UTC(2025, 0, 1), generationUuid: '00000000-0000-4000-8000-000000000001' };

function fieldsFor(type: TypeDefinition): unknown[] {
  return [
    { name: 'id', type: 'Row Number' },
    { name: 'example_row', type: 'Row Number' },
    { name: 'own', type: type.name, ...(type.exampleParams ?? {}) },
    { name: 'second', type: type.name, ...(type.exampleParams ?? {}) },
  ];
}

/** The JSON text of row `index` made by `engine`. */
function rowText(plan: ReturnType<typeof compileSchema>, engine: RowEngine, index: number): string {
  return createWriter(plan.shape, { format: 'json', count: 2 }).row(engine.row(index), index);
}

/** The type's example inputs; a type that reads other tables compiles in its example project (catalogue.ts). */
function withRelations(type: TypeDefinition, fields: unknown[]): CompileOptions {
  const options: CompileOptions = { ...OPTIONS, datasets: type.exampleDatasets, scenarios: type.exampleScenarios };
  const relations = exampleRelations(type, fields, 'kept-plans');
  return relations ? { ...options, relations: projectRelations(relations, options) } : options;
}

describe('kept plans', () => {
  for (const type of ALL_TYPES) {
    test(`${type.name}: one plan, two seeds, interleaved rows = two fresh plans`, () => {
      const fields = fieldsFor(type);
      const options = withRelations(type, fields);
      const shared = compileSchema(fields, options);
      const a = new RowEngine(shared, 11);
      const b = new RowEngine(shared, 22);
      const interleaved: string[][] = [[], []];
      for (let i = 0; i < ROWS; i++) {
        interleaved[0].push(rowText(shared, a, i));
        interleaved[1].push(rowText(shared, b, i));
      }
      for (const [which, seed] of [
        [0, 11],
        [1, 22],
      ] as const) {
        const fresh = compileSchema(fields, withRelations(type, fields));
        const engine = new RowEngine(fresh, seed);
        const alone = Array.from({ length: ROWS }, (_, i) => rowText(fresh, engine, i));
        assert.deepEqual(interleaved[which], alone, `seed ${seed}`);
      }
    });
  }

  const setup = (fields: unknown[], extra: Partial<WorkerSetup> = {}): WorkerSetup => ({
    fields,
    seedKey: 1,
    writer: { format: 'csv', count: 1 },
    ...OPTIONS,
    ...extra,
  });

  test('a plan without formulas is kept and found by its exact fields; the next generation gets the same object', () => {
    const fields = [
      { name: 'id', type: 'Row Number' },
      { name: 'city', type: 'City' },
    ];
    const first = planFor(setup(fields));
    assert.equal(first.generationIndependent, true);
    assert.equal(planFor(setup(structuredClone(fields), { startedAtMs: 0, generationUuid: 'x', seedKey: 9 })), first);
    assert.notEqual(
      planFor(setup(fields, { publicUrl: 'https://elsewhere.example' })),
      first,
      'another public URL, another plan',
    );
  });

  test('plans that read a generation constant, a dataset, a scenario or a mock request are never kept', () => {
    const before = keptPlanCount();
    const formula = [{ name: 'at', type: 'Formula', value: 'now()' }];
    assert.equal(planFor(setup(formula)).generationIndependent, false);
    assert.notEqual(planFor(setup(formula)), planFor(setup(formula)));
    const fieldFormula = [{ name: 'n', type: 'Number', min: 1, max: 9, formula: 'this + 1' }];
    assert.notEqual(planFor(setup(fieldFormula)), planFor(setup(fieldFormula)));
    const list = [{ name: 'c', type: 'Dataset Column', dataset: 'people', column: 'name' }];
    const datasets = { people: { columns: ['name'], rows: [['Ada']] } };
    assert.notEqual(planFor(setup(list, { datasets })), planFor(setup(list, { datasets })));
    assert.equal(keptPlanCount(), before);
  });
});
