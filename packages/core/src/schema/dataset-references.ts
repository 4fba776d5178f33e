/**
 * The dataset names a field list may read, found without compiling it: every string `dataset`
 * (Dataset Column) or `list` (My List) property, and every from_dataset('name', ...) in a
 * formula (a Formula's value, any field's formula property, a custom distribution's rules).
 * A server loads just these. Reading a name that is not really used costs one lookup and
 * changes nothing: the compiler decides what each field reads.
 */
import { datasetNamesInFormula } from '../formula/dataset-references.js';

export function referencedDatasetNames(fields: unknown): string[] {
  const names = new Set<string>();
  if (!Array.isArray(fields)) return [];
  for (const field of fields) {
    if (!field || typeof field !== 'object') continue;
    const { dataset, list, value, formula, distribution } = field as Record<string, unknown>;
    if (typeof dataset === 'string' && dataset !== '') names.add(dataset);
    if (typeof list === 'string' && list !== '') names.add(list);
    const formulas = [value, formula];
    if (Array.isArray(distribution))
      for (const rule of distribution) formulas.push((rule as { rule?: unknown } | null)?.rule);
    for (const text of formulas) {
      if (typeof text === 'string') for (const name of datasetNamesInFormula(text)) names.add(name);
    }
  }
  return [...names];
}
