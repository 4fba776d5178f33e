/**
 * The scenario names a field list may read, found without compiling it: every string
 * `scenario` property, and every generate('Scenario', scenario: 'NAME') in a formula (a
 * Formula's value or any field's formula property). A server loads just these (as it does
 * datasets); a name that is not really used costs one lookup and changes nothing.
 */
import { scenarioNamesInFormula } from '../formula/dataset-references.js';

export function referencedScenarioNames(fields: unknown): string[] {
  const names = new Set<string>();
  if (!Array.isArray(fields)) return [];
  for (const field of fields) {
    if (!field || typeof field !== 'object') continue;
    const { scenario, value, formula } = field as Record<string, unknown>;
    if (typeof scenario === 'string' && scenario !== '') names.add(scenario);
    for (const text of [value, formula]) {
      if (typeof text === 'string') for (const name of scenarioNamesInFormula(text)) names.add(name);
    }
  }
  return [...names];
}
