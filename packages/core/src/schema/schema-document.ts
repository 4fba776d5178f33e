/**
 * A schema as users write it down, in every shape they have: a bare array of field
 * specifications; `{"fields": [...], "count": N}`; or the established product's schema export
 * (its "backup"), `{"name", "num_rows", "file_format", "array", "include_header", "columns": [...]}`.
 * One reader for the command line, generate requests and saved schemas. The fields themselves are
 * not touched: the compiler reads the export's `null_percentage` like `percentBlank`.
 */
import { outputFormatNamed, type OutputFormat } from '../writers/writer.js';

export interface SchemaDocument {
  fields: unknown[];
  /** The row count the document gives (`count`, or the export's `num_rows`); null when none. */
  count: number | null;
  /** The export's `file_format`, when it names one of the output formats. */
  format: OutputFormat | null;
  /** The export's output settings, when given (`array`, `include_header`, `include_nulls`, `bom`). */
  array: boolean | null;
  includeHeader: boolean | null;
  includeNulls: boolean | null;
  bom: boolean | null;
}

/** The document, or what is wrong with it (a message naming the key at fault). */
export type SchemaDocumentResult =
  { document: SchemaDocument; problem?: undefined } | { document?: undefined; problem: string };

export const SCHEMA_DOCUMENT_SHAPES =
  'a JSON array of fields, {"fields": [...], "count": N}, or a schema export {"columns": [...], "num_rows": N}';

function flag(object: Record<string, unknown>, key: string): boolean | null | string {
  const value = object[key];
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value;
  return `"${key}" must be true or false, got ${JSON.stringify(value)}`;
}

export function readSchemaDocument(json: unknown): SchemaDocumentResult {
  const empty = { count: null, format: null, array: null, includeHeader: null, includeNulls: null, bom: null };
  if (Array.isArray(json)) return { document: { fields: json, ...empty } };
  if (!json || typeof json !== 'object') return { problem: `expected ${SCHEMA_DOCUMENT_SHAPES}` };
  const object = json as Record<string, unknown>;
  const fields = Array.isArray(object.fields) ? object.fields : Array.isArray(object.columns) ? object.columns : null;
  if (fields === null) return { problem: `expected ${SCHEMA_DOCUMENT_SHAPES}` };
  const countKey = object.count !== undefined && object.count !== null ? 'count' : 'num_rows';
  const count = object[countKey];
  if (
    count !== undefined &&
    count !== null &&
    (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0)
  ) {
    return { problem: `"${countKey}" must be a whole number, got ${JSON.stringify(count)}` };
  }
  const format = typeof object.file_format === 'string' ? object.file_format.trim().toLowerCase() : null;
  const flags = {
    array: flag(object, 'array'),
    includeHeader: flag(object, 'include_header'),
    includeNulls: flag(object, 'include_nulls'),
    bom: flag(object, 'bom'),
  };
  for (const value of Object.values(flags)) if (typeof value === 'string') return { problem: value };
  return {
    document: {
      fields,
      count: (count as number | undefined | null) ?? null,
      // The established product's names (excel, dbunit...) included; a format Rowloom does not
      // write leaves the choice to the caller.
      format: format !== null ? outputFormatNamed(format) : null,
      ...(flags as {
        array: boolean | null;
        includeHeader: boolean | null;
        includeNulls: boolean | null;
        bom: boolean | null;
      }),
    },
  };
}
