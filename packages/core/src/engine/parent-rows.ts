/**
 * The rows of a project's table as other tables read them (a child its parent's key, a parent
 * its children's amounts): the columns some child asked for
 * (and the fields those read), made on demand for one parent row at a time. Rows are pure
 * functions of their index, so parent row p here is exactly row p of the table's own file, and
 * nothing is kept but the last row made: children come in parent order, so most reads hit it.
 */
import type { FieldPlan, SchemaPlan } from '../schema/compile.js';
import type { Value } from '../kernel/values.js';
import { RowEngine } from './row-engine.js';

export class ParentRows {
  private readonly needed = new Set<string>();
  private engine: RowEngine | null = null;
  private slots = new Map<string, number>();
  private lastIndex = -1;
  private lastValues: Value[] = [];
  private making = false;

  /**
   * `compile` gives the table's plan: called once, at the first row a child reads (by then every
   * child field has said which columns it needs).
   */
  constructor(
    readonly table: string,
    private readonly compile: () => SchemaPlan,
    private readonly seedKey: number,
  ) {}

  /** Says a child will read `column` (a top-level field of the table). */
  need(column: string): void {
    if (this.needed.has(column)) return;
    this.needed.add(column);
    this.engine = null; // made again with the new column at the next read
  }

  /** Column `column` of row `index`. */
  value(index: number, column: string): Value {
    if (index !== this.lastIndex || this.engine === null) this.make(index);
    return this.lastValues[this.slots.get(column)!];
  }

  private make(index: number): void {
    if (this.making)
      throw new Error(
        `the key columns of table ${this.table} read table ${this.table} again through references: a key cannot depend on itself`,
      );
    this.making = true;
    try {
      this.engine ??= this.build();
      this.lastValues = this.engine.row(index);
      this.lastIndex = index;
    } finally {
      this.making = false;
    }
  }

  private build(): RowEngine {
    const plan = this.compile();
    const byName = new Map(plan.root.fields.map((field) => [field.name, field]));
    const wanted = new Set<FieldPlan>();
    const add = (field: FieldPlan) => {
      if (wanted.has(field)) return;
      wanted.add(field);
      for (const read of plan.dependsOn.get(field) ?? []) add(read);
    };
    this.slots = new Map();
    for (const column of this.needed) {
      const field = byName.get(column);
      if (!field) throw new Error(`table ${this.table} has no field ${column}`);
      this.slots.set(column, field.slot);
      add(field);
    }
    this.lastIndex = -1;
    return new RowEngine(plan, this.seedKey, wanted);
  }
}
