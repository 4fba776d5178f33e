/**
 * Checking handler bodies when a mock API is saved, with core's checkHandler (every problem at
 * its line and column) and handlerSchemaNames (the saved schemas it names must exist).
 * from_dataset calls are checked against the owner's datasets, so the datasets a handler may
 * name are loaded first: those whose names appear in a handler's source, at most MAX_DATASETS.
 * They come as their stored text (DatasetTexts): the check reads their columns, never a row, so
 * saving a mock API costs this thread the same whatever its datasets' sizes.
 */
import { checkHandler, handlerSchemaNames, type DatasetText } from '@rowloom/core';
import type { Kysely } from 'kysely';
import type { DatasetTexts } from '../datasets/dataset-texts.js';
import type { Tables } from '../../db/tables.js';
import type { HandlerCheck } from './mock-validate-body.js';
import { isObject } from './mock-problems.js';

const MAX_DATASETS = 20;

/** The handler sources of a document as sent (not yet validated: anything may be anywhere). */
export function handlerSources(json: unknown): string[] {
  const sources: string[] = [];
  const routes = isObject(json) && Array.isArray(json.routes) ? json.routes : [];
  for (const route of routes) {
    const responses = isObject(route) && Array.isArray(route.responses) ? route.responses : [];
    for (const response of responses) {
      const body = isObject(response) && isObject(response.body) ? response.body : undefined;
      if (body?.type === 'handler' && typeof body.source === 'string') sources.push(body.source);
    }
  }
  return sources;
}

/** A checker for readMockApi, with the owner's datasets the document's handlers may join on loaded. */
export async function handlerChecker(
  db: Kysely<Tables>,
  userId: string,
  json: unknown,
  texts: DatasetTexts,
): Promise<(source: string) => HandlerCheck> {
  const joining = handlerSources(json).filter((source) => source.includes('from_dataset'));
  let datasets: Record<string, DatasetText> = {};
  if (joining.length > 0) {
    const names = (await db.selectFrom('datasets').select('name').where('user_id', '=', userId).execute()).map(
      (row) => row.name,
    );
    const named = names.filter((name) => joining.some((source) => source.includes(name))).slice(0, MAX_DATASETS);
    if (named.length > 0) datasets = await texts.named(db, userId, named);
  }
  // A document often repeats one handler across responses: each distinct source compiles once.
  const checked = new Map<string, HandlerCheck>();
  return (source) => {
    let check = checked.get(source);
    if (!check)
      checked.set(
        source,
        (check = { problems: checkHandler(source, datasets), schemaNames: handlerSchemaNames(source) }),
      );
    return check;
  };
}
