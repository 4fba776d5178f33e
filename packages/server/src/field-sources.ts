/** Everything a field list reads from storage, loaded together: its datasets and its scenarios. */
import type { Kysely } from 'kysely';
import { datasetsForFields, type DatasetsForFields } from './datasets.js';
import type { DatasetTexts } from './dataset-texts.js';
import type { Tables } from './db/tables.js';
import { scenariosForFields, type ScenariosForFields } from './scenarios.js';

export type FieldSources = DatasetsForFields & ScenariosForFields;

/**
 * `texts`: datasets as stored text (for a generation on the shared pool, after checkOnThreads:
 * parsed on its threads only); without it, parsed tables.
 */
export async function sourcesForFields(db: Kysely<Tables>, userId: string, fields: unknown[], texts?: DatasetTexts): Promise<FieldSources> {
  const [datasets, scenarios] = await Promise.all([datasetsForFields(db, userId, fields, texts), scenariosForFields(db, userId, fields)]);
  return { ...datasets, ...scenarios };
}
