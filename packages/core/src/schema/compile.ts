/**
 * Field specifications (spec 2.1) -> a validated, seed-independent plan: every field's type,
 * resolved parameters and generator; the scopes (the row, and each JSON Array's items); the
 * order that satisfies references between fields; and the output shape.
 *
 * Every problem is collected and reported at once, each naming its field and parameter.
 */
import type {
  CreateContext,
  Datasets,
  DatasetTable,
  FieldReference,
  ResolvedParams,
  RowState,
  TypeDefinition,
  ValueGenerator,
} from '../types/define-type.js';
import { findType, PLANNED_TYPES, typeNames } from '../types/registry.js';
import { hashString } from '../random/counter-random.js';
import { SchemaError, type Problem } from './errors.js';
import { parseFieldName, type ParsedFieldName } from './field-name.js';
import { resolveParams } from './params.js';
import { buildShape } from './build-shape.js';
import { FormulaError } from '../formula/ast.js';
import { compileFormula, FormulaErrors, type CompiledFormula } from '../formula/compile-formula.js';
import { closestMatch } from './suggest.js';
import type { RecordShape } from './shape.js';
// Bounds on a schema's size and work (issue 10): kept out of this file, called from three lines below.
import { fieldLabelText, withinNameLimits } from './spec-limits.js';
import { checkValuesPerRow } from './work-estimate.js';

export interface FieldPlan {
  /** Position in the schema (0-based). */
  readonly position: number;
  /** Full name as written. */
  readonly name: string;
  readonly parsed: ParsedFieldName;
  /** Name segments relative to the field's scope (the items field's name removed). */
  readonly relativeSegments: string[];
  readonly type: TypeDefinition;
  readonly params: ResolvedParams;
  /** 0..100 */
  readonly percentBlank: number;
  /** Stable per-name key: with the seed it keys this field's randomness. */
  readonly nameKey: number;
  readonly scope: ScopePlan;
  readonly slot: number;
  /** For JSON Array / Repeating Element: the scope of its items. */
  childScope: ScopePlan | null;
  generate: ValueGenerator;
  /** The `formula` property, compiled: applied to each generated value (`this`). */
  formula: CompiledFormula | null;
  /** What the type declared with declareCharacters, until resolved into `characters`. */
  characterSource: string | (() => string | null) | null;
  /** Every character the field's text values can contain; null when unknown. */
  characters: string | null;
}

export interface ScopePlan {
  /** The JSON Array / Repeating Element field whose items this scope describes; null for the row. */
  readonly owner: FieldPlan | null;
  readonly parent: ScopePlan | null;
  /** Fields in schema order; `order` is the evaluation order. */
  readonly fields: FieldPlan[];
  order: FieldPlan[];
}

export interface SchemaPlan {
  readonly fields: readonly FieldPlan[];
  readonly root: ScopePlan;
  readonly shape: RecordShape;
  /** Number of combinations the cartesian Custom Lists enumerate (1 when there are none). */
  readonly cartesianCombinations: number;
}

export const MAX_FIELDS = 1000;

const unavailable: ValueGenerator = () => null;

function fieldLabel(raw: unknown, position: number): string {
  if (raw && typeof raw === 'object' && typeof (raw as { name?: unknown }).name === 'string') {
    const name = (raw as { name: string }).name;
    if (name.trim() !== '') return fieldLabelText(name);
  }
  return `#${position + 1}`;
}

function unknownTypeMessage(type: string): string {
  const planned = PLANNED_TYPES.find((name) => name.toLowerCase() === type.trim().toLowerCase());
  if (planned) return `type "${planned}" is not available in this version of Rowloom yet`;
  const suggestion = closestMatch(type, typeNames());
  return `unknown type "${type}"` + (suggestion ? `; did you mean "${suggestion}"?` : '; GET /api/types (or `rowloom types`) lists them');
}

/**
 * A formula's generate('Type', ...): the type's generator, prepared like a field of that type
 * in the calling field's context (its references become the calling field's dependencies), or
 * the problems with the name and parameters.
 */
