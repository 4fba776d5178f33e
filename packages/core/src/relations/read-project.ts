/**
 * Reads and checks a project document (project-document.ts) into a ProjectModel: every problem
 * at once, each naming where it is ("tables[1] (orders), field customer_id: ..."). The fields
 * themselves are checked by compiling each table (check-project.ts); this reads what relations
 * need before anything compiles: the tables, their counts and their references.
 */
import { resolveParams } from '../schema/params.js';
import { PROJECT_FORMAT_VERSION, type ProjectDocument, type ProjectTable } from './project-document.js';
import type { LinkModel, ProjectModel, TableModel } from './project-model.js';
import { checkReferenceParams, REFERENCE_PARAMS, referenceSettings } from '../types/reference-params.js';
import { orderTables } from './table-order.js';

export const MAX_TABLES = 200;
export const DEFAULT_TABLE_COUNT = 1000;
const TABLE_NAME = /^[A-Za-z_][A-Za-z0-9_$]*(\.[A-Za-z_][A-Za-z0-9_$]*)?$/;
export const REFERENCE_TYPE = 'Reference';

export class ProjectError extends Error {
  constructor(readonly problems: string[]) {
    super(
      problems.length === 1 ? problems[0] : `the project has ${problems.length} problems:\n- ${problems.join('\n- ')}`,
    );
    this.name = 'ProjectError';
  }
}

/** Whether a parsed JSON file is a project document rather than a schema. */
export function isProjectDocument(input: unknown): boolean {
  return typeof input === 'object' && input !== null && !Array.isArray(input) && 'rowloom_project' in input;
}

export function readProject(input: unknown): ProjectModel {
  const problems: string[] = [];
  const document = readDocument(input, problems);
  const tables = document.tables.map((table, index) => readTable(table, index, problems));
  if (problems.length === 0) checkReferences(tables, problems);
  if (problems.length > 0) throw new ProjectError(problems);
  const { loadOrder, deferred } = orderTables(tables);
  return { document, tables, loadOrder, deferred };
}

function readDocument(input: unknown, problems: string[]): ProjectDocument {
  const fail = (message: string): never => {
    throw new ProjectError([message]);
  };
  if (!isProjectDocument(input))
    fail('a project is a JSON object with "rowloom_project": 1, a "name" and "tables" (docs/relations.md)');
  const document = input as ProjectDocument;
  if (document.rowloom_project !== PROJECT_FORMAT_VERSION)
    fail(`rowloom_project must be ${PROJECT_FORMAT_VERSION} (the format this Rowloom reads)`);
  if (typeof document.name !== 'string' || document.name.trim() === '') problems.push('the project needs a "name"');
  if (!Array.isArray(document.tables) || document.tables.length === 0)
    fail('the project needs "tables": a list of at least one table');
  if (document.tables.length > MAX_TABLES)
    fail(`the project has ${document.tables.length} tables; at most ${MAX_TABLES} are allowed`);
  const seed = document.seed;
  if (seed !== undefined && seed !== null && typeof seed !== 'string' && typeof seed !== 'number')
    problems.push('seed must be text or a number');
  return document;
}

function readTable(raw: unknown, index: number, problems: string[]): TableModel {
  const table = (typeof raw === 'object' && raw !== null ? raw : {}) as ProjectTable;
  const where = `tables[${index}]${typeof table.name === 'string' ? ` (${table.name})` : ''}`;
  const report = (message: string) => problems.push(`${where}: ${message}`);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    report('a table is an object with "name" and "fields"');
  else if (typeof table.name !== 'string' || !TABLE_NAME.test(table.name))
    report('"name" must be a table name: letters, digits, _ and $, not starting with a digit (schema.table allowed)');
  if (!Array.isArray(table.fields) || table.fields.length === 0)
    report('"fields" must be a list of at least one field');
  const count = table.count ?? DEFAULT_TABLE_COUNT;
  if (!Number.isSafeInteger(count) || count < 0)
    report(`"count" must be a whole number of at least 0, got ${JSON.stringify(table.count)}`);
  const links = Array.isArray(table.fields) ? readLinks(table, report) : [];
  const driving = links.filter((link) => link.driving);
  if (driving.length > 1)
    report(
      `only one reference may have children (it sets the row count); ${driving.map((l) => l.fields[0].field).join(' and ')} both do`,
    );
  return { name: table.name, source: table, count, links, driving: driving[0] ?? null };
}

/** The table's Reference fields, grouped by parent table and link. */
function readLinks(table: ProjectTable, report: (message: string) => void): LinkModel[] {
  const links = new Map<string, LinkModel>();
  for (const raw of table.fields) {
    const field = raw as Record<string, unknown>;
    if (typeof field !== 'object' || field === null || field.type !== REFERENCE_TYPE) continue;
    const name = String(field.name);
    const fieldReport = (param: string | null, message: string) =>
      report(`field ${name}${param ? `, ${param}` : ''}: ${message}`);
    const { type: _type, name: _name, percentBlank: _blank, formula: _formula, ...params } = field;
    const resolved = resolveParams(REFERENCE_PARAMS, params, fieldReport);
    checkReferenceParams(resolved, fieldReport);
    if (resolved.table === undefined || resolved.column === undefined) continue;
    const settings = referenceSettings(resolved);
    const key = `${settings.table}\u0000${settings.link}`;
    const link = links.get(key);
    if (link) link.fields.push({ field: name, column: settings.column });
    else
      links.set(key, {
        table: settings.table,
        link: settings.link,
        fields: [{ field: name, column: settings.column }],
        settings,
        driving: settings.children !== null,
        self: settings.table === table.name,
      });
  }
  return [...links.values()];
}

/** Every reference names a table of the project and one of its fields; self-references never drive. */
function checkReferences(tables: TableModel[], problems: string[]): void {
  const byName = new Map<string, TableModel>();
  for (const table of tables) {
    if (byName.has(table.name)) problems.push(`two tables are named ${table.name}`);
    byName.set(table.name, table);
  }
  for (const table of tables)
    for (const link of table.links) {
      const parent = byName.get(link.table);
      const where = `table ${table.name}, field ${link.fields[0].field}`;
      if (!parent) {
        problems.push(`${where}: no table is named ${link.table} (tables: ${[...byName.keys()].join(', ')})`);
        continue;
      }
      const columns = parent.source.fields.map((f) => String((f as { name?: unknown }).name));
      for (const { field, column } of link.fields)
        if (!columns.includes(column))
          problems.push(
            `table ${table.name}, field ${field}: table ${link.table} has no field ${column} (fields: ${columns.join(', ')})`,
          );
      if (link.self && link.driving) problems.push(`${where}: a reference to its own table cannot have children`);
    }
  checkDrivingCycles(tables, byName, problems);
}

/** A table's count depends on its driving parent's: those edges must not loop. */
function checkDrivingCycles(tables: TableModel[], byName: Map<string, TableModel>, problems: string[]): void {
  for (const table of tables) {
    const seen = new Set<string>([table.name]);
    for (let at = table.driving; at; at = byName.get(at.table)?.driving ?? null) {
      if (seen.has(at.table)) {
        problems.push(
          `table ${table.name}: its row count depends on itself through references with children (${[...seen, at.table].join(' -> ')})`,
        );
        break;
      }
      seen.add(at.table);
    }
  }
}
