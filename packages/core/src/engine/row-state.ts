/**
 * The mutable state of the row (or item) being generated. The root state is reused for every
 * row of a run; items get their own. Family records are cached per state and family instance,
 * so every field of a family reads the same record within one row or item (unless it reads a
 * later instance: see schema/family-instances.ts), and a new row draws a new one.
 */
import type { CounterRandom } from '../random/counter-random.js';
import type { FamilyDefinition, RowState } from '../kernel/define-type.js';
import type { Value } from '../kernel/values.js';
import type { FamilyRandoms } from './family-randoms.js';

export class MutableRowState implements RowState {
  index = 0;
  rowIndex = 0;
  key = 0;
  /** The family instance the field being generated reads (set by the engine before each field). */
  familyInstance = 0;
  /**
   * The family cache is a few parallel arrays scanned linearly (a schema uses a handful of
   * families at most) and validated by a stamp that moves with every row, so moving to the
   * next row costs one increment instead of clearing a map: this runs for every field of a
   * family on every row.
   */
  private stamp = 0;
  private readonly familyDefinitions: FamilyDefinition<unknown>[] = [];
  private readonly familyInstances: number[] = [];
  private readonly familyRandoms: CounterRandom[] = [];
  private readonly familyRecords: unknown[] = [];
  private readonly familyStamps: number[] = [];

  constructor(
    /** Replaced now and then by the engine (see RowEngine.row); read it afresh for each row. */
    public values: Value[],
    readonly parent: RowState | null,
    private readonly randoms: FamilyRandoms,
  ) {}

  /** Positions the state on a new row or item; family records of the previous one expire. */
  moveTo(index: number, rowIndex: number, key: number): void {
    this.index = index;
    this.rowIndex = rowIndex;
    this.key = key;
    this.stamp++;
  }

  /**
   * The lookup is kept small, so V8 inlines it into each field's generator; a row's first read
   * of a record (drawRecord) and a schema's first read of a family (addFamily) are calls.
   */
  family<T>(family: FamilyDefinition<T>): T {
    const definitions = this.familyDefinitions;
    const instance = this.familyInstance;
    for (let i = 0; i < definitions.length; i++) {
      if (definitions[i] === family && this.familyInstances[i] === instance) {
        return (this.familyStamps[i] === this.stamp ? this.familyRecords[i] : this.drawRecord(i, family)) as T;
      }
    }
    return this.drawRecord(this.addFamily(family, instance), family) as T;
  }

  private addFamily(family: FamilyDefinition<unknown>, instance: number): number {
    this.familyDefinitions.push(family);
    this.familyInstances.push(instance);
    this.familyRandoms.push(this.randoms.get(family.name, instance));
    this.familyRecords.push(null);
    this.familyStamps.push(this.stamp - 1);
    return this.familyDefinitions.length - 1;
  }

  private drawRecord(i: number, family: FamilyDefinition<unknown>): unknown {
    const random = this.familyRandoms[i];
    random.reset(this.key);
    const record = family.draw(random, this);
    this.familyRecords[i] = record;
    this.familyStamps[i] = this.stamp;
    return record;
  }
}
