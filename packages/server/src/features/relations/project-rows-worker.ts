/**
 * Worker thread entry: rows of a project's table, by position, by key or as a parent's
 * children (core's tableObjects), for the page's preview and the project's REST mock. On
 * resident threads (concurrency/resident-threads.ts), one question at a time: finding a child's parent draws the parents' children counts. A REST mock
 * list comes with the rows written over the generated ones (rest-overlay-page.ts): only the
 * page's generated rows are made, and a written row's place holds its position.
 */
import {
  childRange,
  readProject,
  rowOfKey,
  tableObjectsAt,
  type ProjectDocument,
  type RowsSource,
} from '@rowloom/core';
import { serveOnThread } from '../../concurrency/resident-threads.js';
import { overlayPage, type OverlayEntry } from './rest-overlay-page.js';

interface Page {
  offset: number;
  limit: number;
  /** The written rows of the listed table, in position order. */
  written?: OverlayEntry[];
}

export type RowsQuery =
  | ({ kind: 'list'; table: string } & Page)
  | { kind: 'one'; table: string; key: string }
  | ({
      kind: 'children';
      table: string;
      key: string;
      child: string;
      /** The parent is a row created through the mock: it has no generated children. */
      created?: boolean;
    } & Page);

/** A row of the answer: generated, or (a number) the position of the written row standing there. */
export type PageRow = Record<string, unknown> | number;

export interface RowsInput extends Omit<RowsSource, 'model'> {
  document: ProjectDocument;
  query: RowsQuery;
}

export type RowsReply =
  { ok: true; total: number; offset: number; rows: PageRow[] } | { ok: false; status: 400 | 404; message: string };

type Failure = Extract<RowsReply, { ok: false }>;

/** The generated rows a list starts from: the whole table, or a parent's children. */
function rangeOf(
  source: RowsSource,
  query: Exclude<RowsQuery, { kind: 'one' }>,
): { start: number; count: number } | Failure {
  if (query.kind === 'list') return { start: 0, count: source.counts[query.table] };
  const noLink: Failure = {
    ok: false,
    status: 400,
    message: `table ${query.child} has no reference with children to ${query.table}; list ${query.child} instead`,
  };
  if (query.created) {
    const driving = source.model.tables.find((t) => t.name === query.child)?.driving;
    return driving?.table === query.table ? { start: 0, count: 0 } : noLink;
  }
  const index = rowOfKey(source, query.table, query.key);
  if (index === null)
    return { ok: false, status: 404, message: `table ${query.table} has no row with key ${query.key}` };
  return childRange(source, query.child, query.table, index) ?? noLink;
}

function answer(input: RowsInput): RowsReply {
  const source: RowsSource = { ...input, model: readProject(input.document) };
  const { query } = input;
  if (query.kind === 'one') {
    const index = rowOfKey(source, query.table, query.key);
    if (index === null)
      return { ok: false, status: 404, message: `table ${query.table} has no row with key ${query.key}` };
    return { ok: true, total: 1, offset: index, rows: tableObjectsAt(source, query.table, [index]) };
  }
  const range = rangeOf(source, query);
  if ('ok' in range) return range;
  const page = overlayPage(range, query.written ?? [], query.offset, query.limit);
  const positions = page.items.flatMap((item) => ('generated' in item ? [item.generated] : []));
  const generated = tableObjectsAt(source, query.kind === 'list' ? query.table : query.child, positions);
  let next = 0;
  const rows = page.items.map((item) => ('generated' in item ? generated[next++] : item.written));
  return { ok: true, total: page.total, offset: query.offset, rows };
}

function reply(input: RowsInput): RowsReply {
  try {
    return answer(input);
  } catch (error) {
    return { ok: false, status: 400, message: (error as Error).message };
  }
}

void serveOnThread(reply);
