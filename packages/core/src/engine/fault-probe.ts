/**
 * Run-time faults as warnings. A formula that meets a value it cannot work on (`5.upcase`, a
 * division by zero, a block past its budget) gives nil, so a long download never breaks
 * half-way; but a user must hear about it, not find nulls later. Before a generation starts,
 * the schema is compiled once more with checks (CompileOptions.onFault) and its first rows are
 * tried; what they report joins the plan's warnings, shown where the compile-time ones are (the
 * X-Rowloom-Warning header, the CLI's stderr, the web page's preview). The rows the user gets
 * come from the plan without checks, so they cost nothing more. A server never tries rows on its
 * main thread (one heavy row could hold every request): with a pool, the trial runs on a pool
 * thread (Generation.warnings).
 */
import type { Problem } from '../schema/errors.js';
import type { CompileOptions } from '../schema/compile-options.js';
import type { SchemaPlan } from '../schema/plan.js';
import { RowEngine } from './row-engine.js';

/** How many rows are tried: a fault in most rows shows in these; one in a rare row may not. */
export const PROBED_ROWS = 5;

/**
 * The trial stops taking more rows after this long: rows that heavy tell their own story (the
 * request's time limit), and the trial must not hold a thread a request is waiting on.
 */
export const PROBE_MILLISECONDS = 100;

/** Whether the plan has formulas to try (the Formula type or a field's formula property). */
export function hasFormulas(plan: SchemaPlan): boolean {
  return plan.fields.some((field) => field.formula !== null || field.type.name === 'Formula');
}

/** The faults the plan's first rows meet, each formula's first, in schema order. */
export function runTimeFaults(
  plan: SchemaPlan,
  compileChecked: (onFault: NonNullable<CompileOptions['onFault']>) => SchemaPlan,
  seedKey: number,
): Problem[] {
  if (!hasFormulas(plan)) return [];
  // A formula's first fault, naming its row: once it is fixed, the next shows.
  const faults = new Map<string, Problem>();
  let row = 0;
  const record = (problem: Problem): void => {
    const key = `${problem.field}\u0000${problem.param}`;
    if (!faults.has(key))
      faults.set(key, { ...problem, message: `${problem.message} in row ${row + 1}; the formula gave nil there` });
  };
  try {
    const engine = new RowEngine(compileChecked(record), seedKey);
    const started = performance.now();
    for (row = 0; row < PROBED_ROWS && performance.now() - started < PROBE_MILLISECONDS; row++) engine.row(row);
  } catch {
    // The rows themselves will meet whatever stopped the trial and report it their way; a
    // trial only adds warnings.
  }
  const position = (problem: Problem) => plan.fields.findIndex((field) => field.name === problem.field);
  return [...faults.values()].sort((a, b) => position(a) - position(b));
}

/** The plan with its faults added to its warnings (the same plan when there are none). */
export function withRunTimeFaults(
  plan: SchemaPlan,
  compileChecked: (onFault: NonNullable<CompileOptions['onFault']>) => SchemaPlan,
  seedKey: number,
): SchemaPlan {
  const faults = runTimeFaults(plan, compileChecked, seedKey);
  return faults.length === 0 ? plan : { ...plan, warnings: [...plan.warnings, ...faults] };
}
