/** Generate rows as plain objects in memory: for tests, previews and embedding in other programs. */
import { compileSchema, type CompileOptions } from '../schema/compile.js';
import { projectRelations, type RelationsSetup } from './relation-runtime.js';
import type { Scenarios } from '../scenarios/scenario.js';
import type { Datasets } from '../kernel/define-type.js';
import type { MockRequestData } from '../kernel/request-data.js';
import { parsedDatasets } from './dataset-texts.js';
import { referenceTime } from './reference-time.js';
import { RowEngine } from './row-engine.js';
import { toPlainObject } from '../schema/plain-objects.js';
import { resolveSeed, type Seed } from './seed.js';

export interface SampleOptions {
  count?: number;
  seed?: Seed;
  /** First row index (0-based); rows are a pure function of their index. */
  start?: number;
  /**
   * These row indexes, in this order, instead of start..start + count: rows scattered through a
   * table (a page of a REST mock whose written rows stand in for some) from one compiled plan.
   */
  indexes?: readonly number[];
  /** The datasets Dataset Column and My List fields read, by name. */
  datasets?: Datasets;
  /** The scenarios Scenario fields read, by name. */
  scenarios?: Scenarios;
  /** The row range Scenario curves span; default start + count. */
  rowCount?: number | null;
  /** Formulas' now() (see GenerateRequest.now); default the clock, or the fixed reference with a seed. */
  now?: string;
  /** In a mock endpoint: the request formulas read through request_params and request_entity. */
  request?: MockRequestData;
  /** When the fields are one table of a project: the project and the table (docs/relations.md). */
  relations?: RelationsSetup;
}

export function generateObjects(fields: unknown[], options: SampleOptions = {}): Record<string, unknown>[] {
  const start = options.start ?? 0;
  const rowCount = options.rowCount === undefined ? start + (options.count ?? 1) : options.rowCount;
  const compileOptions: CompileOptions = {
    datasets: parsedDatasets(options.datasets),
    scenarios: options.scenarios,
    rowCount,
    startedAtMs: referenceTime(options.now, options.seed),
    request: options.request,
  };
  const relations = options.relations && projectRelations(options.relations, compileOptions);
  const plan = compileSchema(fields, { ...compileOptions, relations });
  const engine = new RowEngine(plan, resolveSeed(options.seed).key);
  const indexes = options.indexes ?? Array.from({ length: options.count ?? 1 }, (_, i) => start + i);
  return indexes.map((index) => toPlainObject(plan.shape.nodes, engine.row(index)));
}