function createTypeInFormula(typeName: string, params: Record<string, unknown>, context: CreateContext): ValueGenerator | string[] {
  const type = findType(typeName);
  if (!type) return [unknownTypeMessage(typeName)];
  if (type.structure === 'items') return [`a ${type.name} shapes the output and cannot be generated inside a formula`];
  const problems: string[] = [];
  const report = (param: string | null, message: string) => problems.push(param ? `${param}: ${message}` : message);
  const known = new Set(type.params.map((p) => p.name));
  for (const name of Object.keys(params)) {
    if (!known.has(name)) report(null, `${type.name} has no parameter '${name}'` + (known.size > 0 ? ` (parameters: ${[...known].join(', ')})` : ''));
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

/** Reads the blank percentage, accepting the `percentageBlank` spelling one client library sends. */
function readPercentBlank(raw: Record<string, unknown>, problem: (param: string, message: string) => void): number {
  const key = raw.percentBlank !== undefined && raw.percentBlank !== null && raw.percentBlank !== '' ? 'percentBlank' : 'percentageBlank';
  const value = raw[key];
  if (value === undefined || value === null || value === '') return 0;
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n) || n < 0 || n > 100) {
    problem(key, `${JSON.stringify(value)} is not allowed; use a number from 0 to 100`);
    return 0;
  }
  return n;
}

export interface CompileOptions {
  /** The datasets Dataset Column and My List fields may read, by name (plain data). */
  datasets?: Datasets;
  /**
   * Every dataset name the caller has, for the message about a missing one, when `datasets`
   * holds only those the fields name (default: the names in `datasets`).
   */
  datasetNames?: readonly string[];
  /** When the generation started (formulas' now()); the same on every worker thread. */
  startedAtMs?: number;
  /** The generation's id (formulas' data_generation_uuid). */
  generationUuid?: string;
  /** Where this Rowloom is reached (CreateContext.publicUrl); default DEFAULT_PUBLIC_URL. */
  publicUrl?: string;
}

/** The address a local server listens on: image URLs point here when no other is given. */
export const DEFAULT_PUBLIC_URL = 'http://localhost:3000';

