/**
 * Worker thread entry: one project loaded into one database (databases/load), then verified,
 * away from the thread that answers requests (making the rows is the engine's work). Posts
 * progress as it goes and one last message; a 'cancel' message aborts the load, which rolls
 * back its transaction.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { planProject, tableTexts, type PlanOptions } from '@rowloom/core';
import { deferredColumns } from '@rowloom/core/relations/sql';
import type { LoadVerify } from '@rowloom/contract';
import { loadProject, verifyProject } from '../../databases/index.js';

export interface LoadInput extends PlanOptions {
  document: unknown;
  url: string;
  mode: 'truncate' | 'append';
  create: boolean;
  verify: boolean;
}

export type LoadMessage =
  | { kind: 'progress'; table: string; rows: number }
  | { kind: 'verifying' }
  | { kind: 'done'; rows: Record<string, number>; verify: LoadVerify | null }
  | { kind: 'failed'; message: string; cancelled: boolean };

const aborts = new AbortController();
parentPort!.on('message', (message: unknown) => {
  if (message === 'cancel') aborts.abort();
});

const post = (message: LoadMessage) => parentPort!.postMessage(message);

async function run(input: LoadInput): Promise<LoadMessage> {
  const { document, url, mode, create, verify, ...options } = input;
  const plan = planProject(document, options);
  const result = await loadProject(url, tableTexts(plan), {
    mode,
    create,
    deferred: deferredColumns(plan.model),
    onProgress: (table, rows) => post({ kind: 'progress', table, rows }),
    signal: aborts.signal,
  });
  const rows = Object.fromEntries(result.tables.map((t) => [t.table, t.rows]));
  if (!verify) return { kind: 'done', rows, verify: null };
  post({ kind: 'verifying' });
  const tables = plan.model.loadOrder.map((name) => plan.model.tables.find((t) => t.name === name)!.source);
  const report = await verifyProject(url, tables, { signal: aborts.signal });
  const failed = report.failed.map(({ table, check, columns, violations }) => ({ table, check, columns, violations }));
  return { kind: 'done', rows, verify: { ok: report.ok, checks: report.checks, failed, summary: report.summary } };
}

run(workerData as LoadInput)
  .catch((error: unknown): LoadMessage => {
    const cancelled = aborts.signal.aborted;
    return { kind: 'failed', message: cancelled ? 'cancelled' : (error as Error).message, cancelled };
  })
  .then((last) => {
    post(last);
    parentPort!.close();
  });
