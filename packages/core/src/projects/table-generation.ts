/**
 * One table of a planned project as a generation (engine/generate.ts): the same rows whatever
 * the format or the number of threads, its references reading the parents' rows.
 */
import { generate, type Generation } from '../engine/generate.js';
import type { WriterOptions } from '../writers/writer.js';
import type { RowsPool } from '../engine/rows-pool.js';
import { tableSeed } from '../relations/project-counts.js';
import { tableOf } from '../relations/project-model.js';
import type { ProjectPlan } from './project-plan.js';

export interface TableRequest {
  table: string;
  writer: Omit<WriterOptions, 'count'>;
  workers?: number;
  publicUrl?: string;
  onProgress?: (rows: number) => void;
  /** A server's shared threads (GenerateRequest.pool): every row is made there. */
  pool?: RowsPool;
}

export function generateTable(plan: ProjectPlan, request: TableRequest): Generation {
  const table = tableOf(plan.model, request.table);
  if (!table) throw new Error(`the project has no table ${request.table}`);
  return generate({
    fields: table.source.fields,
    count: plan.counts[table.name],
    seed: tableSeed(plan.seed, table.name),
    now: plan.now,
    datasets: plan.datasets,
    scenarios: plan.scenarios,
    // Each table is written under its own name, whatever a single-table default says.
    writer: { ...request.writer, table: table.name },
    workers: request.workers,
    publicUrl: request.publicUrl,
    onProgress: request.onProgress,
    pool: request.pool,
    relations: { model: plan.model, seed: plan.seed, table: table.name, counts: plan.counts },
  });
}
