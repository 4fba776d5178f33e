/**
 * What the project page draws: the document with each table's count, columns and references,
 * the load order and the problems, from the document (read here, cheaply) and the counts and
 * checks made on a thread (project-plan-thread.ts).
 */
import { ProjectError, readProject, type ProjectDocument, type ProjectModel, type TableModel } from '@rowloom/core';
import type { ModelTable, ProjectModelView, TableReference } from '@rowloom/contract';
import type { PlanReply } from './project-plan-worker.js';

export function modelView(
  document: ProjectDocument,
  schemas: Record<string, string>,
  plan: PlanReply,
): ProjectModelView {
  let model: ProjectModel | null = null;
  try {
    model = readProject(document);
  } catch (error) {
    if (!(error instanceof ProjectError)) throw error;
  }
  const counts = plan.ok ? plan.counts : {};
  return {
    // Stored tables' fields are records: saves are checked against the contract's ProjectDocument.
    document: document as ProjectModelView['document'],
    tables: model ? model.tables.map((table) => modelTable(table, model!, schemas, counts)) : [],
    load_order: model?.loadOrder ?? [],
    seed: plan.ok ? plan.seed : (document.seed ?? ''),
    problems: plan.ok ? [] : plan.problems,
    warnings: plan.ok ? plan.warnings : [],
  };
}

function modelTable(
  table: TableModel,
  model: ProjectModel,
  schemas: Record<string, string>,
  counts: Record<string, number>,
): ModelTable {
  const key = new Set(table.source.primary_key ?? []);
  const fields = table.source.fields as { name?: unknown; type?: unknown }[];
  return {
    name: table.name,
    schema: schemas[table.name] ?? table.name,
    count: Object.hasOwn(counts, table.name) ? counts[table.name] : null,
    columns: fields.map((f) => ({ name: String(f.name), type: String(f.type), key: key.has(String(f.name)) })),
    references: table.links.map((link): TableReference => ({
      fields: link.fields.map((f) => f.field),
      table: link.table,
      columns: link.fields.map((f) => f.column),
      link: link.link,
      children: link.settings.children?.kind ?? null,
      optional: link.settings.optional > 0,
      self: link.self,
      deferred: model.deferred.some((d) => d.table === table.name && d.link === link.link),
    })),
  };
}
