/**
 * The compiled plan's shapes: one FieldPlan per field, the scopes (the row, and each JSON Array's
 * items), and the schema's plan as a whole. Plain data the compiler fills in and the engine reads.
 */
import type { ResolvedParams, TypeDefinition, ValueGenerator } from '../kernel/define-type.js';
import type { CompiledFormula } from '../formula/compile-formula.js';
import type { ParsedFieldName } from './field-name.js';
import type { RecordShape } from '../kernel/shape.js';
import type { Problem } from './errors.js';

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
  /** Which record of its type's family the field reads (0: the first; see family-instances.ts). */
  familyInstance: number;
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
  /** What the user should hear that did not stop the schema (a formula's field('X') naming no field). */
  readonly warnings: readonly Problem[];
  readonly fields: readonly FieldPlan[];
  readonly root: ScopePlan;
  readonly shape: RecordShape;
  /** Number of combinations the cartesian Custom Lists enumerate (1 when there are none). */
  readonly cartesianCombinations: number;
  /**
   * True when nothing in the plan read the generation's own constants (formulas' now() and id,
   * the mock request, the row count a Scenario spans): the plan then makes the same rows for
   * any generation with the same fields, datasets, scenarios and public URL, and a thread may
   * keep it for the next one (pool-worker.ts).
   */
  readonly generationIndependent: boolean;
  /**
   * True when every row is a small, bounded piece of work (small-rows.ts): a server may then make
   * a small request's rows on its main thread for a short time slice.
   */
  readonly smallRows: boolean;
  /** Which fields each field reads: a project's parent table runs only the fields its children read and theirs. */
  readonly dependsOn: ReadonlyMap<FieldPlan, ReadonlySet<FieldPlan>>;
}
