/**
 * Pass 3 of the compiler: every valid field's generator and compiled formula. The references
 * fields make while being created become the dependency edges pass 4 orders by.
 */
import type { DatasetView } from '../kernel/define-type.js';
import { datasetView } from '../kernel/dataset-view.js';
import { DEFAULT_PUBLIC_URL, type CompileOptions } from './compile-options.js';
import type { Problem } from './errors.js';
import {
  createFieldContext,
  type CartesianField,
  type CharacterResolver,
  type GenerationEnvironment,
} from './field-context.js';
import type { FieldPlan } from './plan.js';
import type { Draft } from './read-drafts.js';

export interface CreatedGenerators {
  readonly dependsOn: ReadonlyMap<FieldPlan, ReadonlySet<FieldPlan>>;
  /** Number of combinations the cartesian Custom Lists enumerate (1 when there are none). */
  readonly cartesianCombinations: number;
  /** See SchemaPlan.generationIndependent. */
  readonly generationIndependent: boolean;
}

export function createGenerators(
  plans: readonly FieldPlan[],
  draftOf: ReadonlyMap<FieldPlan, Draft>,
  options: CompileOptions,
  problems: Problem[],
  warnings: Problem[] = [],
): CreatedGenerators {
  const env = generationEnvironment(plans, options, problems, warnings);
  for (const plan of plans) {
    const draft = draftOf.get(plan);
    if (!draft?.valid) continue;
    const field = createFieldContext(plan, env);
    plan.generate = plan.type.create(plan.params, field.context);
    const formulaText = (draft.raw.formula as string | undefined | null) ?? '';
    if (formulaText.trim() !== '') plan.formula = field.compileFormula(formulaText, 'formula', true) ?? null;
  }
  resolveCharacters(plans, env.characterResolver);
  return {
    dependsOn: env.dependsOn,
    cartesianCombinations: assignCartesianStrides(env.cartesianFields),
    generationIndependent: !env.constantsRead.value,
  };
}

function generationEnvironment(
  plans: readonly FieldPlan[],
  options: CompileOptions,
  problems: Problem[],
  warnings: Problem[],
): GenerationEnvironment {
  const datasets = options.datasets ?? {};
  const scenarios = options.scenarios ?? {};
  return {
    plans,
    problems,
    warnings,
    ...(options.onFault ? { onFault: options.onFault } : {}),
    dependsOn: new Map(plans.map((p) => [p, new Set<FieldPlan>()])),
    cartesianFields: [],
    // References ask their target's character set through this, once resolution starts.
    characterResolver: { characters: (plan) => plan.characters },
    // Own keys only: a dataset may be called "constructor" or "__proto__".
    findDataset: (name: string): DatasetView | undefined =>
      Object.hasOwn(datasets, name) ? datasetView(datasets[name]) : undefined,
    datasetNames: () => [...(options.datasetNames ?? Object.keys(datasets))],
    findScenario: (name: string) => (Object.hasOwn(scenarios, name) ? scenarios[name] : undefined),
    scenarioNames: () => [...(options.scenarioNames ?? Object.keys(scenarios))],
    rowCount: options.rowCount ?? null,
    sharedValues: new Map(),
    startedAtMs: options.startedAtMs ?? Date.now(),
    generationUuid: options.generationUuid ?? '00000000-0000-4000-8000-000000000000',
    publicUrl: (options.publicUrl || DEFAULT_PUBLIC_URL).replace(/\/+$/, ''),
    request: options.request,
    constantsRead: { value: false },
    relations: options.relations,
  };
}

/** The first cartesian field is the outermost loop: its stride is the product of the later sizes. */
function assignCartesianStrides(cartesianFields: CartesianField[]): number {
  let combinations = 1;
  for (let i = cartesianFields.length - 1; i >= 0; i--) {
    cartesianFields[i].stride = combinations;
    combinations *= cartesianFields[i].size;
  }
  return combinations;
}

/** Resolves declared character sets; functions may read other fields' sets (cycles give null). */
function resolveCharacters(plans: readonly FieldPlan[], resolver: CharacterResolver): void {
  const resolving = new Set<FieldPlan>();
  const resolved = new Set<FieldPlan>();
  const resolve = (plan: FieldPlan): string | null => {
    if (resolved.has(plan)) return plan.characters;
    if (resolving.has(plan)) return null;
    resolving.add(plan);
    // A formula replaces the type's value with anything text can hold: only values the type
    // itself produced may skip the writers' escaping checks.
    const source = plan.formula ? null : plan.characterSource;
    plan.characters = typeof source === 'function' ? source() : source;
    resolving.delete(plan);
    resolved.add(plan);
    return plan.characters;
  };
  resolver.characters = resolve;
  for (const plan of plans) resolve(plan);
}
