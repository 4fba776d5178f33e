/**
 * The mutable state of the row (or item) being generated. The root state is reused for every
 * row of a run; items get their own. Family records are cached per state, so every field of a
 * family reads the same record within one row or item, and a new row draws a new one.
 */
import type { FamilyDefinition, RowState } from '../types/define-type.js';
import type { Value } from '../values.js';
import type { FamilyRandoms } from './family-randoms.js';

export class MutableRowState implements RowState {
  index = 0;
  rowIndex = 0;
  key = 0;
  private families: Map<FamilyDefinition<unknown>, unknown> | null = null;

  constructor(
    readonly values: Value[],
    readonly parent: RowState | null,
    private readonly familyRandoms: FamilyRandoms,
  ) {}

  /** Positions the state on a new row or item; family records of the previous one are dropped. */
  moveTo(index: number, rowIndex: number, key: number): void {
    this.index = index;
    this.rowIndex = rowIndex;
    this.key = key;
    if (this.families !== null) this.families.clear();
  }

  family<T>(family: FamilyDefinition<T>): T {
    if (this.families === null) this.families = new Map();
    if (this.families.has(family)) return this.families.get(family) as T;
    const random = this.familyRandoms.get(family.name);
    random.reset(this.key);
    const record = family.draw(random, this);
    this.families.set(family, record);
    return record;
  }
}
