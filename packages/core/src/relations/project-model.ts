/**
 * A project after reading (read-project.ts): its tables with their references grouped into
 * links, the order tables load in, and the references that close a cycle. Plain data, so it
 * travels to worker threads with a generation's setup.
 */
import type { ProjectDocument, ProjectTable } from './project-document.js';
import type { ReferenceSettings } from '../types/reference-params.js';

/** The references of one table to one parent row: one field, or several for a composite key. */
export interface LinkModel {
  /** The parent table. */
  table: string;
  link: string;
  /** The Reference fields of the link, with the parent column each reads. */
  fields: { field: string; column: string }[];
  /** The settings of the link's first field (its children, pick, distinct and optional). */
  settings: ReferenceSettings;
  /** Whether this link sets the table's row count (it has `children`). */
  driving: boolean;
  /** A reference to the table's own rows (an employee's manager): it picks an earlier row. */
  self: boolean;
}

export interface TableModel {
  name: string;
  /** The table as the document gives it. */
  source: ProjectTable;
  /** The row count when no link drives the table. */
  count: number;
  links: LinkModel[];
  /** The link with children, when there is one. */
  driving: LinkModel | null;
}

export interface ProjectModel {
  document: ProjectDocument;
  /** In the document's order. */
  tables: TableModel[];
  /** Table names, parents before children (the order of files, scripts and loads). */
  loadOrder: string[];
  /**
   * References that close a cycle between tables: in a load they are written as NULL and set
   * once every table is in (docs/relations.md, "Cycles").
   */
  deferred: { table: string; link: string; fields: string[] }[];
}

export function tableOf(model: ProjectModel, name: string): TableModel | undefined {
  return model.tables.find((table) => table.name === name);
}
