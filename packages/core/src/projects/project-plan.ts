/**
 * A project ready to generate: read and checked (every table compiles with its relations, and
 * its first rows can be made), its seed fixed and every table's row count known. What the CLI,
 * the server and the loaders start from.
 */
import type { Datasets } from '../kernel/define-type.js';
import type { Scenarios } from '../scenarios/scenario.js';
import { ProjectRuntime } from '../engine/relation-runtime.js';
import { RowEngine } from '../engine/row-engine.js';
import { parsedDatasets } from '../engine/dataset-texts.js';
import { referenceTime } from '../engine/reference-time.js';
import { resolveSeed, type Seed } from '../engine/seed.js';
import { compileSchema, type CompileOptions } from '../schema/compile.js';
import { formatProblem, SchemaError } from '../schema/errors.js';
import { ProjectError, readProject } from '../relations/read-project.js';
import type { ProjectModel } from '../relations/project-model.js';
import { keyCapacityProblems } from '../relations/key-capacity.js';

/** Rows of each table made while checking: enough to meet a key that reads itself. */
const TRIAL_ROWS = 3;

export interface ProjectPlan {
  model: ProjectModel;
  /** The seed used (the given one, the document's, or one drawn). */
  seed: Seed;
  now: string | null;
  /** Row count by table name. */
  counts: Record<string, number>;
  datasets: Datasets;
  scenarios: Scenarios;
  /** What the user should hear before the output (a table's formula reading a missing field...). */
  warnings: string[];
}

export interface PlanOptions {
  seed?: Seed | null;
  now?: string | null;
  datasets?: Datasets;
  scenarios?: Scenarios;
}

/** Throws ProjectError (every problem, each naming its table) when the project cannot be generated. */
export function planProject(input: unknown, options: PlanOptions = {}): ProjectPlan {
  const model = readProject(input);
  const { seed } = resolveSeed(options.seed ?? model.document.seed ?? null);
  const now = options.now ?? model.document.now ?? null;
  const startedAtMs = referenceTime(now, seed);
  // Datasets given as stored text are parsed here: the checks make rows.
  const base: CompileOptions = {
    datasets: parsedDatasets(options.datasets),
    scenarios: options.scenarios,
    startedAtMs,
  };
  const runtime = new ProjectRuntime(model, seed, base);
  const warnings = checkTables(model, runtime);
  const counts = runtime.counts.all();
  const keyProblems = model.tables.flatMap((table) => keyCapacityProblems(table, counts));
  if (keyProblems.length > 0) throw new ProjectError(keyProblems);
  return {
    model,
    seed,
    now,
    counts,
    datasets: options.datasets ?? {},
    scenarios: options.scenarios ?? {},
    warnings,
  };
}

function checkTables(model: ProjectModel, runtime: ProjectRuntime): string[] {
  const problems: string[] = [];
  const warnings: string[] = [];
  for (const table of model.tables) {
    try {
      const plan = compileSchema(table.source.fields, runtime.compileOptions(table.name));
      warnings.push(...plan.warnings.map((w) => `table ${table.name}: ${formatProblem(w)}`));
      const engine = new RowEngine(plan, runtime.counts.seedKey(table.name));
      const rows = Math.min(TRIAL_ROWS, runtime.counts.count(table.name));
      for (let row = 0; row < rows; row++) engine.row(row);
    } catch (error) {
      if (error instanceof SchemaError)
        problems.push(...error.problems.map((p) => `table ${table.name}: ${formatProblem(p)}`));
      else problems.push(`table ${table.name}: ${(error as Error).message}`);
    }
  }
  if (problems.length > 0) throw new ProjectError(problems);
  return warnings;
}
