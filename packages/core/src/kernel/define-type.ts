/**
 * The shape of a type definition. Every fact about a type lives in its one definition: the API
 * name, category, description, parameters (validated from this same description), output kind
 * and the generator. `GET /api/types`, validation, the docs and the web interface all read it.
 */
import type { CounterRandom } from '../random/counter-random.js';
import type { ScenarioCurve, Scenarios } from '../scenarios/scenario.js';
import type { Value } from './values.js';

export type ParamKind = 'integer' | 'decimal' | 'string' | 'boolean' | 'string[]' | 'json';

/**
 * What a string parameter's text stands for, when it is a point in time: a calendar day
 * (mm/dd/yyyy or yyyy-mm-dd), a day with an optional time of day, or a time of day. Editors
 * read it to offer a date or time picker; validation stays the type's own.
 */
export type ParamForm = 'date' | 'datetime' | 'time';

export interface ParamSpec {
  name: string;
  kind: ParamKind;
  description: string;
  /** Used when the parameter is absent, null or "". `undefined`: no default. */
  default?: unknown;
  /** For string parameters: the allowed values, matched in any case and resolved to this spelling (schema/allowed-values.ts). */
  allowed?: readonly string[];
  /** For numeric parameters: inclusive bounds. */
  min?: number;
  max?: number;
  /** The field is invalid without it. */
  required?: boolean;
  /** For string parameters that are a date or time: which (see ParamForm). */
  form?: ParamForm;
}

/** What a generated value is, for writers' column types (SQL create table) and the catalogue. */
export type OutputKind = 'string' | 'integer' | 'number' | 'boolean' | 'date' | 'datetime' | 'time' | 'json' | 'null';

/** Parameters after validation: numbers are numbers, booleans booleans, defaults filled in. */
export type ResolvedParams = Record<string, unknown>;

/** The row (or JSON Array item) being generated. */
export interface RowState {
  /** 0-based index within its scope: the row index at top level, the item index inside an array. */
  readonly index: number;
  /** 0-based index of the top-level row this belongs to. */
  readonly rowIndex: number;
  /** 32-bit key of this row or item: the counter-based randomness derives from it. */
  readonly key: number;
  /** The values of this scope's fields so far, by slot (see CreateContext.fieldSlot). */
  readonly values: Value[];
  /** The enclosing row when this is an item of a JSON Array / Repeating Element. */
  readonly parent: RowState | null;
  /** Per-row cache of family records (person, place...), so the fields of a family agree. */
  family<T>(family: FamilyDefinition<T>): T;
}

/** A family: fields that read one record per row, drawn the first time any of them asks. */
export interface FamilyDefinition<T> {
  /** Keys the family's own randomness; stable, never a field name. */
  readonly name: string;
  draw(random: CounterRandom, row: RowState): T;
}

/** The per-row function a type's `create` returns. `random` is already reset for this row. */
export type ValueGenerator = (random: CounterRandom, row: RowState) => Value;

/** A compiled formula: run once per row with the field's own generated value as `this`. */
export interface CompiledFormula {
  evaluate(row: RowState, self: Value, random: CounterRandom): Value;
  /** The formula as a Formula field's generator: its values charged to the row's budget, as budgeted() would. */
  fieldGenerator(): ValueGenerator;
  /**
   * Every character the text of a value can hold (null: any), worked out from the formula's
   * tree (formula/output-characters.ts), for CreateContext.declareCharacters. Ask only after
   * every field is created: it reads the characters the referenced fields declared.
   */
  characters(): string | null;
}

/**
 * How a Date, Datetime or Time field writes its values, so a formula can read them back as
 * dates (see formula/field-dates.ts): the type's output kind and its strftime format.
 */
export interface FieldDateFormat {
  readonly output: 'date' | 'datetime' | 'time';
  readonly format: string;
}

/** A reference from one field to another one's value in the same row (or item). */
export interface FieldReference {
  /** Set when the referenced field is a Date, Datetime or Time field: formulas read its values as dates. */
  readonly date?: FieldDateFormat;
  /** Reads the referenced value while generating a row. Null until the field has a value. */
  read(row: RowState): Value;
  /**
   * Set when `read(row)` is exactly `row.values[slot]` (a field of the same scope): a formula
   * then reads the slot in the closure of the operator or call that uses the value, without a
   * call of its own (formula/field-slots.ts).
   */
  readonly slot?: number;
  /** The referenced field's declared characters (see CreateContext.declareCharacters); call only after create(). */
  characters(): string | null;
}

