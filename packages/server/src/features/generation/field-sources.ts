/** Everything a field list reads from storage, loaded together: its datasets and its scenarios. */
import type { Kysely } from 'kysely';
import { datasetsForFields, type DatasetsForFields } from '../datasets/datasets-store.js';
import type { DatasetTexts } from '../datasets/dataset-texts.js';
import type { Tables } from '../../db/tables.js';
import { scenariosForFields, type ScenariosForFields } from '../scenarios/scenarios-store.js';

export type FieldSources = DatasetsForFields & ScenariosForFields;

/**
 * Datasets come as their stored text, from `texts`: parsed on the generation threads only (call
 * checkOnThreads before compiling on this thread, which then sees columns and row counts).
 */
export async function sourcesForFields(
  db: Kysely<Tables>,
  userId: string,
  fields: unknown[],
  texts: DatasetTexts,
): Promise<FieldSources> {
  const [datasets, scenarios] = await Promise.all([
    datasetsForFields(db, userId, fields, texts),
    scenariosForFields(db, userId, fields),
  ]);
  return { ...datasets, ...scenarios };
}
