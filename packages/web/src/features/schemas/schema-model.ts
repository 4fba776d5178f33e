/**
 * The schema being edited: its fields (as the generate endpoint takes them) and its file
 * options (as the generate endpoint's query parameters). One reducer changes it, so every
 * part of the page (grid, options, preview, toolbar) sees the same state.
 */

export const FORMATS = [
  'csv',
  'json',
  'txt',
  'custom',
  'sql',
  'xml',
  'xlsx',
  'jsonl',
  'firebase',
  'cql',
  'dbunit',
] as const;
export type Format = (typeof FORMATS)[number];

export interface BuilderField {
  /** Stable identity for React and drag and drop; never sent to the server. */
  key: string;
  name: string;
  type: string;
  /** The type's parameters, by the names GET /api/types gives. */
  params: Record<string, unknown>;
  percentBlank: number;
  formula: string;
}

/** The generate endpoint's file parameters, by their query names (array, include_header, table...). */
export type FormatOptions = Record<string, string | boolean>;

export interface FileSettings {
  count: number;
  format: Format;
  options: FormatOptions;
  /** Text; the preview draws a new one with the button and shows it. */
  seed: string;
  /** Saved with the schema, so it opens with the same rows; otherwise each opening draws a seed. */
  fixedSeed?: boolean;
}

export interface SchemaState {
  /** The saved schema's name, or '' for one never saved. */
  name: string;
  /** The name a restored backup carries, shown and offered on the first save, until it is saved under a name. */
  backupName?: string;
  fields: BuilderField[];
  file: FileSettings;
  /** True when something changed since the last save or open. */
  dirty: boolean;
  /** The project the saved schema is in: a table of related tables reads its other tables. */
  project?: string | null;
}

/**
 * `project=...&table=...` for a schema saved in a project (its name is "<project>/<table>", or the
 * table's own): the server then reads the project's other tables for its Reference fields, as the
 * project's files do. '' for any other schema.
 */
export function projectQuery(schema: Pick<SchemaState, 'name' | 'project'>): string {
  if (!schema.project || !schema.name) return '';
  const prefix = `${schema.project}/`;
  const table = schema.name.startsWith(prefix) ? schema.name.slice(prefix.length) : schema.name;
  return new URLSearchParams({ project: schema.project, table }).toString();
}

/** `url` with the project's table named (projectQuery), when the schema is one. */
export function inProject(url: string, schema: Pick<SchemaState, 'name' | 'project'>): string {
  const query = projectQuery(schema);
  return query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
}

let nextKey = 1;
export function fieldKey(): string {
  return `f${nextKey++}-${Math.random().toString(36).slice(2, 8)}`;
}

export function newField(partial: Partial<BuilderField> = {}): BuilderField {
  return { key: fieldKey(), name: '', type: 'Row Number', params: {}, percentBlank: 0, formula: '', ...partial };
}

export function randomSeed(): string {
  return String(Math.floor(Math.random() * 1_000_000_000));
}

export function initialSchema(): SchemaState {
  return {
    name: '',
    fields: [
      newField({ name: 'id', type: 'Row Number' }),
      newField({ name: 'first_name', type: 'First Name' }),
      newField({ name: 'last_name', type: 'Last Name' }),
      newField({ name: 'email', type: 'Email Address' }),
    ],
    file: { count: 1000, format: 'csv', options: {}, seed: randomSeed() },
    dirty: false,
  };
}

export type SchemaAction =
  | { kind: 'add'; field?: Partial<BuilderField> }
  | { kind: 'remove'; key: string }
  | { kind: 'update'; key: string; patch: Partial<Omit<BuilderField, 'key'>> }
  | { kind: 'move'; from: number; to: number }
  | { kind: 'set-fields'; fields: BuilderField[] }
  | { kind: 'set-file'; patch: Partial<FileSettings> }
  | { kind: 'load'; state: Omit<SchemaState, 'dirty'>; dirty?: boolean }
  | { kind: 'saved'; name: string };

/** "Add another field" copies the last field's type, as the established product does, with a new name. */
function addField(fields: BuilderField[], partial?: Partial<BuilderField>): BuilderField[] {
  const last = fields[fields.length - 1];
  const base = last ? { type: last.type, params: { ...last.params } } : {};
  return [...fields, newField({ ...base, name: `field_${fields.length + 1}`, ...partial })];
}

function move<T>(list: T[], from: number, to: number): T[] {
  const copy = list.slice();
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item);
  return copy;
}

/** A new seed alone is the preview's business, unless the seed is fixed (then it is saved with the schema). */
function changesSaved(file: FileSettings, patch: Partial<FileSettings>): boolean {
  const fixed = patch.fixedSeed ?? file.fixedSeed;
  return Object.keys(patch).some((k) => k !== 'seed' || fixed);
}

export function schemaReducer(state: SchemaState, action: SchemaAction): SchemaState {
  switch (action.kind) {
    case 'add':
      return { ...state, dirty: true, fields: addField(state.fields, action.field) };
    case 'remove':
      return { ...state, dirty: true, fields: state.fields.filter((f) => f.key !== action.key) };
    case 'update':
      return {
        ...state,
        dirty: true,
        fields: state.fields.map((f) => (f.key === action.key ? { ...f, ...action.patch } : f)),
      };
    case 'move':
      return { ...state, dirty: true, fields: move(state.fields, action.from, action.to) };
    case 'set-fields':
      return { ...state, dirty: true, fields: action.fields };
    case 'set-file':
      return {
        ...state,
        dirty: state.dirty || changesSaved(state.file, action.patch),
        file: { ...state.file, ...action.patch },
      };
    case 'load':
      // A restored draft loads with dirty: true, since it holds changes not yet saved.
      return { ...action.state, dirty: action.dirty ?? false };
    case 'saved':
      return { ...state, name: action.name, backupName: undefined, dirty: false };
  }
}

/** The field specifications the API takes: {name, type, ...params, percentBlank?, formula?}. */
export function fieldSpecs(fields: BuilderField[]): Record<string, unknown>[] {
  return fields.map((f) => ({
    name: f.name,
    type: f.type,
    ...f.params,
    ...(f.percentBlank ? { percentBlank: f.percentBlank } : {}),
    ...(f.formula.trim() ? { formula: f.formula } : {}),
  }));
}

/** The reverse of fieldSpecs, for a schema read from the server or a file. */
export function fieldsFromSpecs(specs: Record<string, unknown>[]): BuilderField[] {
  return specs.map((spec) => {
    const { name, type, percentBlank, percentageBlank, null_percentage, formula, ...params } = spec;
    const blank = Number(percentBlank ?? percentageBlank ?? null_percentage ?? 0);
    return newField({
      name: String(name ?? ''),
      type: String(type ?? ''),
      params,
      percentBlank: Number.isFinite(blank) ? blank : 0,
      formula: typeof formula === 'string' ? formula : '',
    });
  });
}

/** The generate URL's query for these file settings: count, seed and the format's options. */
export function generateQuery(file: FileSettings, overrides: { count?: number } = {}): URLSearchParams {
  const query = new URLSearchParams({ count: String(overrides.count ?? file.count), seed: file.seed });
  for (const [name, value] of Object.entries(file.options)) {
    if (value !== '' && value !== undefined) query.set(name, String(value));
  }
  return query;
}

/** POST /api/generate.{format}?... with {"fields": [...]}: the one endpoint the preview and download use. */
export function generateUrl(file: FileSettings, overrides: { count?: number; format?: Format } = {}): string {
  return `/api/generate.${overrides.format ?? file.format}?${generateQuery(file, overrides).toString()}`;
}
