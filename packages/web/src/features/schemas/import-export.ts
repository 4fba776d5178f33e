/**
 * Schemas as files: the established product's export ("backup") JSON, read and written, and
 * fields from a sample CSV, as the server infers them (POST /api/infer), added or replacing.
 */
import type { InferResult, SchemaExport } from '@rowloom/contract';
import { MAX_SCHEMA_SEED_LENGTH } from '@rowloom/contract/constants';
import { FORMAT_OPTIONS, type FormatOption } from './FileOptionsPanel-formats';
import {
  FORMATS,
  fieldsFromSpecs,
  randomSeed,
  type BuilderField,
  type Format,
  type FormatOptions,
  type SchemaState,
} from './schema-model';

/** The export's shape: {name, num_rows, file_format, ...file options, columns: [{name, type, null_percentage, formula, ...params}]}. */
export type { SchemaExport };

/** The server's own bound on a schema (core's MAX_FIELDS): more would only be refused, after freezing the grid. */
export const MAX_FIELDS = 1000;

/** Every format's options by name, with their kind (boolean, text, choice). */
const OPTION_KINDS = new Map(
  Object.values(FORMAT_OPTIONS).flatMap((options) => options.map((o) => [o.name, o.kind] as const)),
);

/** Options the export names otherwise than the generate query does (as the server's export and restore do). */
const EXPORT_KEYS: Record<string, string> = { table: 'table_name', create_table: 'include_create_table' };
const exportKey = (name: string) => EXPORT_KEYS[name] ?? name;

/** Line endings written as the characters themselves, as the server's restore also reads them. */
const LINE_ENDINGS: Record<string, string> = { '\n': 'unix', '\r\n': 'windows' };

/** The established product's names for formats Rowloom writes under another name. */
const FORMAT_ALIASES: Record<string, Format> = {
  tab: 'txt',
  tsv: 'txt',
  'tab-delimited': 'txt',
  excel: 'xlsx',
  ndjson: 'jsonl',
};

/** The name an export carries: the saved one, else a restored backup's; '' when there is neither. */
export function exportName(schema: Pick<SchemaState, 'name' | 'backupName'>): string {
  return schema.name || schema.backupName || '';
}

/** A value that says nothing (unset, null, empty text) is left out of an export rather than written as null or "". */
const isSet = (value: unknown) => value !== undefined && value !== null && value !== '';

export function toExport(schema: SchemaState): SchemaExport {
  const columns = schema.fields.map((f) => ({
    name: f.name,
    type: f.type,
    null_percentage: f.percentBlank,
    ...(f.formula.trim() ? { formula: f.formula } : {}),
    ...Object.fromEntries(Object.entries(f.params).filter(([, value]) => isSet(value))),
  }));
  const options = Object.fromEntries(
    Object.entries(schema.file.options)
      .filter(([name, value]) => OPTION_KINDS.has(name) && isSet(value))
      .map(([name, value]) => [exportKey(name), value]),
  );
  const name = exportName(schema);
  const { seed, fixedSeed } = schema.file;
  return {
    ...(name ? { name } : {}),
    num_rows: schema.file.count,
    file_format: schema.file.format,
    ...options,
    ...(fixedSeed && seed ? { seed } : {}),
    columns,
  } as SchemaExport;
}

export interface ImportedSchema {
  state: Omit<SchemaState, 'dirty'>;
  /** What the user should know: a format Rowloom does not write, for one. */
  notes: string[];
}

