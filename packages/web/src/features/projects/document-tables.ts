/**
 * The tables as the document describes them, for a project whose model the server could not
 * build (it has problems, and the model view then lists no tables): the page still draws what
 * the user wrote, so they can see what to fix. Counts are unknown; references come from the
 * Reference fields, grouped by parent table and link as the engine groups them.
 */
import type { ModelTable, ProjectDocument, TableReference } from '@rowloom/contract';

type Field = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function referencesOf(table: ProjectDocument['tables'][number]): TableReference[] {
  const links = new Map<string, TableReference>();
  for (const field of table.fields as Field[]) {
    if (field.type !== 'Reference') continue;
    const parent = text(field.table);
    const link = text(field.link) || parent;
    const key = `${parent}\u0000${link}`;
    const reference = links.get(key) ?? {
      fields: [],
      table: parent,
      columns: [],
      link,
      children: null,
      optional: false,
      self: parent === table.name,
      deferred: false,
    };
    reference.fields.push(text(field.name));
    reference.columns.push(text(field.column));
    const children = text(field.children);
    if (children && children !== 'none') reference.children = children;
    if (typeof field.optional === 'number' && field.optional > 0) reference.optional = true;
    links.set(key, reference);
  }
  return [...links.values()];
}

export function tablesFromDocument(project: string, document: ProjectDocument): ModelTable[] {
  return document.tables.map((table) => {
    const keys = new Set(table.primary_key ?? []);
    return {
      name: table.name,
      schema: `${project}/${table.name}`,
      count: null,
      columns: (table.fields as Field[]).map((field) => ({
        name: text(field.name),
        type: text(field.type),
        key: keys.has(text(field.name)),
      })),
      references: referencesOf(table),
    };
  });
}
