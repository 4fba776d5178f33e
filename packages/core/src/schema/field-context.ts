/**
 * The CreateContext a field's type is created with (pass 3 of the compiler): how it reads other
 * fields (each read becomes a dependency edge), compiles formulas, enumerates cartesian lists,
 * reads datasets and shares prepared values with other fields.
 */
import type { MockRequestData } from '../kernel/request-data.js';
import type { ScenarioCurve } from '../scenarios/scenario.js';
import type { CreateContext, DatasetView, FieldReference, RowState, ValueGenerator } from '../kernel/define-type.js';
import { findType } from '../types/registry.js';
import { FormulaError } from '../formula/ast.js';
import { compileFormula, FormulaErrors, type CompiledFormula } from '../formula/compile-formula.js';
import { fieldDateFormat } from '../formula/field-dates.js';
import type { Problem } from './errors.js';
import { resolveParams } from './params.js';
import type { FieldPlan, ScopePlan } from './plan.js';
import { buildShape } from './build-shape.js';
import { plainItems } from './plain-objects.js';
import type { ShapeNode } from '../kernel/shape.js';
import type { Value } from '../kernel/values.js';
import { unknownTypeMessage } from './read-drafts.js';
import { closestMatch } from '../kernel/suggest.js';
import type { TableRelations } from '../kernel/define-type.js';

/** Hands out a field's resolved character set (set up by resolveCharacters). */
export interface CharacterResolver {
  characters(plan: FieldPlan): string | null;
}

/** A cartesian Custom List: its number of values, and how many rows each value lasts. */
export interface CartesianField {
  size: number;
  stride: number;
}

/** What every field's context shares within one compilation. */
export interface GenerationEnvironment {
  readonly plans: readonly FieldPlan[];
  readonly problems: Problem[];
  /** What does not stop the generation but the user should hear (SchemaPlan.warnings). */
  readonly warnings: Problem[];
  /** Dependency edges: a field -> the fields it reads. */
  readonly dependsOn: Map<FieldPlan, Set<FieldPlan>>;
  readonly cartesianFields: CartesianField[];
  readonly characterResolver: CharacterResolver;
  readonly findDataset: (name: string) => DatasetView | undefined;
  readonly datasetNames: () => string[];
  readonly findScenario: (name: string) => ScenarioCurve | undefined;
  readonly scenarioNames: () => string[];
  readonly rowCount: number | null;
  readonly sharedValues: Map<string, unknown>;
  readonly startedAtMs: number;
  readonly generationUuid: string;
  readonly publicUrl: string;
  /** The mock request formulas read (CompileOptions.request). */
  readonly request?: MockRequestData;
  /** CompileOptions.onFault: formulas compiled with run-time fault checks report here. */
  readonly onFault?: (problem: Problem) => void;
  /** Set when a field read a per-generation constant (see SchemaPlan.generationIndependent). */
  readonly constantsRead: { value: boolean };
  /** CompileOptions.relations: the other tables of the project, when the fields are one of its tables. */
  readonly relations?: TableRelations;
}

export interface FieldContext {
  readonly context: CreateContext;
  /** Compiles formula text in the field's scope; problems are reported with line and column. */
  compileFormula(source: string, param: string, hasThis: boolean): CompiledFormula | undefined;
}

export function createFieldContext(plan: FieldPlan, env: GenerationEnvironment): FieldContext {
  const report = (param: string | null, message: string) => env.problems.push({ field: plan.name, param, message });
  const link = (name: string, param: string) => linkReference(plan, name, param, env, report);
  const compileFieldFormula = (source: string, param: string, hasThis: boolean): CompiledFormula | undefined => {
    // A formula may read now(), the generation's id or the mock request, whatever its text.
    env.constantsRead.value = true;
    try {
      return compileFormula(source, {
        field: (name) => link(name, param) ?? undefined,
        fieldNames: () => env.plans.map((p) => p.name),
        hasThis,
        selfDate: hasThis ? fieldDateFormat(plan.type.output, plan.params) : undefined,
        startedAtMs: env.startedAtMs,
        generationUuid: env.generationUuid,
        dataset: env.findDataset,
        datasetNames: env.datasetNames,
        shared: context.shared,
        createType: (typeName, params) => createTypeInFormula(typeName, params, context),
        request: env.request,
        related: env.relations ? (name, column) => env.relations!.related(name, column) : undefined,
        children: env.relations ? (table, column) => env.relations!.children(table, column) : undefined,
        warn: (message) => env.warnings.push({ field: plan.name, param, message }),
        ...(env.onFault ? { fault: (message: string) => env.onFault!({ field: plan.name, param, message }) } : {}),
      });
    } catch (error) {
      const errors = error instanceof FormulaErrors ? error.errors : error instanceof FormulaError ? [error] : null;
      if (!errors) throw error;
      for (const e of errors) report(param, e.message);
      return undefined;
    }
  };
  const context: CreateContext = {
    fieldName: plan.name,
    reference: (name, param) => {
      const reference = link(name, param);
      if (reference === null) {
        const suggestion = closestMatch(
          name,
          env.plans.map((p) => p.name),
        );
        report(param, `refers to unknown field "${name}"` + (suggestion ? `; did you mean "${suggestion}"?` : ''));
      }
      return reference ?? undefined;
    },
    formula: (source, param) => compileFieldFormula(source, param, false),
    cartesian: (size) => {
      const entry = { size: Math.max(1, size), stride: 1 };
      env.cartesianFields.push(entry);
      return { index: (row: RowState) => Math.floor(row.index / entry.stride) % entry.size };
    },
    declareCharacters: (characters) => {
      plan.characterSource = characters;
    },
    problem: report,
    dataset: env.findDataset,
    datasetNames: env.datasetNames,
    scenario: env.findScenario,
    scenarioNames: env.scenarioNames,
    rowCount: () => {
      env.constantsRead.value = true;
      return env.rowCount;
    },
    shared: <T>(key: string, make: () => T): T => {
      if (!env.sharedValues.has(key)) env.sharedValues.set(key, make());
      return env.sharedValues.get(key) as T;
    },
    publicUrl: () => env.publicUrl,
    relations: () => env.relations,
  };
  return { context, compileFormula: compileFieldFormula };
}

