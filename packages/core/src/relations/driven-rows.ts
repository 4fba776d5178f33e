/**
 * The rows of a table that a reference with children drives: parent row p has count(p) rows,
 * drawn from the seed, so the table's rows are the parents' children in parent order, and row i
 * belongs to the parent whose children's range holds i. Nothing is stored per parent: a
 * checkpoint every BLOCK parents holds the row where that parent's children start, and a row's
 * parent is found from the checkpoint before it. Rows are asked for in order nearly always (a
 * generation walks its range), so a cursor answers in constant time.
 */
import { CounterRandom, rowKey } from '../random/counter-random.js';
import type { ChildrenSampler } from './distributions.js';

/** Parents per checkpoint: 10 million parents cost 78 KB, and a jump re-draws at most 1,024 counts. */
const BLOCK = 1024;

export interface ParentPlace {
  /** The parent row's index. */
  parent: number;
  /** Which of that parent's children the row is (0-based). */
  ordinal: number;
}

export class DrivenRows {
  /** The table's row count: the sum of every parent's children. */
  readonly total: number;
  private readonly checkpoints: Float64Array;
  private readonly random: CounterRandom;
  private cursorParent = -1;
  private cursorStart = 0;
  private cursorCount = 0;
  private rangeParent = -2;
  private rangeStart = 0;
  private rangeCount = 0;

  constructor(
    readonly parentCount: number,
    private readonly countOf: ChildrenSampler,
    key: number,
  ) {
    this.random = new CounterRandom(key);
    this.checkpoints = new Float64Array(Math.ceil(parentCount / BLOCK) + 1);
    let total = 0;
    for (let parent = 0; parent < parentCount; parent++) {
      if (parent % BLOCK === 0) this.checkpoints[parent / BLOCK] = total;
      total += this.children(parent);
    }
    this.total = total;
  }

  /** How many rows parent row `parent` has. */
  children(parent: number): number {
    this.random.reset(rowKey(parent));
    return this.countOf(this.random, parent, this.parentCount);
  }

  /**
   * The rows of parent `parent`: where they start and how many. Parents are asked for in order
   * nearly always (a generation of the parent table), so the next parent's start is the last
   * one's end, found without a scan.
   */
  rowsOf(parent: number): { start: number; count: number } {
    const start = parent === this.rangeParent + 1 ? this.rangeStart + this.rangeCount : this.firstRow(parent);
    const count = this.children(parent);
    this.rangeParent = parent;
    this.rangeStart = start;
    this.rangeCount = count;
    return { start, count };
  }

  /** The first of parent `parent`'s rows. */
  firstRow(parent: number): number {
    const block = Math.floor(parent / BLOCK);
    let start = this.checkpoints[block];
    for (let p = block * BLOCK; p < parent; p++) start += this.children(p);
    return start;
  }

  /** The parent of row `row` (0 <= row < total) and its place among the parent's rows. */
  locate(row: number): ParentPlace {
    if (row < this.cursorStart || this.cursorParent < 0 || row >= this.cursorStart + this.cursorCount + 64 * BLOCK)
      this.jumpTo(row);
    while (row >= this.cursorStart + this.cursorCount) {
      this.cursorStart += this.cursorCount;
      this.cursorParent++;
      this.cursorCount = this.children(this.cursorParent);
    }
    return { parent: this.cursorParent, ordinal: row - this.cursorStart };
  }

  /** Puts the cursor on the first parent of the last block that starts at or before `row`. */
  private jumpTo(row: number): void {
    let low = 0;
    let high = this.checkpoints.length - 2;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if (this.checkpoints[middle] <= row) low = middle;
      else high = middle - 1;
    }
    this.cursorParent = low * BLOCK;
    this.cursorStart = this.checkpoints[low];
    this.cursorCount = this.children(this.cursorParent);
  }
}
