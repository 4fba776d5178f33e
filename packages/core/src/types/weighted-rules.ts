/**
 * selectionStyle "custom": a list of rules, each a formula condition with weights for the values
 * (`[{"rule": "field('Active') == 'Yes'", "frequencies": {"Yes": 1, "No": 0}}]`). The first rule
 * whose condition holds picks a value by its weights; when none holds the pick is uniform. A rule
 * without a condition always holds (a default at the end of the list).
 */
import { truthy } from '../formula/runtime.js';
import type { CounterRandom } from '../random/counter-random.js';
import type { CompiledFormula, CreateContext, RowState } from '../kernel/define-type.js';

interface CompiledRule {
  condition: CompiledFormula | null;
  /** Cumulative weights over `values`, for one binary search per pick. */
  cumulative: Float64Array;
  total: number;
}

const EXAMPLE = '[{"rule": "field(\'Active\') == \'Yes\'", "frequencies": {"Yes": 1, "No": 0}}]';

/**
 * Weighted rules apply with selectionStyle custom, and with random when a distribution is given
 * (how the established product stores them).
 */
export function usesWeightedRules(params: Record<string, unknown>): boolean {
  const hasRules = Array.isArray(params.distribution) && params.distribution.length > 0;
  return params.selectionStyle === 'custom' || (params.selectionStyle === 'random' && hasRules);
}

/** Picks one of `values` for a row, or null when the rules had problems (reported). */
export type WeightedPick = (random: CounterRandom, row: RowState) => number;

export function compileWeightedRules(
  distribution: unknown,
  values: readonly string[],
  context: CreateContext,
): WeightedPick | null {
  if (!Array.isArray(distribution) || distribution.length === 0) {
    context.problem('distribution', `selectionStyle custom needs a distribution: a list of rules such as ${EXAMPLE}`);
    return null;
  }
  const position = new Map(values.map((v, i) => [v, i]));
  // Schemas made elsewhere write values with trailing spaces ("Partnership ") and keys without, or
  // the other way round: a key that matches no value exactly matches the value equal once trimmed.
  const trimmedPosition = new Map<string, number>();
  values.forEach((v, i) => {
    if (!trimmedPosition.has(v.trim())) trimmedPosition.set(v.trim(), i);
  });
  const rules: CompiledRule[] = [];
  let ok = true;
  distribution.forEach((raw, r) => {
    const where = `distribution[${r}]`;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
      context.problem(where, `each rule is an object with "rule" and "frequencies", e.g. ${EXAMPLE}`);
      ok = false;
      return;
    }
    const { rule, frequencies } = raw as { rule?: unknown; frequencies?: unknown };
    let condition: CompiledFormula | null = null;
    if (typeof rule === 'string' && rule.trim() !== '') {
      condition = context.formula(rule, `${where}.rule`) ?? null;
      if (!condition) ok = false;
    } else if (rule !== undefined && rule !== null && rule !== '') {
      context.problem(`${where}.rule`, `expected a formula condition as text, got ${JSON.stringify(rule)}`);
      ok = false;
    }
    if (!frequencies || typeof frequencies !== 'object' || Array.isArray(frequencies)) {
      context.problem(`${where}.frequencies`, 'expected an object of weights by value, e.g. {"Yes": 1, "No": 0}');
      ok = false;
      return;
    }
    const weights = new Float64Array(values.length);
    for (const [value, weight] of Object.entries(frequencies)) {
      const i = position.get(value) ?? trimmedPosition.get(value.trim());
      const w =
        typeof weight === 'number' ? weight : typeof weight === 'string' && weight.trim() !== '' ? Number(weight) : NaN;
      if (i === undefined) {
        context.problem(
          `${where}.frequencies`,
          `${JSON.stringify(value)} is not one of the values (${values
            .slice(0, 10)
            .map((v) => JSON.stringify(v))
            .join(', ')}${values.length > 10 ? ', ...' : ''})`,
        );
        ok = false;
      } else if (!Number.isFinite(w) || w < 0) {
        context.problem(
          `${where}.frequencies`,
          `the weight of ${JSON.stringify(value)} must be a number of 0 or more, got ${JSON.stringify(weight)}`,
        );
        ok = false;
      } else weights[i] = w;
    }
    const cumulative = new Float64Array(values.length);
    let total = 0;
    for (let i = 0; i < values.length; i++) cumulative[i] = total += weights[i];
    if (total === 0 && ok) {
      context.problem(`${where}.frequencies`, 'every weight is 0; give at least one value a weight above 0');
      ok = false;
    }
    rules.push({ condition, cumulative, total });
  });
  if (!ok) return null;
  const count = values.length;
  return (random, row) => {
    for (const rule of rules) {
      if (rule.condition && !truthy(rule.condition.evaluate(row, null, random))) continue;
      return pickWeighted(rule, random.next() * rule.total);
    }
    return random.below(count);
  };
}

/** The first index whose cumulative weight exceeds `target` (zero-weight values are never picked). */
function pickWeighted(rule: CompiledRule, target: number): number {
  const { cumulative } = rule;
  let low = 0;
  let high = cumulative.length - 1;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (cumulative[mid] > target) high = mid;
    else low = mid + 1;
  }
  return low;
}
