/**
 * Runs a compiled plan: row index in, slot values out. Every value is a pure function of
 * (seed, field name, row index), so any row can be generated on its own, in any order, on any
 * thread, and come out the same.
 */
import { CounterRandom, combineKeys, hashString, itemKey, rowKey } from '../random/counter-random.js';
import type { FieldPlan, SchemaPlan, ScopePlan } from '../schema/compile.js';
import type { CompiledFormula, ValueGenerator } from '../kernel/define-type.js';
import { ItemList, type Value } from '../kernel/values.js';
import { FamilyRandoms } from './family-randoms.js';
import { MutableRowState } from './row-state.js';
import { rowBudget } from '../kernel/row-budget.js';
import type { ByteEmitter } from '../bytes/byte-forms.js';
import type { ByteOut } from '../bytes/byte-out.js';

const BLANK_SALT = hashString('percentBlank');
const REPEAT_SALT = hashString('repeat');
/**
 * The root slot array is replaced after this many rows. A slot array that lives for the whole
 * run moves to the old generation, and then every value stored into it (ten a row, nearly all
 * fresh strings) takes V8's slow write barrier, which records the slot for the next
 * young-generation collection. A young array needs no record. A new array per row costs more
 * than it saves (docs/performance.md); one per 128 rows is a few kilobytes of garbage between
 * two collections, and the array in use is nearly always young. Which array a row gets changes nothing: fields read only slots
 * written earlier in the same row (evaluation order), so a row never sees another row's values.
 */
const ROWS_PER_SLOT_ARRAY = 128;

interface FieldStep {
  readonly slot: number;
  readonly nameKey: number;
  /** Which record of each family the field reads (FieldPlan.familyInstance). */
  readonly familyInstance: number;
  readonly generate: ValueGenerator;
  /** The field's `formula` property: applied to each generated value. */
  readonly formula: CompiledFormula | null;
  readonly random: CounterRandom;
  /** Null when the field is never blank. */
  readonly blankRandom: CounterRandom | null;
  readonly blankShare: number;
  /** `tags[2-5]`: how many values. */
  readonly repeat: { min: number; max: number } | null;
  readonly repeatRandom: CounterRandom;
  /** JSON Array / Repeating Element: the steps of one item, and how many slots an item has. */
  readonly itemSteps: FieldStep[] | null;
  readonly itemSlots: number;
  /**
   * No percent blank, repetition, items or formula: the value is the generator's, as is. Worked
   * out once, so the loop asks one question of such a step instead of four on every row.
   */
  readonly plain: boolean;
}

export class RowEngine {
  private readonly steps: FieldStep[];
  private readonly state: MutableRowState;
  private readonly families: FamilyRandoms;
  private rowsLeftOnArray = ROWS_PER_SLOT_ARRAY;

  /**
   * `only`: the top-level fields to make (with every field they read), when a caller needs just
   * some columns (a project's parent rows, engine/parent-rows.ts); the others stay null. Their
   * values are the ones a full row has: each field's randomness is its own.
   */
  /** Made with `only`: some fields are left out, so its rows are not whole rows. */
  readonly partial: boolean;

  constructor(
    readonly plan: SchemaPlan,
    readonly seed: number,
    only?: ReadonlySet<FieldPlan>,
  ) {
    this.partial = only !== undefined;
    this.families = new FamilyRandoms(seed);
    this.steps = this.compileScope(plan.root, seed, only);
    this.state = new MutableRowState(new Array<Value>(plan.root.fields.length).fill(null), null, this.families);
  }

  private compileScope(scope: ScopePlan, seed: number, only?: ReadonlySet<FieldPlan>): FieldStep[] {
    const fields = only ? scope.order.filter((field) => only.has(field)) : scope.order;
    return fields.map((field: FieldPlan) => {
      const key = combineKeys(seed, field.nameKey);
      const plain =
        field.percentBlank <= 0 && field.parsed.repeat === null && field.childScope === null && field.formula === null;
      return {
        slot: field.slot,
        nameKey: field.nameKey,
        familyInstance: field.familyInstance,
        generate: field.generate,
        formula: field.formula,
        random: new CounterRandom(key),
        blankRandom: field.percentBlank > 0 ? new CounterRandom(combineKeys(key, BLANK_SALT)) : null,
        blankShare: field.percentBlank / 100,
        repeat: field.parsed.repeat,
        repeatRandom: new CounterRandom(combineKeys(key, REPEAT_SALT)),
        itemSteps: field.childScope ? this.compileScope(field.childScope, seed) : null,
        itemSlots: field.childScope ? field.childScope.fields.length : 0,
        plain,
      };
    });
  }

