/**
 * Compiled plans a pool thread keeps from one generation to the next. A server answers the same
 * fields again and again (a test suite, a page's preview, a mock route); compiling them took
 * part of every small request's time, and a fresh plan's functions start cold, so its first rows
 * ran slower still. A plan is kept only when the next generation may use it unchanged:
 * - it read none of the generation's own constants (SchemaPlan.generationIndependent: no
 *   formula, no row count);
 * - the generation may share a plan at all (plan-key.ts: no stored datasets, scenarios or mock
 *   request), which also gives the key it is found by. Each generation still
 * gets its own RowEngine (seed, families) and writer; a plan itself is not changed by making
 * rows, which everything in the engine relies on already (rows are pure functions of the seed
 * and the row index, so threads can make any range).
 */
import { compileSchema } from '../schema/compile.js';
import type { SchemaPlan } from '../schema/plan.js';
import { workerCompileOptions, type WorkerSetup } from './worker-setup.js';
import { planSharingKey } from './plan-key.js';
import type { ParsedDatasetCache } from './dataset-texts.js';

/** Plans kept per thread, least recently used out first. */
const MAX_PLANS = 64;

const kept = new Map<string, SchemaPlan>();

/** The plan for a generation: a kept one when it may be shared, else compiled (and kept when it may be). */
export function planFor(setup: WorkerSetup, datasets?: ParsedDatasetCache): SchemaPlan {
  const key = planSharingKey(setup);
  const found = key === null ? undefined : kept.get(key);
  if (found !== undefined) {
    kept.delete(key!);
    kept.set(key!, found);
    return found;
  }
  const plan = compileSchema(setup.fields, workerCompileOptions(setup, datasets));
  if (key !== null && plan.generationIndependent) {
    kept.set(key, plan);
    if (kept.size > MAX_PLANS) kept.delete(kept.keys().next().value as string);
  }
  return plan;
}

/** How many plans this thread keeps now (for tests). */
export function keptPlanCount(): number {
  return kept.size;
}
