/** What a compilation may be given besides the fields. */
import type { Scenarios } from '../scenarios/scenario.js';
import type { Datasets } from '../kernel/define-type.js';
import type { MockRequestData } from '../kernel/request-data.js';
import type { Problem } from './errors.js';
import type { TableRelations } from '../kernel/define-type.js';

export interface CompileOptions {
  /** The datasets Dataset Column and My List fields may read, by name (plain data). */
  datasets?: Datasets;
  /**
   * Every dataset name the caller has, for the message about a missing one, when `datasets`
   * holds only those the fields name (default: the names in `datasets`).
   */
  datasetNames?: readonly string[];
  /** The scenarios Scenario fields may read, by name (plain data, validated by readScenario). */
  scenarios?: Scenarios;
  /** Every scenario name the caller has, for the message about a missing one (default: those in `scenarios`). */
  scenarioNames?: readonly string[];
  /**
   * How many rows the generation makes, when known: a Scenario's curve spans them (row 1 is
   * x = 0, the last row x = 1). Unknown (streaming without an end): see SCENARIO_DEFAULT_SPAN.
   */
  rowCount?: number | null;
  /** When the generation started (formulas' now()); the same on every worker thread. */
  startedAtMs?: number;
  /** The generation's id (formulas' data_generation_uuid). */
  generationUuid?: string;
  /** Where this Rowloom is reached (CreateContext.publicUrl); default DEFAULT_PUBLIC_URL. */
  publicUrl?: string;
  /** In a mock endpoint: the request formulas read through request_params and request_entity (empty otherwise). */
  request?: MockRequestData;
  /**
   * Compiles the formulas with run-time fault checks that report here (formula/fault-checks.ts):
   * for trying a plan's first rows (engine/fault-probe.ts), never for the rows a user gets.
   */
  onFault?: (problem: Problem) => void;
  /**
   * When the fields are one table of a project (docs/relations.md): what its Reference fields
   * and `parent.column` formulas read of the other tables. Without it a Reference is an error.
   */
  relations?: TableRelations;
}

/** The address a local server listens on: image URLs point here when no other is given. */
export const DEFAULT_PUBLIC_URL = 'http://localhost:3000';
