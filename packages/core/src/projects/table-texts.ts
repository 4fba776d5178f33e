/**
 * A planned project's tables as TableText (relations/table-text.ts), parents first: the rows a
 * loader or a SQL script writes, each value as its text (null stays null), made on this thread
 * in batches so a loader's writes and the engine take turns.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { ProjectRuntime } from '../engine/relation-runtime.js';
import { RowEngine } from '../engine/row-engine.js';
import { parsedDatasets } from '../engine/dataset-texts.js';
import { referenceTime } from '../engine/reference-time.js';
import { valueToText } from '../kernel/value-text.js';
import type { Value } from '../kernel/values.js';
import { compileSchema } from '../schema/compile.js';
import { tableOf } from '../relations/project-model.js';
import type { TableText } from '../relations/table-text.js';
import type { ProjectPlan } from './project-plan.js';

/** Rows per batch: a multi-row INSERT's worth, small enough to interleave with the writes. */
export const TEXT_BATCH_ROWS = 1000;

export function tableTexts(plan: ProjectPlan): TableText[] {
  const runtime = new ProjectRuntime(
    plan.model,
    plan.seed,
    // The clock generateTable gives each table's generation: the same rows as the files.
    {
      datasets: parsedDatasets(plan.datasets),
      scenarios: plan.scenarios,
      startedAtMs: referenceTime(plan.now, plan.seed),
    },
    plan.counts,
  );
  return plan.model.loadOrder.map((name) => {
    const table = tableOf(plan.model, name)!;
    const compile = () => compileSchema(table.source.fields, runtime.compileOptions(name));
    const columns = compile().root.fields.map((field) => field.name);
    return {
      table: table.source,
      columns,
      rowCount: plan.counts[name],
      batches: () => textBatches(compile, runtime.counts.seedKey(name), plan.counts[name]),
    };
  });
}

async function* textBatches(
  compile: () => ReturnType<typeof compileSchema>,
  seedKey: number,
  count: number,
): AsyncGenerator<(string | null)[][]> {
  const engine = new RowEngine(compile(), seedKey);
  for (let start = 0; start < count; start += TEXT_BATCH_ROWS) {
    const end = Math.min(count, start + TEXT_BATCH_ROWS);
    const batch: (string | null)[][] = [];
    for (let row = start; row < end; row++) batch.push(engine.row(row).map(textOf));
    yield batch;
    await nextTurn();
  }
}

function textOf(value: Value): string | null {
  return value === null ? null : valueToText(value);
}
