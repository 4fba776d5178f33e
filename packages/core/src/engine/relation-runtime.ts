/**
 * The relations of a project's tables on one thread of one generation: each table's
 * TableRelations (kernel/define-type.ts) reads parent rows through a LinkPicker (which parent)
 * and ParentRows (the parent's columns, made on demand). Built from plain data (RelationsSetup),
 * so every worker thread builds its own and agrees with the others.
 */
import type { FieldReference, ResolvedParams, RowState, TableRelations } from '../kernel/define-type.js';
import type { Value } from '../kernel/values.js';
import { combineKeys, hashString } from '../random/counter-random.js';
import { compileSchema, type CompileOptions } from '../schema/compile.js';
import { resolveParams } from '../schema/params.js';
import { findType } from '../types/registry.js';
import { referenceSettings } from '../types/reference-params.js';
import { fieldDateFormat } from '../formula/field-dates.js';
import { LinkPicker, NO_PARENT } from '../relations/link-picker.js';
import { ProjectCounts } from '../relations/project-counts.js';
import type { LinkModel, ProjectModel, TableModel } from '../relations/project-model.js';
import { ParentRows } from './parent-rows.js';
import { generationUuid } from './seed.js';

/** Which table of which project a generation makes (plain data: it travels to worker threads). */
export interface RelationsSetup {
  model: ProjectModel;
  /** The project's seed (each table's own is derived from it, relations/project-counts.ts). */
  seed: string | number;
  table: string;
  /** Every table's row count when the caller has it (ProjectPlan.counts): threads then skip counting. */
  counts?: Record<string, number>;
}

export class ProjectRuntime {
  readonly counts: ProjectCounts;
  private readonly parents = new Map<string, ParentRows>();
  private readonly tables = new Map<string, TableRelations>();

  /** `base`: the generation's compile options (datasets, clock...), which parent tables compile with too. */
  constructor(
    model: ProjectModel,
    seed: string | number,
    private readonly base: CompileOptions,
    knownCounts?: Record<string, number>,
  ) {
    this.counts = new ProjectCounts(model, seed, knownCounts, base.scenarios);
  }

  relationsOf(table: string): TableRelations {
    let relations = this.tables.get(table);
    if (!relations) this.tables.set(table, (relations = new ProjectTableRelations(this, this.counts.table(table))));
    return relations;
  }

  /** The options a table compiles with in this project. */
  compileOptions(table: string): CompileOptions {
    const key = this.counts.seedKey(table);
    return {
      ...this.base,
      rowCount: this.counts.count(table),
      generationUuid: generationUuid(key),
      relations: this.relationsOf(table),
    };
  }

  parentRows(table: string): ParentRows {
    let rows = this.parents.get(table);
    if (!rows) {
      const fields = this.counts.table(table).source.fields;
      rows = new ParentRows(table, () => compileSchema(fields, this.compileOptions(table)), this.counts.seedKey(table));
      this.parents.set(table, rows);
    }
    return rows;
  }
}

/** A table's TableRelations: its Reference fields and `link.column` formulas. */
class ProjectTableRelations implements TableRelations {
  readonly table: string;
  private readonly pickers = new Map<LinkModel, LinkPicker>();

  constructor(
    private readonly runtime: ProjectRuntime,
    private readonly model: TableModel,
  ) {
    this.table = model.name;
  }

  reference(field: string, params: ResolvedParams): ((row: RowState) => Value) | string {
    const settings = referenceSettings(params);
    const link = this.model.links.find((l) => l.table === settings.table && l.link === settings.link);
    if (!link) return `field ${field} is not among table ${this.table}'s references (read the project again)`;
    if (link.settings.distinct && !this.model.driving)
      return 'distinct needs another reference of the table with children (the parent its rows are distinct within)';
    return this.reader(link, settings.column);
  }

  related(name: string, column: string): FieldReference | string | undefined {
    const link = this.linkNamed(name);
    if (typeof link !== 'object') return link;
    const parentField = this.runtime.counts
      .table(link.table)
      .source.fields.find((f) => (f as { name?: unknown }).name === column) as Record<string, unknown> | undefined;
    if (!parentField) return `table ${link.table} has no field ${column}`;
    const read = this.reader(link, column);
    return { read, characters: () => null, date: dateFormatOf(parentField) };
  }

  childNumber(): ((row: RowState) => number) | string {
    if (!this.model.driving)
      return `Child Number counts the rows of one parent, and no reference of table ${this.table} has children`;
    const counts = this.runtime.counts;
    return (row) => counts.driven(this.table)!.locate(row.rowIndex).ordinal + 1;
  }

  children(table: string, column: string): ((row: RowState) => Value[]) | string {
    const child = this.runtime.counts.model.tables.find((t) => t.name === table);
    if (child?.driving?.table !== this.table)
      return `children reads a table whose reference with children points at ${this.table}, and ${child ? `table ${table}'s does not` : `no table is named ${table}`}`;
    if (!child.source.fields.some((f) => (f as { name?: unknown }).name === column))
      return `table ${table} has no field ${column}`;
    const rows = this.runtime.parentRows(table);
    rows.need(column);
    const counts = this.runtime.counts;
    return (row) => {
      const { start, count } = counts.driven(table)!.rowsOf(row.rowIndex);
      const values: Value[] = new Array(count);
      for (let i = 0; i < count; i++) values[i] = rows.value(start + i, column);
      return values;
    };
  }

  /** `parent`: the link with children (or the only link); else a link's name or its table's. */
  private linkNamed(name: string): LinkModel | string | undefined {
    const links = this.model.links;
    if (name === 'parent') {
      const parent = this.model.driving ?? (links.length === 1 ? links[0] : null);
      return (
        parent ??
        `parent means the reference with children, and table ${this.table} has ${links.length === 0 ? 'no references' : 'none: name the link or table instead'}`
      );
    }
    const byLink = links.filter((l) => l.link === name);
    if (byLink.length === 1) return byLink[0];
    const byTable = links.filter((l) => l.table === name);
    if (byTable.length === 1) return byTable[0];
    if (byTable.length > 1)
      return `table ${this.table} refers to ${name} through ${byTable.length} links (${byTable.map((l) => l.link).join(', ')}): name the link`;
    return undefined;
  }

  private reader(link: LinkModel, column: string): (row: RowState) => Value {
    const picker = this.picker(link);
    const parents = this.runtime.parentRows(link.table);
    parents.need(column);
    return (row) => {
      const parent = picker.parentOf(row.rowIndex);
      return parent === NO_PARENT ? null : parents.value(parent, column);
    };
  }

  private picker(link: LinkModel): LinkPicker {
    let picker = this.pickers.get(link);
    if (!picker) {
      const { counts } = this.runtime;
      const key = combineKeys(counts.seedKey(this.table), hashString(`link:${link.table}:${link.link}`));
      picker = new LinkPicker(link, counts.count(link.table), () => counts.driven(this.table), key);
      this.pickers.set(link, picker);
    }
    return picker;
  }
}

/** How a formula reads a parent's Date, Datetime or Time column back as a date. */
function dateFormatOf(field: Record<string, unknown>) {
  const type = findType(String(field.type));
  if (!type) return undefined;
  const { name: _name, type: _type, ...params } = field;
  return fieldDateFormat(
    type.output,
    resolveParams(type.params, params, () => {}),
  );
}

/** The TableRelations a generation of one table of a project compiles with. */
export function projectRelations(setup: RelationsSetup, base: CompileOptions): TableRelations {
  return new ProjectRuntime(setup.model, setup.seed, base, setup.counts).relationsOf(setup.table);
}
