/**
 * Datasets: an upload parsed into a table (column names from the first row), stored per user,
 * and handed to the engine as plain data when a schema's fields read them.
 */
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import type { Kysely } from 'kysely';
import { referencedDatasetNames } from '@rowloom/core';
import type { Tables } from './db/tables.js';
import { badRequest } from './http/http-error.js';
import { checkDatasetStorage, type StorageLimits } from './dataset-storage.js';

/** What the engine reads: serialisable, so worker threads get their own copy. */
export interface DatasetTable {
  columns: string[];
  rows: string[][];
}

export interface DatasetSummary {
  name: string;
  rows: number;
  columns: string[];
  project: string | null;
  filename: string | null;
  updated_at: string;
}

/**
 * Which separator a table uses. A .txt file is tab-separated unless its first line has commas
 * and no tabs; otherwise a first line with tabs and no commas means tabs; anything else is CSV.
 */
export function separatorFor(text: string, filename: string | null): ',' | '\t' {
  const firstLine = text.split(/\r?\n/, 1)[0];
  const tabs = firstLine.includes('\t');
  const commas = firstLine.includes(',');
  if (filename !== null && /\.txt$/i.test(filename)) return commas && !tabs ? ',' : '\t';
  return tabs && !commas ? '\t' : ',';
}

/**
 * Parses an upload, or throws a 400 saying what is wrong and where: an empty body, a malformed
 * quote, a row with more or fewer values than the header, an empty or repeated column name.
 */
export function parseTable(text: string, filename: string | null): DatasetTable {
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') throw badRequest('the body is empty; send the table as CSV (or tab-separated text) with a header row of column names');
  const delimiter = separatorFor(body, filename);
  const kind = delimiter === ',' ? 'CSV' : 'tab-separated text';
  let width = -1;
  let ragged: { line: number; values: number } | null = null;
  let records: string[][];
  try {
    records = parse(body, {
      delimiter,
      // Tab-separated text rarely quotes: a quote inside a value is kept as it is.
      relax_quotes: delimiter === '\t',
      relax_column_count: true,
      skip_empty_lines: true,
      // The header's width is the rule; the first row that breaks it is reported by its line.
      on_record: (record: string[], context) => {
        if (width < 0) width = record.length;
        else if (ragged === null && record.length !== width) ragged = { line: context.lines, values: record.length };
        return record;
      },
    }) as string[][];
  } catch (error) {
    const { message, lines } = error as Error & { lines?: number };
    throw badRequest(`the body is not valid ${kind}${typeof lines === 'number' ? ` (line ${lines})` : ''}: ${message}; quote values that contain the separator, quotes or line breaks`);
  }
  const [header, ...rows] = records;
  const columns = header.map((name) => name.trim());
  const found = ragged as { line: number; values: number } | null;
  if (found) {
    throw badRequest(`line ${found.line} has ${found.values} value${found.values === 1 ? '' : 's'} but the header row has ${columns.length} columns; every row needs one value per column (leave a value empty, not out)`);
  }
  columns.forEach((name, i) => {
    if (name === '') throw badRequest(`column ${i + 1} of the header row has no name; the first row must name every column`);
    const first = columns.indexOf(name);
    if (first !== i) throw badRequest(`column name "${name}" appears twice in the header row (columns ${first + 1} and ${i + 1}); column names must be unique`);
  });
  if (rows.length === 0) throw badRequest('the table has a header row but no data rows; add at least one row of values below the column names');
  return { columns, rows };
}

export interface SaveOptions {
  /** The project's id: set when given, kept when null. */
  projectId: string | null;
  filename: string | null;
  /** The plan's storage limits, checked in the same transaction as the write. */
  limits: StorageLimits;
}

/**
 * Creates or replaces the dataset in one statement: until it commits the old version is what
 * every reader sees, and a failure leaves it untouched.
 */
