/**
 * Pass 4 of the compiler: each scope's evaluation order, a depth-first topological sort over
 * the references between its fields; cycles are reported by name.
 */
import type { Problem } from './errors.js';
import type { FieldPlan, ScopePlan } from './plan.js';

export function orderScope(
  scope: ScopePlan,
  dependsOn: ReadonlyMap<FieldPlan, ReadonlySet<FieldPlan>>,
  problems: Problem[],
): void {
  const state = new Map<FieldPlan, 'visiting' | 'done'>();
  const order: FieldPlan[] = [];
  const visit = (plan: FieldPlan, path: FieldPlan[]) => {
    const seen = state.get(plan);
    if (seen === 'done') return;
    if (seen === 'visiting') {
      const cycle = path
        .slice(path.indexOf(plan))
        .concat(plan)
        .map((p) => `"${p.name}"`);
      problems.push({
        field: plan.name,
        param: null,
        message: `fields refer to each other in a cycle: ${cycle.join(' -> ')}`,
      });
      return;
    }
    state.set(plan, 'visiting');
    for (const target of dependsOn.get(plan) ?? []) if (target.scope === scope) visit(target, [...path, plan]);
    state.set(plan, 'done');
    order.push(plan);
  };
  for (const plan of scope.fields) visit(plan, []);
  scope.order = order;
}