/**
 * An uploaded table (a user's dataset) as the engine receives it: plain, serialisable data, so
 * worker threads get their own copy. Every row has one text per column ('' for an empty cell).
 */
export interface DatasetTable {
  readonly columns: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

/**
 * A stored dataset as text (a server's): its rows stay the JSON text they are stored as until
 * they reach the thread that makes rows, where they are parsed (engine/dataset-texts.ts) and a
 * parsed copy is kept by `revision` for the next generation. The thread that only checks a
 * schema and forwards bytes (a server's main thread) never parses them: it sees the columns and
 * the row count (DatasetView).
 */
export interface DatasetText {
  /** Names the content: the same revision, the same rows. */
  readonly revision: string;
  readonly columns: readonly string[];
  readonly rowCount: number;
  /**
   * JSON.stringify of the rows (an array of arrays of strings), as text or as its UTF-8 bytes;
   * bytes in a SharedArrayBuffer reach worker threads without a copy.
   */
  readonly rowsJson: string | Uint8Array;
}

/** The datasets a schema may read (Dataset Column, My List), by name. */
export type Datasets = Readonly<Record<string, DatasetTable | DatasetText>>;

/**
 * A dataset as a compile sees it. `rows` is null when they are not on this thread (a
 * DatasetText compiled where no rows are made): the compile checks names and counts, reads no
 * value and makes generators that are never run (engine/dataset-texts.ts, unreadRows).
 */
export interface DatasetView {
  readonly columns: readonly string[];
  readonly rowCount: number;
  readonly rows: readonly (readonly string[])[] | null;
}

/** Offered to `create` once per field when a schema is compiled. */
export interface CreateContext {
  /** The field's full name as written in the schema. */
  readonly fieldName: string;
  /**
   * Declares that this field reads another field and returns how to read it; the engine
   * generates the other field first. Unknown names and cycles are reported as errors naming
   * the fields involved. Resolution: sibling in the same item, then the enclosing scopes.
   */
  reference(name: string, param: string): FieldReference | undefined;
  /**
   * For selectionStyle "cartesian": where this field sits in the schema's enumeration of all
   * cartesian fields (the first one is the outermost loop).
   */
  cartesian(size: number): { index(row: RowState): number };
  /**
   * Declares every character this field's text values can contain (a superset is fine). Writers
   * then skip escaping checks for the field where none of their special characters can occur,
   * which is most of the cost of writing a row. A function is called once all fields exist (for
   * types built from other fields, such as Template). Undeclared: every value is checked.
   */
  declareCharacters(characters: string | (() => string | null)): void;
  /** Records a problem with one of this field's parameters (compile fails, all problems listed). */
  problem(param: string | null, message: string): void;
  /**
   * Compiles formula text in this field's scope: the fields it names become dependencies;
   * problems are reported on `param` with line and column. undefined when it has problems.
   */
  formula(source: string, param: string): CompiledFormula | undefined;
  /** The dataset of that name given to the compiler; undefined when there is none. */
  dataset(name: string): DatasetView | undefined;
  /** Every dataset name the caller has (CompileOptions.datasetNames, else those given), for messages. */
  datasetNames(): string[];
  /** The scenario of that name given to the compiler; undefined when there is none. */
  scenario(name: string): ScenarioCurve | undefined;
  /** Every scenario name the caller has (CompileOptions.scenarioNames, else those given), for messages. */
  scenarioNames(): string[];
  /** The generation's row count when known (CompileOptions.rowCount), else null. */
  rowCount(): number | null;
  /**
   * One value per schema and key, made by the first field that asks and handed to every later
   * one: how fields of one schema agree on something (two cartesian Dataset Columns of one
   * dataset share one loop position). Keys are namespaced by the type that uses them.
   */
  shared<T>(key: string, make: () => T): T;
  /**
   * The address this Rowloom serves its own endpoints at, without a trailing slash (e.g.
   * "https://rowloom.example.com"): Avatar and Dummy Image URL point at its image endpoints.
   */
  publicUrl(): string;
  /** The other tables of the project, when the fields are one of its tables (CompileOptions.relations). */
  relations(): TableRelations | undefined;
}

export interface TypeDefinition {
  /** The API identifier, e.g. "First Name". */
  name: string;
  /** Other accepted names (older or branded spellings). */
  aliases?: readonly string[];
  category: string;
  description: string;
  params: readonly ParamSpec[];
  output: OutputKind;
  /**
   * The output kind of a field with these (resolved) parameters, when they make it narrower than
   * `output`: a Custom List of numbers gives numbers. Writers' column types read it.
   */
  outputOf?(params: ResolvedParams): OutputKind;
  /**
   * Structural types shape the output rather than produce a scalar: "items" makes a JSON Array
   * or Repeating Element whose children are the fields named `<name>.<child>`.
   */
  structure?: 'items';
  /** The family whose per-row record this type reads (its FamilyDefinition.name), when it reads one. */
  family?: string;
  /** Parameters for the catalogue's example value when the defaults alone are not enough. */
  exampleParams?: Record<string, unknown>;
  /** Datasets the catalogue's example reads (for the types that read uploaded datasets). */
  exampleDatasets?: Datasets;
  /**
   * For types that read other tables of a project (Reference): the tables the catalogue's example
   * refers to, and fields put beside the example field in its own table (docs/relations.md).
   */
  exampleProject?: { parents: { name: string; count: number; fields: unknown[] }[]; siblings: unknown[] };
  /** Scenarios the catalogue's example reads (for the Scenario type). */
  exampleScenarios?: Scenarios;
  /** Cross-parameter checks beyond what ParamSpec expresses (min <= max...). */
  check?(params: ResolvedParams, problem: (param: string | null, message: string) => void): void;
  /**
   * Whether this type's values are small (SMALL_VALUES below): `true` for any parameters, a
   * function for some; absent means not known to be small, the safe default. A server makes the
   * rows of small requests whose every field is small on its main thread (schema/small-rows.ts).
   */
  smallValues?: true | ((params: ResolvedParams) => boolean);
  /** Prepares everything expensive once per field and returns the per-row generator. */
  create(params: ResolvedParams, context: CreateContext): ValueGenerator;
}

/**
 * The rule for TypeDefinition.smallValues. A type's values are small when making one takes a
 * bounded few microseconds whatever the parameters allow (a few random draws, a look-up in a
 * table prepared once, a short format; no loop whose length a parameter or another field
 * chooses, no regular expression, no formula, no image, no cryptographic digest or cipher, no
 * stored dataset), and its text is at most SMALL_VALUE_MAX_CHARACTERS long. A parameter that
 * can make values long or slow (a word count, a format or list text) makes the declaration a
 * function of the parameters. Every type declared small was measured at under 10 µs per value
 * (most under 2); small-values.test.ts checks the length bound.
 */
export const SMALL_VALUE_MAX_CHARACTERS = 512;

/** A text parameter short enough for small values (a format, SQL text): its output stays short too. */
export const SMALL_TEXT_PARAMETER = 64;

/**
 * A small type that reads other fields' values (a Template) reads at most this many per value;
 * schema/small-rows.ts counts such a field as this many values more.
 */
export const SMALL_VALUE_MAX_READS = 4;

/** A text parameter (resolved) short enough for small values: SMALL_TEXT_PARAMETER characters at most. */
export function isShortText(value: unknown): boolean {
  return typeof value === 'string' && value.length <= SMALL_TEXT_PARAMETER;
}

/** Whether a field of `type` with these (resolved) parameters makes small values. */
export function hasSmallValues(type: TypeDefinition, params: ResolvedParams): boolean {
  const declared = type.smallValues;
  return declared === true || (typeof declared === 'function' && declared(params));
}

/** Identity function that gives type definitions their type without a cast. */
export function defineType(definition: TypeDefinition): TypeDefinition {
  return definition;
}

/**
 * What a table of a project can read of the other tables while it generates (the engine's
 * relation runtime implements it, engine/relation-runtime.ts): declared here so types and the
 * formula compiler can use it without depending on the engine that makes rows.
 */
export interface TableRelations {
  /** The table being generated. */
  readonly table: string;
  /**
   * A Reference field's reader: the parent row's column for each row (null for a row without a
   * parent), or the problem with its parameters.
   */
  reference(field: string, params: ResolvedParams): ((row: RowState) => Value) | string;
  /**
   * A formula's `parent.column` or `table.column`: the column of the row that the table's link
   * of that name refers to (`parent`: the link with children); the problem when the link has no
   * such column; undefined when no link has that name.
   */
  related(name: string, column: string): FieldReference | string | undefined;
  /**
   * A formula's children('table', 'column'): that column of the rows of `table` whose reference
   * with children points at this row, as a list; or why there are none.
   */
  children(table: string, column: string): ((row: RowState) => Value[]) | string;
  /** Child Number: the row's place among its driving parent's rows (1, 2, ...), or why it has none. */
  childNumber(): ((row: RowState) => number) | string;
}
