/** Files the benchmark needs at run time, resolved from the compiled dist/bench/ directory. */
import { fileURLToPath } from 'node:url';

/** The 10-field workload, kept in the package so a run never depends on anything outside the repo. */
export const STANDARD_SCHEMA_PATH = fileURLToPath(new URL('../../bench/standard-schema.json', import.meta.url));

/** The workloads by name: the standard schema, it with its last field a formula, and ten formula fields. */
export const SCHEMA_PATHS: Record<string, string> = {
  standard: STANDARD_SCHEMA_PATH,
  formula: fileURLToPath(new URL('../../bench/formula-schema.json', import.meta.url)),
  'ten-formulas': fileURLToPath(new URL('../../bench/ten-formulas-schema.json', import.meta.url)),
};

/** A child script next to this module (`.js`, as compiled). */
export function childScript(name: string): string {
  return fileURLToPath(new URL(`./${name}.js`, import.meta.url));
}
