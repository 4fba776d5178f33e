/**
 * The engine's rows of a planned project as TableText, for tests until the engine gives them
 * itself: each table generated as JSON Lines (one object per row, nulls as null) and read line
 * by line, in batches, parents first. Numbers become their digits, booleans true/false.
 */
import { createInterface } from 'node:readline';
import { generateTable, type ProjectPlan } from '@rowloom/core';
import type { TableText } from '@rowloom/core/relations/sql';

const BATCH_ROWS = 500;

function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export function engineTables(plan: ProjectPlan): TableText[] {
  return plan.model.loadOrder.map((name) => {
    const table = plan.model.tables.find((t) => t.name === name)!.source;
    const columns = (table.fields as { name: string }[]).map((f) => f.name).filter((c) => !table.omitted?.includes(c));
    return {
      table,
      columns,
      rowCount: plan.counts[name],
      async *batches() {
        const generation = generateTable(plan, { table: name, writer: { format: 'jsonl' }, workers: 1 });
        let batch: (string | null)[][] = [];
        for await (const line of createInterface({ input: generation.stream, crlfDelay: Infinity })) {
          if (!line) continue;
          const row = JSON.parse(line) as Record<string, unknown>;
          batch.push(columns.map((c) => text(row[c])));
          if (batch.length === BATCH_ROWS) {
            yield batch;
            batch = [];
          }
        }
        if (batch.length > 0) yield batch;
      },
    };
  });
}
