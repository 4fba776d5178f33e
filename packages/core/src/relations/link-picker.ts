/**
 * Which parent row each row of a table refers to through one link: the driving parent from the
 * table's driven rows, a pick for the others (uniform, Zipf-skewed, distinct within the driving
 * parent), an earlier row for a reference to the table itself, none for an optional link's
 * share. A pure function of the seed and the row index, like every value.
 */
import { combineKeys, CounterRandom, hashString, rowKey } from '../random/counter-random.js';
import { powerLawRank } from './distributions.js';
import type { DrivenRows } from './driven-rows.js';
import type { LinkModel } from './project-model.js';
import { Permutation } from '../random/permutation.js';

/** No parent: the link's fields are null. */
export const NO_PARENT = -1;

export class LinkPicker {
  private readonly random: CounterRandom;
  private readonly optionalRandom: CounterRandom;
  private readonly scatter: Permutation | null;
  private driven: DrivenRows | null = null;
  private lastRow = -1;
  private lastParent = NO_PARENT;
  private distinctParent = -1;
  private distinctOrder: Permutation | null = null;

  /**
   * `parentCount`: the parent table's rows; `drivenRows`: the table's own driven rows, when a
   * link with children sets them (this link's parents when it is that link).
   */
  constructor(
    private readonly link: LinkModel,
    private readonly parentCount: number,
    private readonly drivenRows: () => DrivenRows | null,
    private readonly key: number,
  ) {
    this.random = new CounterRandom(combineKeys(key, hashString('pick')));
    this.optionalRandom = new CounterRandom(combineKeys(key, hashString('optional')));
    const zipf = link.settings.pick === 'zipf' && !link.driving && parentCount > 0;
    this.scatter = zipf ? new Permutation(parentCount, combineKeys(key, hashString('scatter'))) : null;
  }

  /** The parent row of row `row`, or NO_PARENT. Fields of one link ask in turn: the last answer is kept. */
  parentOf(row: number): number {
    if (row !== this.lastRow) {
      // Looked up at the first row, not when the field compiles: a thread that only compiles
      // (to check the fields) never draws every parent's children.
      if (this.lastRow < 0) this.driven = this.drivenRows();
      this.lastParent = this.pick(row);
      this.lastRow = row;
    }
    return this.lastParent;
  }

  private pick(row: number): number {
    const { settings } = this.link;
    if (settings.optional > 0) {
      this.optionalRandom.reset(rowKey(row));
      if (this.optionalRandom.next() < settings.optional) return NO_PARENT;
    }
    if (this.link.driving) return this.driven!.locate(row).parent;
    if (this.link.self) return row === 0 ? NO_PARENT : this.below(row, row);
    if (this.parentCount === 0) return NO_PARENT;
    if (settings.distinct) return this.distinct(row);
    if (this.scatter) {
      this.random.reset(rowKey(row));
      return this.scatter.at(powerLawRank(this.random, this.parentCount, settings.skew));
    }
    return this.below(row, this.parentCount);
  }

  private below(row: number, count: number): number {
    this.random.reset(rowKey(row));
    return this.random.intBetween(0, count - 1);
  }

  /**
   * The k-th row of driving parent d takes position k of an order of the parent rows that is
   * d's own: no two rows of d pick the same parent until d has more rows than there are parents.
   */
  private distinct(row: number): number {
    const { parent, ordinal } = this.driven!.locate(row);
    if (parent !== this.distinctParent) {
      this.distinctParent = parent;
      this.distinctOrder = new Permutation(this.parentCount, combineKeys(this.key, parent));
    }
    return this.distinctOrder!.at(ordinal % this.parentCount);
  }
}
