/** What a compilation may be given besides the fields. */
import type { Datasets } from '../types/define-type.js';

export interface CompileOptions {
  /** The datasets Dataset Column and My List fields may read, by name (plain data). */
  datasets?: Datasets;
  /**
   * Every dataset name the caller has, for the message about a missing one, when `datasets`
   * holds only those the fields name (default: the names in `datasets`).
   */
  datasetNames?: readonly string[];
  /** When the generation started (formulas' now()); the same on every worker thread. */
  startedAtMs?: number;
  /** The generation's id (formulas' data_generation_uuid). */
  generationUuid?: string;
  /** Where this Rowloom is reached (CreateContext.publicUrl); default DEFAULT_PUBLIC_URL. */
  publicUrl?: string;
}

/** The address a local server listens on: image URLs point here when no other is given. */
export const DEFAULT_PUBLIC_URL = 'http://localhost:3000';