/**
 * Resolves `name` from `plan` and records the dependency: null when no field has that name,
 * undefined when it exists but cannot be read from here (reported).
 */
function linkReference(
  plan: FieldPlan,
  name: string,
  param: string,
  env: GenerationEnvironment,
  report: (param: string | null, message: string) => void,
): FieldReference | null | undefined {
  const found = resolveReference(plan, name, env.characterResolver);
  if (!found) return null;
  if (found.target === plan) {
    report(param, 'a field cannot refer to itself');
    return undefined;
  }
  // The edge goes from the field (or the items field enclosing it at the target's level) to the target.
  let dependent: FieldPlan = plan;
  while (dependent.scope !== found.target.scope && dependent.scope.owner) dependent = dependent.scope.owner;
  if (dependent.scope !== found.target.scope) {
    report(param, `cannot read "${name}": it is inside a JSON Array that "${plan.name}" is not part of`);
    return undefined;
  }
  env.dependsOn.get(dependent)?.add(found.target);
  return found.reference;
}

/**
 * A formula's generate('Type', ...): the type's generator, prepared like a field of that type
 * in the calling field's context (its references become the calling field's dependencies), or
 * the problems with the name and parameters.
 */
function createTypeInFormula(
  typeName: string,
  params: Record<string, unknown>,
  context: CreateContext,
): ValueGenerator | string[] {
  const type = findType(typeName);
  if (!type) return [unknownTypeMessage(typeName)];
  if (type.structure === 'items') return [`a ${type.name} shapes the output and cannot be generated inside a formula`];
  const problems: string[] = [];
  const report = (param: string | null, message: string) => problems.push(param ? `${param}: ${message}` : message);
  const known = new Set(type.params.map((p) => p.name));
  for (const name of Object.keys(params)) {
    if (!known.has(name))
      report(
        null,
        `${type.name} has no parameter '${name}'` + (known.size > 0 ? ` (parameters: ${[...known].join(', ')})` : ''),
      );
  }
  const resolved = resolveParams(type.params, params, report);
  type.check?.(resolved, report);
  if (problems.length > 0) return problems;
  const generator = type.create(resolved, {
    ...context,
    problem: report,
    // The formula's output is checked by the writers as a whole; the inner type declares nothing.
    declareCharacters: () => {},
    cartesian: () => {
      report(null, 'cartesian selection enumerates the rows of a schema and cannot be used inside a formula');
      return { index: () => 0 };
    },
  });
  return problems.length > 0 ? problems : generator;
}

/**
 * Finds the field `name` refers to from `from`: a sibling in the same scope by relative or
 * full name, then the enclosing scopes outwards (inside a JSON Array bare names reach
 * siblings and then parent fields, as in Mockaroo).
 */
function resolveReference(
  from: FieldPlan,
  name: string,
  resolver: CharacterResolver,
): { target: FieldPlan; reference: FieldReference } | null {
  let scope: ScopePlan | null = from.scope;
  let depth = 0;
  while (scope) {
    const target = scope.fields.find((f) => f.relativeSegments.join('.') === name || f.name === name);
    if (target) {
      const slot = target.slot;
      const levels = depth;
      // A repeated field ([n]) or a JSON Array holds a list, which a reader turns into JSON text
      // (brackets, quotes, commas): only a single value's text is made of its declared characters.
      const holdsList = target.parsed.repeat !== null || target.childScope !== null;
      const characters = () => (holdsList ? null : resolver.characters(target));
      const date = fieldDateFormat(target.type.output, target.params);
      const inScope = (row: RowState): RowState => {
        let current: RowState = row;
        for (let i = 0; i < levels && current.parent; i++) current = current.parent;
        return current;
      };
      const reference: FieldReference =
        target.childScope !== null
          ? { characters, date, read: itemsReader(target.childScope, slot, inScope) }
          : levels === 0
            ? { read: (row) => row.values[slot], characters, date, slot }
            : { characters, date, read: (row) => inScope(row).values[slot] };
      return { target, reference };
    }
    scope = scope.parent;
    depth++;
  }
  return null;
}

/**
 * A JSON Array field read by another field: a list of hashes keyed as the JSON output keys them
 * (`R.length`, `R[0]['price']` in a formula), not the engine's slots. The keys are worked out
 * at the first read, when every field of the scope is planned.
 */
function itemsReader(scope: ScopePlan, slot: number, inScope: (row: RowState) => RowState): (row: RowState) => Value {
  let nodes: readonly ShapeNode[] | null = null;
  return (row) => {
    nodes ??= buildShape(scope, () => {}).nodes;
    return plainItems(nodes, inScope(row).values[slot]) as Value;
  };
}
