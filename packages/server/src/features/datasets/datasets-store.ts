/**
 * Datasets: an upload read into a table (column names from the first row) on a thread of its own
 * (dataset-parser.ts), stored per user as JSON texts with its first rows apart, and handed to the
 * engine as those texts when a schema's fields read them (DatasetTexts): the thread that answers
 * requests never parses a dataset's rows.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { referencedDatasetNames, type DatasetText } from '@rowloom/core';
import type { Tables } from '../../db/tables.js';
import { previewOfRows, type StoredUpload } from './dataset-parser.js';
import { checkDatasetStorage, type StorageLimits } from './dataset-storage.js';
import type { DatasetTexts } from './dataset-texts.js';
import type { DatasetSummary } from '@rowloom/contract';

export type { DatasetSummary };

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
export async function saveDataset(
  db: Kysely<Tables>,
  userId: string,
  name: string,
  table: StoredUpload,
  options: SaveOptions,
): Promise<void> {
  const content = {
    columns: table.columnsJson,
    rows: table.rowsJson,
    preview: table.previewJson,
    row_count: table.rowCount,
    bytes: table.bytes,
    revision: randomUUID(),
    filename: options.filename,
    updated_at: new Date().toISOString(),
  };
  await db.transaction().execute(async (tx) => {
    await checkDatasetStorage(tx, userId, name, table.bytes, options.limits);
    await tx
      .insertInto('datasets')
      .values({ id: randomUUID(), user_id: userId, name, project_id: options.projectId, ...content })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'name'])
          .doUpdateSet(options.projectId === null ? content : { ...content, project_id: options.projectId }),
      )
      .execute();
  });
}

export async function deleteDataset(db: Kysely<Tables>, userId: string, name: string): Promise<boolean> {
  const result = await db
    .deleteFrom('datasets')
    .where('user_id', '=', userId)
    .where('name', '=', name)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

function summaryQuery(db: Kysely<Tables>, userId: string) {
  return db
    .selectFrom('datasets')
    .leftJoin('projects', 'projects.id', 'datasets.project_id')
    .select([
      'datasets.name',
      'datasets.row_count',
      'datasets.columns',
      'datasets.filename',
      'datasets.updated_at',
      'projects.name as project',
    ])
    .where('datasets.user_id', '=', userId);
}

function toSummary(row: {
  name: string;
  row_count: number;
  columns: string;
  filename: string | null;
  updated_at: string;
  project: string | null;
}): DatasetSummary {
  return {
    name: row.name,
    rows: Number(row.row_count),
    columns: JSON.parse(row.columns) as string[],
    project: row.project,
    filename: row.filename,
    updated_at: row.updated_at,
  };
}

export async function listDatasets(db: Kysely<Tables>, userId: string): Promise<DatasetSummary[]> {
  const rows = await summaryQuery(db, userId).orderBy('datasets.name').execute();
  return rows.map(toSummary);
}

/** The summary and the first rows (DATASET_PREVIEW_ROWS), read without the others. */
export async function findDataset(
  db: Kysely<Tables>,
  userId: string,
  name: string,
): Promise<(DatasetSummary & { preview: string[][] }) | undefined> {
  const row = await summaryQuery(db, userId)
    .select(['datasets.id', 'datasets.preview'])
    .where('datasets.name', '=', name)
    .executeTakeFirst();
  if (!row) return undefined;
  const preview = row.preview ?? (await keepPreview(db, row.id, row.updated_at));
  return { ...toSummary(row), preview: JSON.parse(preview) as string[][] };
}

/** Previews being made, by dataset id: requests for the same one at once share it. */
const previewsMaking = new Map<string, Promise<string>>();

/**
 * A dataset stored before previews were kept apart: its preview is made from its rows on a
 * thread, once however many ask at the same time, and kept, unless the dataset was replaced meanwhile.
 */
function keepPreview(db: Kysely<Tables>, id: string, updatedAt: string): Promise<string> {
  let making = previewsMaking.get(id);
  if (!making) {
    making = (async () => {
      const { rows } = await db.selectFrom('datasets').select('rows').where('id', '=', id).executeTakeFirstOrThrow();
      const preview = await previewOfRows(rows);
      await db
        .updateTable('datasets')
        .set({ preview })
        .where('id', '=', id)
        .where('updated_at', '=', updatedAt)
        .where('preview', 'is', null)
        .execute();
      return preview;
    })().finally(() => previewsMaking.delete(id));
    previewsMaking.set(id, making);
  }
  return making;
}

/** What compileSchema and generate take as `datasets` and `datasetNames`. */
export interface DatasetsForFields {
  datasets: Record<string, DatasetText>;
  /** All the user's dataset names, for the engine's message; only read when a name was missing. */
  datasetNames?: string[];
}

/**
 * The user's datasets that the fields name, as their stored text (DatasetTexts): parsed where rows
 * are made, after checkOnThreads found what only the rows show.
 */
export async function datasetsForFields(
  db: Kysely<Tables>,
  userId: string,
  fields: unknown[],
  texts: DatasetTexts,
): Promise<DatasetsForFields> {
  // A name with NUL cannot be stored (PostgreSQL text refuses it), so it names no dataset: the
  // engine then reports it missing, as for any other unknown name.
  const names = referencedDatasetNames(fields).filter((name) => !name.includes('\u0000'));
  if (names.length === 0) return { datasets: {} };
  const datasets = await texts.named(db, userId, names);
  if (Object.keys(datasets).length === names.length) return { datasets };
  const all = await db.selectFrom('datasets').select('name').where('user_id', '=', userId).orderBy('name').execute();
  return { datasets, datasetNames: all.map((row) => row.name) };
}