export async function saveDataset(db: Kysely<Tables>, userId: string, name: string, table: DatasetTable, options: SaveOptions): Promise<void> {
  const updatedAt = new Date().toISOString();
  const columns = JSON.stringify(table.columns);
  const rows = JSON.stringify(table.rows);
  const bytes = Buffer.byteLength(columns) + Buffer.byteLength(rows);
  const content = {
    columns,
    rows,
    row_count: table.rows.length,
    bytes,
    filename: options.filename,
    updated_at: updatedAt,
  };
  await db.transaction().execute(async (tx) => {
    await checkDatasetStorage(tx, userId, name, bytes, options.limits);
    await tx
      .insertInto('datasets')
      .values({ id: randomUUID(), user_id: userId, name, project_id: options.projectId, ...content })
      .onConflict((oc) => oc.columns(['user_id', 'name']).doUpdateSet(options.projectId === null ? content : { ...content, project_id: options.projectId }))
      .execute();
  });
}

export async function deleteDataset(db: Kysely<Tables>, userId: string, name: string): Promise<boolean> {
  const result = await db.deleteFrom('datasets').where('user_id', '=', userId).where('name', '=', name).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

function summaryQuery(db: Kysely<Tables>, userId: string) {
  return db
    .selectFrom('datasets')
    .leftJoin('projects', 'projects.id', 'datasets.project_id')
    .select(['datasets.name', 'datasets.row_count', 'datasets.columns', 'datasets.filename', 'datasets.updated_at', 'projects.name as project'])
    .where('datasets.user_id', '=', userId);
}

function toSummary(row: { name: string; row_count: number; columns: string; filename: string | null; updated_at: string; project: string | null }): DatasetSummary {
  return { name: row.name, rows: Number(row.row_count), columns: JSON.parse(row.columns) as string[], project: row.project, filename: row.filename, updated_at: row.updated_at };
}

export async function listDatasets(db: Kysely<Tables>, userId: string): Promise<DatasetSummary[]> {
  const rows = await summaryQuery(db, userId).orderBy('datasets.name').execute();
  return rows.map(toSummary);
}

/** The summary and the first `previewRows` rows. */
export async function findDataset(db: Kysely<Tables>, userId: string, name: string, previewRows: number): Promise<(DatasetSummary & { preview: string[][] }) | undefined> {
  const row = await summaryQuery(db, userId).select('datasets.rows').where('datasets.name', '=', name).executeTakeFirst();
  if (!row) return undefined;
  return { ...toSummary(row), preview: (JSON.parse(row.rows) as string[][]).slice(0, previewRows) };
}

/** What compileSchema and generate take as `datasets` and `datasetNames`. */
export interface DatasetsForFields {
  datasets: Record<string, DatasetTable>;
  /** All the user's dataset names, for the engine's message; only read when a name was missing. */
  datasetNames?: string[];
}

/** The user's datasets that the fields name, as the engine takes them. */
export async function datasetsForFields(db: Kysely<Tables>, userId: string, fields: unknown[]): Promise<DatasetsForFields> {
  // A name with NUL cannot be stored (PostgreSQL text refuses it), so it names no dataset: the
  // engine then reports it missing, as for any other unknown name.
  const names = referencedDatasetNames(fields).filter((name) => !name.includes('\u0000'));
  if (names.length === 0) return { datasets: {} };
  const rows = await db.selectFrom('datasets').select(['name', 'columns', 'rows']).where('user_id', '=', userId).where('name', 'in', names).execute();
  // fromEntries defines own properties: a dataset named "__proto__" stays a dataset.
  const datasets = Object.fromEntries(rows.map((row) => [row.name, { columns: JSON.parse(row.columns) as string[], rows: JSON.parse(row.rows) as string[][] }]));
  if (rows.length === names.length) return { datasets };
  const all = await db.selectFrom('datasets').select('name').where('user_id', '=', userId).orderBy('name').execute();
  return { datasets, datasetNames: all.map((row) => row.name) };
}
