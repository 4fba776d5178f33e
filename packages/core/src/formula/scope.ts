/**
 * What the formula compiler needs from the schema around a formula, and the state a compiled
 * formula runs with. Kept apart from the compiler's modules so each of them imports only this.
 */
import type { MockRequestData } from '../kernel/request-data.js';
import type { DatasetView, FieldDateFormat, FieldReference, RowState, ValueGenerator } from '../kernel/define-type.js';
import type { Value } from '../kernel/values.js';
import type { FormulaNode, Position } from './ast.js';
import type { CallEnvironment } from './functions.js';

/** What a formula can see: the row's fields, and its own value in a `formula` property. */
export interface FormulaScope {
  /** Resolves a field (sibling, then enclosing scopes) and records the dependency; undefined when unknown. */
  field(name: string): FieldReference | undefined;
  /** Every field name, for "did you mean". */
  fieldNames(): readonly string[];
  /** `this` (the field's own generated value) is available: true for a field's formula property. */
  hasThis: boolean;
  /** Set when the formula's own field is a Date, Datetime or Time: `this` is a date, and a date result is written in this format. */
  selfDate?: FieldDateFormat;
  /** The generation's reference time: now(), Time.now, Date.today. */
  startedAtMs: number;
  generationUuid: string;
  /** A dataset the caller gave, for from_dataset; undefined when there is none of that name. */
  dataset(name: string): DatasetView | undefined;
  /** Every dataset name the caller has, for the message about a missing one. */
  datasetNames(): readonly string[];
  /** One value per schema and key: a dataset's join index is built once for every formula using it. */
  shared<T>(key: string, make: () => T): T;
  /** In a mock endpoint: what request_params and request_entity read (both empty when absent). */
  request?: MockRequestData;
  /**
   * In a table of a project: `parent.column` / `customers.column` read the column of the row a
   * link of that name refers to (kernel/relations.ts); undefined when no link has that name.
   */
  related?(name: string, column: string): FieldReference | string | undefined;
  /** In a table of a project: children('table', 'column') (kernel/define-type.ts, TableRelations.children). */
  children?(table: string, column: string): ((row: RowState) => Value[]) | string;
  /**
   * Something the user should hear about that does not stop the generation (field('X') naming no
   * field reads as nil, as in Mockaroo): shown with the output (SchemaPlan.warnings).
   */
  warn?(message: string): void;
  /**
   * Set only when a plan is compiled to try its first rows for run-time faults
   * (engine/fault-probe.ts): a value the formula could not work on (5.upcase, a division by
   * zero, a block past its budget) is reported here; it still gives nil.
   */
  fault?(message: string): void;
  /** generate('Type', ...): that type's generator, or the problems with the name or parameters. */
  createType(typeName: string, params: Record<string, unknown>): ValueGenerator | string[];
}

/** The state one evaluation reads: refilled for each row, never reallocated. */
export interface Frame {
  row: RowState;
  self: Value;
  environment: CallEnvironment;
  /** The locals of a formula or handler that assigns some (`a = 1`), by slot; nil again at each evaluation. */
  locals?: unknown[];
}

/** A compiled node: evaluates it for the row in the frame. */
export type Thunk = (frame: Frame) => unknown;

/** What every part of the compiler shares while compiling one formula. */
export interface CompileContext {
  readonly scope: FormulaScope;
  /** Records a problem (all are reported together) and returns a stand-in for the broken node. */
  fail(message: string, position: Position): Thunk;
  /** Compiles a sub-expression. */
  compile(node: FormulaNode): Thunk;
  /** "; did you mean 'x'?" for an unknown name (fields and functions), or ''. */
  suggestName(name: string): string;
  /**
   * Locals assigned so far in the source, by slot: present where locals are allowed (formulas of
   * several statements, handlers). A name is a local from its first assignment on, as in Ruby.
   */
  readonly locals?: Map<string, number>;
  /**
   * Present when the formula stores into hashes or lists (`h['k'] = v`): what it reads from the
   * row or the request is a copy, so its stores change only its own values (store-values.ts);
   * each value read has a hidden local slot for its copy, by name.
   */
  readonly readCopies?: Map<string, number>;
  /** How many slots the locals (and block parameters) have taken: the frame's locals are this long. */
  readonly localSlots?: { count: number };
}

/** Nodes of one kind. */
export type NodeOf<K extends FormulaNode['kind']> = Extract<FormulaNode, { kind: K }>;
