/**
 * Every field an import proposes must compile, and a text column's values must fit its length:
 * each table's fields are compiled with core's compileSchema, and the bounded text columns that
 * took a type from their name are sampled; a field that fails either becomes text that fits.
 * Reference and Child Number fields are left out: they compile only inside a project, with their
 * parent tables.
 */
import { compileSchema, generateObjects, SchemaError } from '@rowloom/core';
import type { ImportedColumn } from './import-model.js';
import { fittingText, wordsFitting, type FieldSpec } from './text-fit.js';

const SAMPLE_ROWS = 200;
export const REFERENCE_TYPE = 'Reference';
/** Types that read the project's other tables: they compile only inside a project. */
const RELATIONAL_TYPES = new Set([REFERENCE_TYPE, 'Child Number']);

/** The fields, with any that fails replaced; `note` receives a line per replacement. */
export function checkedFields(
  fields: FieldSpec[],
  columns: ImportedColumn[],
  note: (message: string) => void,
): FieldSpec[] {
  const byName = new Map(columns.map((c) => [c.name, c]));
  const replace = (field: FieldSpec): FieldSpec => {
    const column = byName.get(field.name);
    return column ? fittingText(field.name, column.type) : { name: field.name, type: 'Words', min: 1, max: 2 };
  };
  let result = fields;
  const failing = compileProblems(result);
  if (failing.size > 0) {
    for (const name of failing) note(`column ${name}: the field proposed did not compile; text instead`);
    result = result.map((f) => (failing.has(f.name) ? replace(f) : f));
  }
  // Words can be counted, not just sampled: a rare long draw would fail a load a sample missed.
  result = result.map((f) => wordsThatFit(f, byName.get(f.name)) ?? replace(f));
  const tooLong = overLength(result, byName);
  return result.map((f) => (tooLong.has(f.name) ? replace(f) : f));
}

/** A Words field whose most words may be longer than its column: fewer words (null: not even one fits). */
function wordsThatFit(field: FieldSpec, column: ImportedColumn | undefined): FieldSpec | null {
  const length = column?.type.kind === 'text' ? column.type.length : undefined;
  if (field.type !== 'Words' || length === undefined) return field;
  const fitting = wordsFitting(length);
  if (fitting < 1) return null;
  const max = Number(field.max ?? 1);
  if (max <= fitting) return field;
  return { ...field, max: fitting, min: Math.min(Number(field.min ?? 1), fitting) };
}

/** The names of the fields compileSchema rejects (References aside). */
export function compileProblems(fields: FieldSpec[]): Set<string> {
  const checked = fields.filter((f) => !RELATIONAL_TYPES.has(String(f.type)));
  if (checked.length === 0) return new Set();
  try {
    compileSchema(checked);
    return new Set();
  } catch (error) {
    if (!(error instanceof SchemaError)) throw error;
    return new Set(error.problems.map((p) => p.field ?? '').filter((name) => name !== ''));
  }
}

/** Bounded text columns whose sampled values are longer than the column allows. */
function overLength(fields: FieldSpec[], columns: Map<string, ImportedColumn>): Set<string> {
  const bounded = fields.filter((f) => {
    const type = columns.get(f.name)?.type;
    return !RELATIONAL_TYPES.has(String(f.type)) && type?.kind === 'text' && type.length !== undefined;
  });
  if (bounded.length === 0) return new Set();
  const rows = generateObjects(bounded, { count: SAMPLE_ROWS, seed: 1 });
  const long = new Set<string>();
  for (const field of bounded) {
    const limit = columns.get(field.name)?.type.length ?? Infinity;
    if (rows.some((row) => String(row[field.name] ?? '').length > limit)) long.add(field.name);
  }
  return long;
}
