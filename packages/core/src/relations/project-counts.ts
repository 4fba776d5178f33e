/**
 * How many rows each table of a project has, and, for a table that a reference with children
 * drives, which parent each row belongs to (DrivenRows). Computed once per thread and
 * generation, from the seed alone: every thread that makes a table's rows agrees.
 */
import { combineKeys, hashString, seedKey } from '../random/counter-random.js';
import { childrenSampler } from './distributions.js';
import { curveOf, type Curve } from '../scenarios/interpolate.js';
import type { Scenarios } from '../scenarios/scenario.js';
import type { ChildrenRule } from '../types/reference-params.js';
import { DrivenRows } from './driven-rows.js';
import { tableOf, type ProjectModel, type TableModel } from './project-model.js';

/** The seed a table's own rows come from: the project's seed and the table's name. */
export function tableSeed(seed: string | number, table: string): string {
  return `${seed}:${table}`;
}

export class ProjectCounts {
  private readonly drivenRows = new Map<string, DrivenRows | null>();

  /**
   * `known`: the counts a caller worked out before (another thread's all()), so this thread
   * only draws the parents' children when it makes rows of a driven table, never to count.
   */
  constructor(
    readonly model: ProjectModel,
    readonly seed: string | number,
    private readonly known: Readonly<Record<string, number>> = {},
    /** The scenarios a children scenario names (CompileOptions.scenarios). */
    private readonly scenarios: Scenarios = {},
  ) {}

  table(name: string): TableModel {
    const table = tableOf(this.model, name);
    if (!table) throw new Error(`the project has no table ${name}`);
    return table;
  }

  /** The seed key of the table's rows. */
  seedKey(name: string): number {
    return seedKey(tableSeed(this.seed, name));
  }

  /** The table's row count. */
  count(name: string): number {
    if (Object.hasOwn(this.known, name)) return this.known[name];
    return this.driven(name)?.total ?? this.table(name).count;
  }

  /** The table's rows by parent, when a link with children drives it. */
  driven(name: string): DrivenRows | null {
    if (!this.drivenRows.has(name)) this.drivenRows.set(name, this.makeDriven(this.table(name)));
    return this.drivenRows.get(name)!;
  }

  private makeDriven(table: TableModel): DrivenRows | null {
    const link = table.driving;
    if (!link) return null;
    const key = combineKeys(this.seedKey(table.name), hashString(`children:${link.link}`));
    const rule = link.settings.children!;
    return new DrivenRows(this.count(link.table), childrenSampler(rule, this.curveOf(rule, table.name)), key);
  }

  /** A children scenario's curve; its name must be among the scenarios given. */
  private curveOf(rule: ChildrenRule, table: string): Curve | undefined {
    if (rule.kind !== 'scenario') return undefined;
    if (!Object.hasOwn(this.scenarios, rule.scenario))
      throw new Error(`no scenario is named ${rule.scenario} (the rows per parent of table ${table} follow it)`);
    const { points, interpolation } = this.scenarios[rule.scenario];
    return curveOf(points, interpolation);
  }

  /** Every table's row count, by name. */
  all(): Record<string, number> {
    return Object.fromEntries(this.model.tables.map((table) => [table.name, this.count(table.name)]));
  }
}
