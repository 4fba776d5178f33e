/**
 * A saved schema's file settings: its default format and options, named as the generate
 * request's query parameters (`include_header`, `table`...), read from a save request in either
 * shape (Rowloom's `{"format", "options"}` or the established product's export keys:
 * `file_format`, `table_name`, `include_create_table`...), validated by the generate route's
 * own writerOptions, and written back as export keys for GET /api/schemas/NAME/export.
 */
import { OUTPUT_FORMATS, outputFormatNamed, type OutputFormat } from '@rowloom/core';
import { MAX_SCHEMA_SEED_LENGTH } from '@rowloom/contract';
import { badRequest, HttpError } from '../../http/http-error.js';
import type { Query } from '../../http/query.js';
import { writerOptions } from '../generation/generate-request.js';

interface OptionSpec {
  kind: 'boolean' | 'text';
  /** The key in a schema export. */
  exportKey: string;
  /** Other query names generate reads for it (a saved value must not hide one given by a request). */
  aliases?: readonly string[];
}

export const SCHEMA_OPTIONS = {
  array: { kind: 'boolean', exportKey: 'array' },
  include_nulls: { kind: 'boolean', exportKey: 'include_nulls' },
  include_header: { kind: 'boolean', exportKey: 'include_header', aliases: ['header'] },
  bom: { kind: 'boolean', exportKey: 'bom' },
  neutralize_formulas: { kind: 'boolean', exportKey: 'neutralize_formulas' },
  line_ending: { kind: 'text', exportKey: 'line_ending' },
  delimiter: { kind: 'text', exportKey: 'delimiter' },
  quote_char: { kind: 'text', exportKey: 'quote_char' },
  table: { kind: 'text', exportKey: 'table_name' },
  create_table: { kind: 'boolean', exportKey: 'include_create_table' },
  root_element: { kind: 'text', exportKey: 'root_element' },
  record_element: { kind: 'text', exportKey: 'record_element' },
  keyspace: { kind: 'text', exportKey: 'keyspace' },
  sheet_name: { kind: 'text', exportKey: 'sheet_name' },
  firebase_key: { kind: 'text', exportKey: 'firebase_key' },
} as const satisfies Record<string, OptionSpec>;

export type SchemaOptionName = keyof typeof SCHEMA_OPTIONS;
export type SchemaOptions = Partial<Record<SchemaOptionName, string | boolean>>;
const OPTION_NAMES = Object.keys(SCHEMA_OPTIONS) as SchemaOptionName[];

export interface SchemaSettings {
  /** The format generate?schema=NAME uses when the URL has no extension; null: json. */
  format: OutputFormat | null;
  options: SchemaOptions;
  /** A fixed seed, used when a request gives none; null (or absent): a new seed each time. */
  seed?: string | null;
}

/** Text options are names and separators: this is plenty, and bounds what a row stores. */
const MAX_OPTION_LENGTH = 200;

/** The established product's format names that Rowloom writes under another name (besides core's aliases: excel...). */
const EXPORT_FORMATS: Record<string, OutputFormat> = { tab: 'txt', tsv: 'txt', 'tab-delimited': 'txt' };

/** The settings a save request's body carries (none for a bare array). */
export function readSchemaSettings(json: unknown): SchemaSettings {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return { format: null, options: {} };
  const object = json as Record<string, unknown>;
  return Array.isArray(object.columns) && !Array.isArray(object.fields)
    ? exportSettings(object)
    : rowloomSettings(object);
}

/** `{"fields", "format", "options": {...}}`: a bad format or option is a 400 naming it. */
function rowloomSettings(object: Record<string, unknown>): SchemaSettings {
  const { format, options } = object;
  let chosen: OutputFormat | null = null;
  if (format !== undefined && format !== null && format !== '') {
    chosen = typeof format === 'string' ? outputFormatNamed(format.trim()) : null;
    if (chosen === null) throw badRequest(`"format" must be one of ${OUTPUT_FORMATS.join(', ')}, got ${short(format)}`);
  }
  if (options !== undefined && options !== null && (typeof options !== 'object' || Array.isArray(options))) {
    throw badRequest(
      `"options" must be an object of file options such as {"include_header": false}, got ${short(options)}`,
    );
  }
  const seed = readSeed(object.seed);
  const given = (options ?? {}) as Record<string, unknown>;
  const read: SchemaOptions = {};
  for (const [key, value] of Object.entries(given)) {
    if (!Object.hasOwn(SCHEMA_OPTIONS, key))
      throw badRequest(`options.${key.slice(0, 60)} is not a file option; use ${OPTION_NAMES.join(', ')}`);
    const option = readOption(key as SchemaOptionName, value, `options.${key}`);
    if (option !== undefined) read[key as SchemaOptionName] = option;
  }
  return { ...validated({ format: chosen, options: read }, (name) => `options.${name}`), seed };
}

