/** Everything a field list reads from storage, loaded together: its datasets and its scenarios. */
import type { Kysely } from 'kysely';
import { datasetsForFields, type DatasetsForFields } from './datasets.js';
import type { Tables } from './db/tables.js';
import { scenariosForFields, type ScenariosForFields } from './scenarios.js';

export type FieldSources = DatasetsForFields & ScenariosForFields;

export async function sourcesForFields(db: Kysely<Tables>, userId: string, fields: unknown[]): Promise<FieldSources> {
  const [datasets, scenarios] = await Promise.all([datasetsForFields(db, userId, fields), scenariosForFields(db, userId, fields)]);
  return { ...datasets, ...scenarios };
}
