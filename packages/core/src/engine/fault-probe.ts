/**
 * Run-time faults as warnings. A formula that meets a value it cannot work on (`5.upcase`, a
 * division by zero, a block past its budget) gives nil, so a long download never breaks
 * half-way; but a user must hear about it, not find nulls later. Before a generation starts,
 * the schema is compiled once more with checks (CompileOptions.onFault) and its first rows are
 * tried; what they report joins the plan's warnings, shown where the compile-time ones are (the
 * X-Rowloom-Warning header, the CLI's stderr, the web page's preview). The rows the user gets
 * come from the plan without checks, so they cost nothing more.
 */
import type { Problem } from '../schema/errors.js';
import type { CompileOptions } from '../schema/compile-options.js';
import type { SchemaPlan } from '../schema/plan.js';
import { RowEngine } from './row-engine.js';

/** How many rows are tried: a fault in most rows shows in these; one in a rare row may not. */
export const PROBED_ROWS = 5;

/** The plan, with the faults its first rows meet added to its warnings (the same plan when there are none). */
export function withRunTimeFaults(plan: SchemaPlan, compileChecked: (onFault: NonNullable<CompileOptions['onFault']>) => SchemaPlan, seedKey: number): SchemaPlan {
  if (!plan.fields.some((field) => field.formula !== null || field.type.name === 'Formula')) return plan;
  // A formula's first fault, naming its row: once it is fixed, the next shows.
  const faults = new Map<string, Problem>();
  let row = 0;
  const record = (problem: Problem): void => {
    const key = `${problem.field}\u0000${problem.param}`;
    if (!faults.has(key)) faults.set(key, { ...problem, message: `${problem.message} in row ${row + 1}; the formula gave nil there` });
  };
  try {
    const engine = new RowEngine(compileChecked(record), seedKey);
    for (row = 0; row < PROBED_ROWS; row++) engine.row(row);
  } catch {
    // The rows themselves will meet whatever stopped the trial and report it their way; a
    // trial only adds warnings.
  }
  if (faults.size === 0) return plan;
  const position = (problem: Problem) => plan.fields.findIndex((field) => field.name === problem.field);
  return { ...plan, warnings: [...plan.warnings, ...[...faults.values()].sort((a, b) => position(a) - position(b))] };
}