/** `"seed"`: text or a whole number (kept as its digits); null or "" is none. */
function readSeed(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value !== 'string') throw badRequest(`"seed" must be text or a whole number, got ${short(value)}`);
  if (value.length > MAX_SCHEMA_SEED_LENGTH)
    throw badRequest(`"seed" is ${value.length} characters long; use at most ${MAX_SCHEMA_SEED_LENGTH}`);
  return value;
}

/** A schema export: `file_format`, the export's own keys and a fixed `seed`; a format Rowloom does not write is left out. */
function exportSettings(object: Record<string, unknown>): SchemaSettings {
  const name = typeof object.file_format === 'string' ? object.file_format.trim().toLowerCase() : '';
  const format = outputFormatNamed(name) ?? (Object.hasOwn(EXPORT_FORMATS, name) ? EXPORT_FORMATS[name] : null);
  const options: SchemaOptions = {};
  for (const key of OPTION_NAMES) {
    const exportKey = SCHEMA_OPTIONS[key].exportKey;
    let value = object[exportKey];
    // Line endings as the characters themselves: the names generate takes.
    if (key === 'line_ending' && (value === '\n' || value === '\r\n')) value = value === '\n' ? 'unix' : 'windows';
    const option = readOption(key, value, `"${exportKey}"`);
    if (option !== undefined) options[key] = option;
  }
  const seed = readSeed(object.seed);
  return {
    ...validated({ format, options }, (key) => `"${SCHEMA_OPTIONS[key as SchemaOptionName]?.exportKey ?? key}"`),
    seed,
  };
}

/** One option's value: booleans as true/false (or their text, as in a query), text as text; null or "" is unset. */
function readOption(key: SchemaOptionName, value: unknown, where: string): string | boolean | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (SCHEMA_OPTIONS[key].kind === 'boolean') {
    if (typeof value === 'boolean') return value;
    if (value === 'true' || value === 'false') return value === 'true';
    throw badRequest(`${where} must be true or false, got ${short(value)}`);
  }
  if (typeof value !== 'string') throw badRequest(`${where} must be text, got ${short(value)}`);
  if (value.length > MAX_OPTION_LENGTH)
    throw badRequest(`${where} is ${value.length} characters long; use at most ${MAX_OPTION_LENGTH}`);
  if (value.includes('\u0000')) throw badRequest(`${where} must not contain a NUL character (\\u0000)`);
  return value;
}

/** Checked exactly as a generate request with these options would be; messages name the body's key. */
function validated(settings: SchemaSettings, where: (name: string) => string): SchemaSettings {
  try {
    writerOptions(settings.format ?? 'json', asQuery(settings.options));
  } catch (error) {
    if (error instanceof HttpError)
      throw badRequest(error.message.replace(/parameter "(\w+)"/g, (_all, name: string) => where(name)));
    throw error;
  }
  return settings;
}

export function asQuery(options: SchemaOptions): Query {
  return Object.fromEntries(Object.entries(options).map(([key, value]) => [key, String(value)]));
}

/**
 * The request's query with the saved options filled in where the request gives neither the
 * option nor one of its aliases: what the request says always wins.
 */
export function withSavedOptions(query: Query, options: SchemaOptions): Query {
  const merged: Query = { ...query };
  for (const key of OPTION_NAMES) {
    const value = options[key];
    if (value === undefined) continue;
    const names: readonly string[] = [key, ...((SCHEMA_OPTIONS[key] as OptionSpec).aliases ?? [])];
    if (names.some((name) => query[name] !== undefined && query[name] !== '')) continue;
    merged[key] = String(value);
  }
  return merged;
}

/** The settings as a schema export's keys (file_format, table_name, include_create_table..., seed when fixed). */
export function exportKeys(settings: SchemaSettings): Record<string, unknown> {
  const keys: Record<string, unknown> = { file_format: settings.format ?? 'json' };
  for (const key of OPTION_NAMES) {
    const value = settings.options[key];
    if (value !== undefined) keys[SCHEMA_OPTIONS[key].exportKey] = value;
  }
  if (settings.seed) keys.seed = settings.seed;
  return keys;
}

/** The stored options column back as options (unknown keys, from a later version, dropped). */
export function storedOptions(text: string | null): SchemaOptions {
  if (!text) return {};
  const parsed = JSON.parse(text) as Record<string, unknown>;
  const options: SchemaOptions = {};
  for (const key of OPTION_NAMES) {
    const value = parsed[key];
    if (typeof value === 'string' || typeof value === 'boolean') options[key] = value;
  }
  return options;
}

function short(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}...` : text;
}
