/**
 * A generate request or a schema check for one table of a project (`project=shop&table=orders`,
 * as the builder sends for a table it opened from a project): the request's fields stand in for
 * the table's stored ones, and its Reference fields read the project's other tables, as the
 * project's own files do. Counts come from the stored project, checked on a thread, so this
 * thread never draws a parent table's children.
 */
import type { FastifyRequest } from 'fastify';
import { ProjectError, readProject, type ProjectDocument, type RelationsSetup } from '@rowloom/core';
import { badRequest } from '../../http/http-error.js';
import { queryText, type Query } from '../../http/query.js';
import { planOf, projectContext, type ProjectStores } from './project-context.js';

/** The query parameters that say which project's table the fields are (generate and schema-check describe them). */
export const PROJECT_TABLE_QUERY = {
  project: {
    type: 'string',
    maxLength: 200,
    description:
      'A project of related tables: the fields are its table `table`, and their References read its other tables',
  },
  table: { type: 'string', maxLength: 128, description: 'With `project`: which of its tables the fields are' },
};

export interface TableInProject {
  relations: RelationsSetup;
  /** Every table's fields: the datasets and scenarios they read are the generation's too. */
  sourceFields: unknown[];
}

export async function tableInProject(
  request: FastifyRequest,
  query: Query,
  fields: unknown[],
  stores: ProjectStores,
): Promise<TableInProject | null> {
  const name = queryText(query, 'project');
  if (name === undefined || name === '') return null;
  const table = queryText(query, 'table');
  if (!table)
    throw badRequest('parameter "table" names the table of project ' + JSON.stringify(name) + ' these fields are');
  const context = await projectContext(request, name, stores);
  const stored = context.document;
  if (!stored.tables.some((t) => t.name === table))
    throw badRequest(
      `project "${name}" has no table ${table} (tables: ${stored.tables.map((t) => t.name).join(', ')})`,
    );
  const draft: ProjectDocument = {
    ...stored,
    tables: stored.tables.map((t) => (t.name === table ? { ...t, fields } : t)),
  };
  const plan = await planOf(context);
  // This table's own count follows its draft (its reference's children may have changed).
  const counts = plan.ok ? Object.fromEntries(Object.entries(plan.counts).filter(([t]) => t !== table)) : {};
  return {
    relations: { model: modelOf(draft), seed: plan.ok ? plan.seed : (stored.seed ?? name), table, counts },
    sourceFields: draft.tables.flatMap((t) => t.fields),
  };
}

function modelOf(document: ProjectDocument) {
  try {
    return readProject(document);
  } catch (error) {
    if (error instanceof ProjectError) throw badRequest(`project "${document.name}": ${error.problems.join('; ')}`);
    throw error;
  }
}