export function compileSchema(input: unknown, options: CompileOptions = {}): SchemaPlan {
  const problems: Problem[] = [];
  if (!Array.isArray(input)) {
    throw new SchemaError([{ field: null, param: null, message: 'the schema must be a JSON array of field specifications, e.g. [{"name": "id", "type": "Row Number"}]' }]);
  }
  if (input.length === 0) {
    throw new SchemaError([{ field: null, param: null, message: 'the schema has no fields; give at least one, e.g. [{"name": "id", "type": "Row Number"}]' }]);
  }
  if (input.length > MAX_FIELDS) {
    throw new SchemaError([{ field: null, param: null, message: `the schema has ${input.length} fields; at most ${MAX_FIELDS} are allowed` }]);
  }

  // Pass 1: names, types, parameters. Fields with a broken name or type are kept out of later passes.
  interface Draft {
    position: number;
    label: string;
    raw: Record<string, unknown>;
    parsed: ParsedFieldName;
    type: TypeDefinition;
    params: ResolvedParams;
    percentBlank: number;
    /** false when its parameters have problems: its generator is then never created. */
    valid: boolean;
  }
  const drafts: Draft[] = [];
  const seenNames = new Map<string, number>();
  input.forEach((raw, position) => {
    const label = fieldLabel(raw, position);
    const report = (param: string | null, message: string) => problems.push({ field: label, param, message });
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
      report(null, 'each field must be an object such as {"name": "id", "type": "Row Number"}');
      return;
    }
    const spec = raw as Record<string, unknown>;
    if (!withinNameLimits(spec, report)) return;
    let parsed: ParsedFieldName | null = null;
    if (typeof spec.name !== 'string' || spec.name.trim() === '') {
      report('name', 'is required: the column or key name, e.g. "first_name"');
    } else {
      const result = parseFieldName(spec.name);
      if (typeof result === 'string') report('name', result);
      else parsed = result;
      const earlier = seenNames.get(spec.name);
      if (earlier !== undefined) report('name', `duplicate field name; field #${earlier + 1} has the same name`);
      else seenNames.set(spec.name, position);
    }
    let type: TypeDefinition | undefined;
    if (typeof spec.type !== 'string' || spec.type.trim() === '') report('type', 'is required, e.g. "First Name"');
    else {
      type = findType(spec.type);
      if (!type) report('type', unknownTypeMessage(spec.type));
    }
    const problemsBefore = problems.length;
    const percentBlank = readPercentBlank(spec, report);
    if (spec.formula !== undefined && spec.formula !== null && typeof spec.formula !== 'string') {
      report('formula', `expected formula text, got ${JSON.stringify(spec.formula)}`);
    }
    if (!type || !parsed) return;
    const params = resolveParams(type.params, spec, report);
    type.check?.(params, report);
    if (parsed.repeat && type.structure === 'items') {
      report('name', `a ${type.name} field cannot use [n]; set its item counts with its own parameters`);
    }
    drafts.push({ position, label, raw: spec, parsed, type, params, percentBlank, valid: problems.length === problemsBefore });
  });

  // Pass 2: scopes. A field belongs to the innermost JSON Array / Repeating Element whose name
  // prefixes its own.
  const root: ScopePlan = { owner: null, parent: null, fields: [], order: [] };
  const itemsOwners = drafts.filter((d) => d.type.structure === 'items').map((d) => d.raw.name as string);
  const scopeByOwnerName = new Map<string, ScopePlan>();
  const plans: FieldPlan[] = [];
  const creatable = new Set<FieldPlan>();
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
  const ordered = [...drafts].sort((a, b) => Number(b.type.structure === 'items') - Number(a.type.structure === 'items') || a.position - b.position);
  for (const draft of ordered) {
    const name = draft.raw.name as string;
    const scope = scopeFor(name);
    const owner = ownerOf(name);
    const relative = owner === null ? draft.parsed.segments : draft.parsed.segments.slice(owner.split('.').length);
    const plan: FieldPlan = {
      position: draft.position,
      name,
      parsed: draft.parsed,
      relativeSegments: relative,
      type: draft.type,
      params: draft.params,
      percentBlank: draft.percentBlank,
      nameKey: hashString(name),
      scope,
      slot: -1,
      childScope: null,
      generate: unavailable,
      formula: null,
      characterSource: null,
      characters: null,
    };
    if (draft.valid) creatable.add(plan);
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

  checkValuesPerRow(plans, (field, message) => problems.push({ field, param: null, message }));

  // Pass 3: generators. References found here become the dependency edges.
  const dependsOn = new Map<FieldPlan, Set<FieldPlan>>(plans.map((p) => [p, new Set<FieldPlan>()]));
  const cartesianFields: { size: number; stride: number }[] = [];
  // References ask their target's character set through this, once resolution starts.
  const characterResolver: CharacterResolver = { characters: (plan) => plan.characters };
  const datasets = options.datasets ?? {};
  // Own keys only: a dataset may be called "constructor" or "__proto__".
  const findDataset = (name: string): DatasetTable | undefined => (Object.hasOwn(datasets, name) ? datasets[name] : undefined);
  const sharedValues = new Map<string, unknown>();
  const startedAtMs = options.startedAtMs ?? Date.now();
  const generationUuid = options.generationUuid ?? '00000000-0000-4000-8000-000000000000';
  const publicUrl = (options.publicUrl || DEFAULT_PUBLIC_URL).replace(/\/+$/, '');
  const draftsByPosition = new Map(drafts.map((d) => [d.position, d]));
  const draftsByPlan = new Map<FieldPlan, { raw: Record<string, unknown> }>();
  for (const plan of plans) {
    const draft = draftsByPosition.get(plan.position);
    if (draft) draftsByPlan.set(plan, draft);
  }
  for (const plan of plans) {
    if (!creatable.has(plan)) continue;
    const label = plan.name;
    const report = (param: string | null, message: string) => problems.push({ field: label, param, message });
    /**
     * Resolves `name` from this field and records the dependency: null when no field has that
     * name, undefined when it exists but cannot be read from here (reported).
     */
    const link = (name: string, param: string): FieldReference | null | undefined => {
      const found = resolveReference(plan, name, characterResolver);
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
      dependsOn.get(dependent)?.add(found.target);
      return found.reference;
    };
    /** Compiles formula text in this field's scope; problems are reported with line and column. */
    const compileFieldFormula = (source: string, param: string, hasThis: boolean): CompiledFormula | undefined => {
      try {
        return compileFormula(source, {
          field: (name) => link(name, param) ?? undefined,
          fieldNames: () => plans.map((p) => p.name),
          hasThis,
          startedAtMs,
          generationUuid,
          dataset: findDataset,
          datasetNames: context.datasetNames,
          shared: context.shared,
          createType: (typeName, params) => createTypeInFormula(typeName, params, context),
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
          const suggestion = closestMatch(name, plans.map((p) => p.name));
          report(param, `refers to unknown field "${name}"` + (suggestion ? `; did you mean "${suggestion}"?` : ''));
        }
        return reference ?? undefined;
      },
      formula: (source, param) => compileFieldFormula(source, param, false),
      cartesian: (size) => {
        const entry = { size: Math.max(1, size), stride: 1 };
        cartesianFields.push(entry);
        return { index: (row: RowState) => Math.floor(row.index / entry.stride) % entry.size };
      },
      declareCharacters: (characters) => {
        plan.characterSource = characters;
      },
      problem: report,
      dataset: findDataset,
      datasetNames: () => [...(options.datasetNames ?? Object.keys(datasets))],
      shared: <T>(key: string, make: () => T): T => {
        if (!sharedValues.has(key)) sharedValues.set(key, make());
        return sharedValues.get(key) as T;
      },
      publicUrl: () => publicUrl,
    };
    plan.generate = plan.type.create(plan.params, context);
    const formulaText = (draftsByPlan.get(plan)?.raw.formula as string | undefined | null) ?? '';
    if (formulaText.trim() !== '') plan.formula = compileFieldFormula(formulaText, 'formula', true) ?? null;
  }
  resolveCharacters(plans, characterResolver);
  // The first cartesian field is the outermost loop: its stride is the product of the later sizes.
  let combinations = 1;
  for (let i = cartesianFields.length - 1; i >= 0; i--) {
    cartesianFields[i].stride = combinations;
    combinations *= cartesianFields[i].size;
  }

  // Pass 4: evaluation order per scope (depth-first topological sort, cycles reported by name).
  const scopes = [root, ...scopeByOwnerName.values()];
  for (const scope of scopes) {
    const state = new Map<FieldPlan, 'visiting' | 'done'>();
    const order: FieldPlan[] = [];
    const visit = (plan: FieldPlan, path: FieldPlan[]) => {
      const seen = state.get(plan);
      if (seen === 'done') return;
      if (seen === 'visiting') {
        const cycle = path.slice(path.indexOf(plan)).concat(plan).map((p) => `"${p.name}"`);
        problems.push({ field: plan.name, param: null, message: `fields refer to each other in a cycle: ${cycle.join(' -> ')}` });
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

  const shape = buildShape(root, (field, message) => problems.push({ field, param: 'name', message }));
  if (problems.length > 0) throw new SchemaError(dedupe(problems));
  return { fields: plans, root, shape, cartesianCombinations: combinations };
}

interface CharacterResolver {
  characters(plan: FieldPlan): string | null;
}

/** Resolves declared character sets; functions may read other fields' sets (cycles give null). */
function resolveCharacters(plans: FieldPlan[], resolver: CharacterResolver): void {
  const resolving = new Set<FieldPlan>();
  const resolved = new Set<FieldPlan>();
  const resolve = (plan: FieldPlan): string | null => {
    if (resolved.has(plan)) return plan.characters;
    if (resolving.has(plan)) return null;
    resolving.add(plan);
    const source = plan.characterSource;
    plan.characters = typeof source === 'function' ? source() : source;
    resolving.delete(plan);
    resolved.add(plan);
    return plan.characters;
  };
  resolver.characters = resolve;
  for (const plan of plans) resolve(plan);
}

function dedupe(problems: Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.field}\u0000${p.param}\u0000${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Finds the field `name` refers to from `from`: a sibling in the same scope by relative or
 * full name, then the enclosing scopes outwards (spec 2.4: inside a JSON Array bare names
 * reach siblings and parent fields).
 */
function resolveReference(from: FieldPlan, name: string, resolver: CharacterResolver): { target: FieldPlan; reference: FieldReference } | null {
  let scope: ScopePlan | null = from.scope;
  let depth = 0;
  while (scope) {
    const target = scope.fields.find((f) => f.relativeSegments.join('.') === name || f.name === name);
    if (target) {
      const slot = target.slot;
      const levels = depth;
      const characters = () => resolver.characters(target);
      const reference: FieldReference =
        levels === 0
          ? { read: (row) => row.values[slot], characters }
          : {
              characters,
              read: (row) => {
                let current: RowState = row;
                for (let i = 0; i < levels && current.parent; i++) current = current.parent;
                return current.values[slot];
              },
            };
      return { target, reference };
    }
    scope = scope.parent;
    depth++;
  }
  return null;
}