  /**
   * Generates row `index` (0-based) and returns its root slot values. The array is reused for
   * the next row: read or copy it before asking for another.
   */
  row(index: number): Value[] {
    const state = this.state;
    if (--this.rowsLeftOnArray === 0) {
      this.rowsLeftOnArray = ROWS_PER_SLOT_ARRAY;
      state.values = new Array<Value>(state.values.length).fill(null);
    }
    state.moveTo(index, index, rowKey(index));
    rowBudget.reset();
    this.runScope(this.steps, state);
    return state.values;
  }

  /**
   * Writes a field of the row just made (row()) through its byte form, as the engine would have
   * generated it: its own random reset for the row, its family instance.
   */
  emit(emitter: ByteEmitter, random: CounterRandom, familyInstance: number, out: ByteOut): void {
    const state = this.state;
    random.reset(state.key);
    state.familyInstance = familyInstance;
    emitter(random, state, out);
  }

  private runScope(steps: FieldStep[], state: MutableRowState): void {
    const values = state.values;
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i];
      // `=== true`: a bare truthiness test of a field compiles to checks for every falsy kind.
      if (step.plain === true) {
        step.random.reset(state.key);
        state.familyInstance = step.familyInstance;
        values[step.slot] = step.generate(step.random, state);
        continue;
      }
      if (step.blankRandom !== null) {
        step.blankRandom.reset(state.key);
        if (step.blankRandom.next() < step.blankShare) {
          values[step.slot] = null;
          continue;
        }
      }
      step.random.reset(state.key);
      state.familyInstance = step.familyInstance;
      if (step.itemSteps !== null) values[step.slot] = this.items(step, state);
      else if (step.repeat !== null) values[step.slot] = this.repeated(step, state);
      else if (step.formula === null) values[step.slot] = step.generate(step.random, state);
      // The row's budget (kernel/row-budget.ts) is charged by the generators whose values can be
      // long, and here for formulas; plain short values cost this loop nothing.
      else
        values[step.slot] = rowBudget.admit(
          step.formula.evaluate(state, step.generate(step.random, state), step.random),
        );
    }
  }

  /** A JSON Array / Repeating Element: its generator returns the item count. */
  private items(step: FieldStep, state: MutableRowState): ItemList {
    const count = step.generate(step.random, state) as number;
    const base = combineKeys(state.key, step.nameKey);
    const items: Value[][] = new Array(count);
    for (let j = 0; j < count; j++) {
      const item = new MutableRowState(new Array<Value>(step.itemSlots).fill(null), state, this.families);
      item.moveTo(j, state.rowIndex, itemKey(base, j));
      this.runScope(step.itemSteps!, item);
      items[j] = item.values;
    }
    return new ItemList(items);
  }

  /** `tags[3]` / `tags[2-5]`: several values of one field, each drawn as if from its own row. */
  private repeated(step: FieldStep, state: MutableRowState): Value[] {
    const { min, max } = step.repeat!;
    step.repeatRandom.reset(state.key);
    const count = min === max ? min : step.repeatRandom.intBetween(min, max);
    const base = combineKeys(state.key, step.nameKey);
    const result: Value[] = new Array(count);
    for (let j = 0; j < count; j++) {
      if (rowBudget.full) {
        result[j] = null;
        continue;
      }
      const element = new MutableRowState(state.values, state.parent, this.families);
      const key = itemKey(base, j);
      element.moveTo(state.index, state.rowIndex, key);
      element.familyInstance = step.familyInstance;
      step.random.reset(key);
      const value = step.generate(step.random, element);
      result[j] = step.formula === null ? value : rowBudget.admit(step.formula.evaluate(element, value, step.random));
    }
    return result;
  }
}
