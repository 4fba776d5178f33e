/**
 * The work one row may do, shared by all of its fields, so that a thousand fields cannot
 * multiply a per-value bound (limits.ts has the figures).
 *
 * One budget per thread is enough: a row is generated synchronously from its first field to its
 * last, so the budget reset when a row starts is always the current row's (generations of other
 * requests on the thread only take turns between rows). What a row spends depends only on the
 * row's own values, so the same seed gives the same output on any number of threads.
 */
import type { ValueGenerator } from './define-type.js';
import type { Value } from './values.js';
import { ItemList, Verbatim } from './values.js';
import {
  MAX_ROW_CHARACTERS,
  MAX_VALUES_PER_ROW,
  ROW_FORMULA_TEXT,
  ROW_MATCH_STEPS,
  ROW_PATTERN_ROUNDS,
} from './limits.js';

export class RowBudget {
  /**
   * Items of lists made at run time (formulas' lists) left. Fields, JSON Array items and `[n]`
   * elements are counted when the schema compiles (work-estimate.ts), so only lists whose
   * length depends on the values are counted here; negative once the row is full.
   */
  values = MAX_VALUES_PER_ROW;
  /** Characters of value text left (MAX_ROW_CHARACTERS). */
  characters = MAX_ROW_CHARACTERS;
  /** Regular-expression matching steps left for formulas (ROW_MATCH_STEPS). */
  matchSteps = ROW_MATCH_STEPS;
  /** Characters formulas may still build (ROW_FORMULA_TEXT). */
  formulaText = ROW_FORMULA_TEXT;
  /** Repetition rounds left for Regular Expression values (ROW_PATTERN_ROUNDS). */
  patternRounds = ROW_PATTERN_ROUNDS;

  /** Called when a row starts. */
  reset(): void {
    this.values = MAX_VALUES_PER_ROW;
    this.characters = MAX_ROW_CHARACTERS;
    this.matchSteps = ROW_MATCH_STEPS;
    this.formulaText = ROW_FORMULA_TEXT;
    this.patternRounds = ROW_PATTERN_ROUNDS;
  }

  /**
   * Whether the row has used up its list items or its characters (running out of either sets
   * `values` negative, so this is one comparison): later values are nil, and are not even
   * generated.
   */
  get full(): boolean {
    return this.values < 0;
  }

  /**
   * Charges a generated value and gives it back, or null when the row has no room left for it:
   * a text its length, a list its items and their texts. Other scalars cost nothing here, and
   * an item list's fields are charged as they are made. Texts come first: they are most values.
   */
  admit(value: Value): Value {
    if (typeof value === 'string') {
      if ((this.characters -= value.length) >= 0) return value;
      this.values = -1;
      return null;
    }
    if (value === null || typeof value !== 'object' || value instanceof ItemList) return value;
    this.chargeObject(value);
    if (this.characters >= 0 && this.values >= 0) return value;
    this.values = -1;
    return null;
  }

  private chargeObject(value: Verbatim | Value[] | ItemList): void {
    if (value instanceof Verbatim) this.characters -= value.text.length;
    else if (Array.isArray(value)) {
      this.values -= value.length;
      for (const item of value) {
        if (this.characters < 0 || this.values < 0) return;
        if (typeof item === 'string') this.characters -= item.length;
        else if (item !== null && typeof item === 'object') this.chargeObject(item);
      }
    }
  }
}

/** The budget of the row being generated on this thread. */
export const rowBudget = new RowBudget();

/**
 * A generator whose values can be long (filler text, texts from parameters, datasets or other
 * fields, formulas): each value is charged to the row's budget, and once the row is full it is
 * null without being generated. Types whose values are short (names, numbers, codes) are left
 * unwrapped, so ordinary rows pay nothing: the 1,000-field limit bounds their total.
 */
export function budgeted(generate: ValueGenerator): ValueGenerator {
  return (random, row) => (rowBudget.values < 0 ? null : rowBudget.admit(generate(random, row)));
}
