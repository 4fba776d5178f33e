/**
 * Pass 2 of the compiler: drafts -> field plans placed in scopes. A field belongs to the
 * innermost JSON Array / Repeating Element whose name prefixes its own; the row is the root.
 */
import type { ValueGenerator } from '../kernel/define-type.js';
import { hashString } from '../random/counter-random.js';
import type { FieldPlan, ScopePlan } from './plan.js';
import type { Draft } from './read-drafts.js';

export interface PlannedScopes {
  readonly root: ScopePlan;
  /** The root first, then each items field's scope. */
  readonly scopes: ScopePlan[];
  /** Every field's plan, in schema order. */
  readonly plans: FieldPlan[];
  /** The draft each plan came from. */
  readonly draftOf: Map<FieldPlan, Draft>;
}

const unavailable: ValueGenerator = () => null;

export function buildScopes(drafts: readonly Draft[]): PlannedScopes {
  const root: ScopePlan = { owner: null, parent: null, fields: [], order: [] };
  const itemsOwners = drafts.filter((d) => d.type.structure === 'items').map((d) => d.raw.name as string);
  const scopeByOwnerName = new Map<string, ScopePlan>();
  const plans: FieldPlan[] = [];
  const draftOf = new Map<FieldPlan, Draft>();
  const ownerOf = (name: string): string | null => {
    let best: string | null = null;
    for (const owner of itemsOwners) {
      if (name.startsWith(owner + '.') && (best === null || owner.length > best.length)) best = owner;
    }
    return best;
  };
  const scopeFor = (name: string): ScopePlan => {
    const owner = ownerOf(name);
    if (owner === null) return root;
    const existing = scopeByOwnerName.get(owner);
    if (existing) return existing;
    const ownerPlan = plans.find((p) => p.name === owner);
    // Owners come before their children in schema order in practice; if not, create the scope now.
    const parentScope = scopeFor(owner);
    const scope: ScopePlan = { owner: ownerPlan ?? null, parent: parentScope, fields: [], order: [] };
    scopeByOwnerName.set(owner, scope);
    return scope;
  };
  // Owners first, so every child scope knows its owner plan.
  const ordered = [...drafts].sort(
    (a, b) => Number(b.type.structure === 'items') - Number(a.type.structure === 'items') || a.position - b.position,
  );
  for (const draft of ordered) {
    const name = draft.raw.name as string;
    const owner = ownerOf(name);
    const plan: FieldPlan = {
      position: draft.position,
      name,
      parsed: draft.parsed,
      relativeSegments: owner === null ? draft.parsed.segments : draft.parsed.segments.slice(owner.split('.').length),
      type: draft.type,
      params: draft.params,
      percentBlank: draft.percentBlank,
      nameKey: hashString(name),
      scope: scopeFor(name),
      slot: -1,
      familyInstance: 0,
      childScope: null,
      generate: unavailable,
      formula: null,
      characterSource: null,
      characters: null,
    };
    draftOf.set(plan, draft);
    plans.push(plan);
  }
  for (const plan of plans) {
    if (plan.type.structure === 'items') {
      const child = scopeByOwnerName.get(plan.name) ?? { owner: plan, parent: plan.scope, fields: [], order: [] };
      (child as { owner: FieldPlan | null }).owner = plan;
      scopeByOwnerName.set(plan.name, child);
      plan.childScope = child;
    }
  }
  plans.sort((a, b) => a.position - b.position);
  for (const plan of plans) {
    (plan as { slot: number }).slot = plan.scope.fields.length;
    plan.scope.fields.push(plan);
  }
  return { root, scopes: [root, ...scopeByOwnerName.values()], plans, draftOf };
}
