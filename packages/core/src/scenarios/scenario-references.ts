/**
 * The scenario names a field list may read, found without compiling it: every string
 * `scenario` property. A server loads just these (as it does datasets); a name that is not
 * really used costs one lookup and changes nothing. A formula's generate('Scenario', ...) is
 * not searched: it reads only scenarios that a field of the schema also names.
 */
export function referencedScenarioNames(fields: unknown): string[] {
  const names = new Set<string>();
  if (!Array.isArray(fields)) return [];
  for (const field of fields) {
    if (!field || typeof field !== 'object') continue;
    const { scenario } = field as Record<string, unknown>;
    if (typeof scenario === 'string' && scenario !== '') names.add(scenario);
  }
  return [...names];
}
