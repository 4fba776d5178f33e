/**
 * Compiled plans a pool thread keeps from one generation to the next. A server answers the same
 * fields again and again (a test suite, a page's preview, a mock route); compiling them took
 * part of every small request's time, and a fresh plan's functions start cold, so its first rows
 * ran slower still. A plan is kept only when the next generation may use it unchanged:
 * - it read none of the generation's own constants (SchemaPlan.generationIndependent: no
 *   formula, no row count);
 * - the generation reads no stored datasets or scenarios (their content can change under the
 *   same fields) and no mock request;
 * and it is found again by the fields' exact JSON text and the public URL. Each generation still
 * gets its own RowEngine (seed, families) and writer; a plan itself is not changed by making
 * rows, which everything in the engine relies on already (rows are pure functions of the seed
 * and the row index, so threads can make any range).
 */
import { compileSchema } from '../schema/compile.js';
import type { SchemaPlan } from '../schema/plan.js';
import { workerCompileOptions, type WorkerSetup } from './worker-setup.js';

/** Plans kept per thread, least recently used out first. */
const MAX_PLANS = 64;
/** Longer field lists are compiled every time: a key that size would cost more to build and hold. */
const MAX_KEY_UNITS = 64 * 1024;

const kept = new Map<string, SchemaPlan>();

/** The plan for a generation: a kept one when it may be shared, else compiled (and kept when it may be). */
export function planFor(setup: WorkerSetup): SchemaPlan {
  const key = keyOf(setup);
  const found = key === null ? undefined : kept.get(key);
  if (found !== undefined) {
    kept.delete(key!);
    kept.set(key!, found);
    return found;
  }
  const plan = compileSchema(setup.fields, workerCompileOptions(setup));
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

function keyOf(setup: WorkerSetup): string | null {
  if (!isEmpty(setup.datasets) || !isEmpty(setup.scenarios) || setup.request !== undefined) return null;
  const text = JSON.stringify(setup.fields);
  if (text.length > MAX_KEY_UNITS) return null;
  return (setup.publicUrl ?? '') + '\n' + text;
}

function isEmpty(record: object | undefined): boolean {
  return record === undefined || Object.keys(record).length === 0;
}
