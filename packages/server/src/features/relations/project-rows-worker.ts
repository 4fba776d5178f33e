/**
 * Worker thread entry: rows of a project's table, by position, by key or as a parent's
 * children (core's tableObjects), for the page's preview and the project's REST mock. On a
 * thread of its own: finding a child's parent draws the parents' children counts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { childRange, readProject, rowOfKey, tableObjects, type ProjectDocument, type RowsSource } from '@rowloom/core';

export type RowsQuery =
  | { kind: 'list'; table: string; offset: number; limit: number }
  | { kind: 'one'; table: string; key: string }
  | { kind: 'children'; table: string; key: string; child: string; offset: number; limit: number };

export interface RowsInput extends Omit<RowsSource, 'model'> {
  document: ProjectDocument;
  query: RowsQuery;
}

export type RowsReply =
  | { ok: true; total: number; offset: number; rows: Record<string, unknown>[] }
  | { ok: false; status: 400 | 404; message: string };

function answer(input: RowsInput): RowsReply {
  const source: RowsSource = { ...input, model: readProject(input.document) };
  const { query } = input;
  if (query.kind === 'list')
    return {
      ok: true,
      total: source.counts[query.table],
      offset: query.offset,
      rows: tableObjects(source, query.table, query.offset, query.limit),
    };
  const index = rowOfKey(source, query.table, query.key);
  if (index === null)
    return { ok: false, status: 404, message: `table ${query.table} has no row with key ${query.key}` };
  if (query.kind === 'one')
    return { ok: true, total: 1, offset: index, rows: tableObjects(source, query.table, index, 1) };
  const range = childRange(source, query.child, query.table, index);
  if (!range)
    return {
      ok: false,
      status: 400,
      message: `table ${query.child} has no reference with children to ${query.table}; list ${query.child} instead`,
    };
  const offset = Math.min(query.offset, range.count);
  const rows = tableObjects(source, query.child, range.start + offset, Math.min(query.limit, range.count - offset));
  return { ok: true, total: range.count, offset, rows };
}

function reply(): RowsReply {
  try {
    return answer(workerData as RowsInput);
  } catch (error) {
    return { ok: false, status: 400, message: (error as Error).message };
  }
}

parentPort!.postMessage(reply());
