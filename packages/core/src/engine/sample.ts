/** Generate rows as plain objects in memory: for tests, previews and embedding in other programs. */
import { compileSchema } from '../schema/compile.js';
import type { Datasets } from '../types/define-type.js';
import { referenceTime } from './reference-time.js';
import { RowEngine } from './row-engine.js';
import { toPlainObject } from './plain-objects.js';
import { resolveSeed, type Seed } from './seed.js';

export interface SampleOptions {
  count?: number;
  seed?: Seed;
  /** First row index (0-based); rows are a pure function of their index. */
  start?: number;
  /** The datasets Dataset Column and My List fields read, by name. */
  datasets?: Datasets;
  /** Formulas' now() (see GenerateRequest.now); default the clock, or the fixed reference with a seed. */
  now?: string;
}

export function generateObjects(fields: unknown[], options: SampleOptions = {}): Record<string, unknown>[] {
  const plan = compileSchema(fields, { datasets: options.datasets, startedAtMs: referenceTime(options.now, options.seed) });
  const engine = new RowEngine(plan, resolveSeed(options.seed).key);
  const start = options.start ?? 0;
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < (options.count ?? 1); i++) rows.push(toPlainObject(plan.shape.nodes, engine.row(start + i)));
  return rows;
}