/** Reads an export; throws an Error saying what is wrong with the file. */
export function fromExport(json: unknown): ImportedSchema {
  if (!json || typeof json !== 'object' || Array.isArray(json))
    throw new Error('the file is not a schema export: expected a JSON object with "columns"');
  const doc = json as Record<string, unknown>;
  const specs = Array.isArray(doc.columns) ? doc.columns : Array.isArray(doc.fields) ? doc.fields : null;
  if (!specs) throw new Error('the file is not a schema export: it has no "columns" list');
  if (specs.length > MAX_FIELDS)
    throw new Error(`it has ${specs.length} columns; a schema holds at most ${MAX_FIELDS} fields`);
  specs.forEach((spec, i) => {
    if (!spec || typeof spec !== 'object' || Array.isArray(spec))
      throw new Error(`column ${i + 1} is not an object with "name" and "type"`);
  });
  const notes: string[] = [];
  const rawFormat = typeof doc.file_format === 'string' ? doc.file_format.trim().toLowerCase() : 'csv';
  let format: Format = 'csv';
  if ((FORMATS as readonly string[]).includes(rawFormat)) format = rawFormat as Format;
  else if (FORMAT_ALIASES[rawFormat]) format = FORMAT_ALIASES[rawFormat];
  else notes.push(`The file's format "${String(doc.file_format)}" is not one Rowloom writes; CSV is chosen instead.`);
  const rawCount = doc.num_rows ?? doc.count;
  const count = typeof rawCount === 'number' && Number.isSafeInteger(rawCount) && rawCount >= 1 ? rawCount : 1000;
  const options: FormatOptions = {};
  for (const [name, kind] of OPTION_KINDS) {
    // The export's key first; the query's name is what files written by this page before said.
    const value = readOption(name, kind, doc[exportKey(name)] ?? doc[name]);
    if (value !== undefined) options[name] = value;
  }
  const fields = fieldsFromSpecs(specs as Record<string, unknown>[]).map((field) => ({
    ...field,
    params: withoutNulls(field.params),
  }));
  const seed = fixedSeedOf(doc.seed);
  return {
    state: {
      name: typeof doc.name === 'string' ? doc.name.trim() : '',
      fields,
      file: { count, format, options, seed: seed ?? randomSeed(), fixedSeed: seed !== null },
    },
    notes,
  };
}

/** A fixed seed an export carries (as the server's export writes it: text; a whole number read as its digits). */
function fixedSeedOf(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return typeof value === 'string' && value !== '' && value.length <= MAX_SCHEMA_SEED_LENGTH ? value : null;
}

/** A file option's value as the form holds it: true/false also from their text, text as text; anything else is unset. */
function readOption(name: string, kind: FormatOption['kind'], value: unknown): string | boolean | undefined {
  if (kind === 'boolean')
    return typeof value === 'boolean' ? value : value === 'true' || value === 'false' ? value === 'true' : undefined;
  if (typeof value !== 'string') return undefined;
  return name === 'line_ending' ? (LINE_ENDINGS[value] ?? value) : value;
}

/** The export writes "formula": null and the like; a null parameter means "not set". */
function withoutNulls(params: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(params).filter(([name, value]) => value !== null && name !== 'id'));
}

/** What the dialog sends for inference at most: the server reads no more of a sample than this. */
export const MAX_SAMPLE_CHARS = 256 * 1024;

/**
 * The start of a sample CSV, at most MAX_SAMPLE_CHARS, cut after a line break so no record is
 * sent half (the server drops a record cut inside quotes).
 */
export function sampleHead(text: string): string {
  if (text.length <= MAX_SAMPLE_CHARS) return text;
  const head = text.slice(0, MAX_SAMPLE_CHARS);
  const lastBreak = head.lastIndexOf('\n');
  return lastBreak > 0 ? head.slice(0, lastBreak + 1) : head;
}

/** The server's inferred fields as the builder's fields (fresh keys, blank % and parameters). */
export function proposedFields(result: InferResult): BuilderField[] {
  return fieldsFromSpecs(result.fields);
}

/**
 * The fields after an import: the proposal alone, or appended after the current fields, an
 * imported name that is taken getting a number (a second "id" becomes "id_2"), as a schema's
 * field names must differ.
 */
export function fieldsAfterImport(current: BuilderField[], proposed: BuilderField[], replace: boolean): BuilderField[] {
  if (replace) return proposed;
  if (current.length + proposed.length > MAX_FIELDS)
    throw new Error(
      `adding ${proposed.length} fields to the ${current.length} there are makes more than ${MAX_FIELDS}; replace the current fields instead, or import fewer columns`,
    );
  const taken = new Set(current.map((f) => f.name));
  const added = proposed.map((field) => {
    let name = field.name;
    for (let n = 2; taken.has(name); n++) name = `${field.name}_${n}`;
    taken.add(name);
    return name === field.name ? field : { ...field, name };
  });
  return [...current, ...added];
}
