/**
 * The work one row may do, shared by all of its fields, so that a thousand fields cannot
 * multiply a per-value bound (limits.ts has the figures).
 *
 * One budget per thread is enough: a row is generated synchronously from its first field to its
 * last, so the budget reset when a row starts is always the current row's (generations of other
 * requests on the thread only take turns between rows). What a row spends depends only on the
 * row's own values, so the same seed gives the same output on any number of threads.
 */
import type { Value } from '../values.js';
import { ItemList, Verbatim } from '../values.js';
import { MAX_ROW_CHARACTERS, MAX_VALUES_PER_ROW, ROW_FORMULA_TEXT, ROW_MATCH_STEPS, ROW_PATTERN_ROUNDS } from './limits.js';

export class RowBudget {
  /** Values left (MAX_VALUES_PER_ROW). */
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
   * Whether the row's values have used up their count or their characters (admit turns running
   * out of characters into running out of values, so this is one comparison): later values are
   * nil, and are not even generated.
   */
  get full(): boolean {
    return this.values < 0;
  }

  /**
   * Charges a generated value (a text its length; a list each item; an item list only itself,
   * its items' fields are charged as they are made) and gives it back, or null when the row
   * has no room left for it.
   */
  admit(value: Value): Value {
    if (typeof value === 'string') this.characters -= value.length;
    else if (value !== null && typeof value === 'object') this.chargeObject(value);
    if (this.characters < 0) this.values = -1;
    return --this.values < 0 ? null : value;
  }

  private chargeObject(value: Verbatim | Value[] | ItemList): void {
    if (value instanceof Verbatim) this.characters -= value.text.length;
    else if (Array.isArray(value)) {
      this.values -= value.length;
      for (const item of value) if (this.characters >= 0 && item !== null && typeof item !== 'number' && typeof item !== 'boolean') this.admitItem(item);
    }
  }

  private admitItem(item: Value): void {
    if (typeof item === 'string') this.characters -= item.length;
    else if (typeof item === 'object' && item !== null) this.chargeObject(item);
  }
}

/** The budget of the row being generated on this thread. */
export const rowBudget = new RowBudget();
