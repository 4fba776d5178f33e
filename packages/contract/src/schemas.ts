/**
 * One saved schema: what GET /api/schemas/:name answers, what a save answers, and the schema
 * export (the established product's backup file: GET /api/schemas/:name/export gives it, PUT
 * /api/schemas/:name and the web page's import take it back).
 */
import Type, { type Static } from 'typebox';
import { OUTPUT_FORMATS } from '@rowloom/core/writer';
import { FieldProblem } from './errors.js';

const project = Type.Union([Type.String(), Type.Null()], { description: 'The project it is in, or null' });
const Field = Type.Record(Type.String(), Type.Unknown(), {
  description: 'A field as a generate request takes it: {"name", "type", ...parameters}',
});

export const SchemaFormat = Type.Union([Type.Enum(OUTPUT_FORMATS), Type.Null()], {
  description: 'Default format of generate?schema=NAME without an extension (null: json)',
});

/** A file option's value: a switch or a text (a delimiter, a table name...). */
const OptionValue = Type.Union([Type.String(), Type.Boolean()]);
export const SchemaOptions = Type.Record(Type.String(), OptionValue, {
  description:
    "Default file options by generate's query names (include_header, table...); a generate request's own parameters win",
});
export type SchemaOptions = Static<typeof SchemaOptions>;

/** GET /api/schemas/:name. */
export const SavedSchema = Type.Object({
  name: Type.String(),
  fields: Type.Array(Field),
  count: Type.Integer({ description: 'Default row count' }),
  format: SchemaFormat,
  options: SchemaOptions,
  project,
  updated_at: Type.String(),
});
export type SavedSchema = Static<typeof SavedSchema>;

/** What PUT (or POST) /api/schemas/:name answers once the schema is stored. */
export const SchemaSaved = Type.Object({
  success: Type.Boolean(),
  name: Type.String(),
  count: Type.Integer(),
  fields: Type.Integer({ description: 'How many fields' }),
  format: SchemaFormat,
  options: SchemaOptions,
  project,
  updated_at: Type.String(),
});
export type SchemaSaved = Static<typeof SchemaSaved>;

/** A column of a schema export: a field with the established product's names first, then its parameters. */
export const SchemaExportColumn = Type.Object(
  {
    name: Type.String(),
    type: Type.String(),
    null_percentage: Type.Number({ description: 'How often the value is blank, 0 to 100' }),
    formula: Type.Union([Type.String(), Type.Null()]),
  },
  { additionalProperties: true, description: "The field's parameters follow as keys of their own" },
);

/** The schema export (backup): the file options come as keys of their own, under the export's names. */
export const SchemaExport = Type.Object(
  {
    name: Type.String(),
    num_rows: Type.Integer({ minimum: 1, description: 'Default row count' }),
    file_format: Type.String({ description: 'The format (json when none was saved)' }),
    columns: Type.Array(SchemaExportColumn),
  },
  {
    additionalProperties: OptionValue,
    description:
      'The file options follow as keys of their own: array, include_nulls, include_header, bom, neutralize_formulas, line_ending, delimiter, quote_char, table_name, include_create_table, root_element, record_element, keyspace, sheet_name, firebase_key',
  },
);
/** The export; its file options are keys beside name and columns. */
export type SchemaExport = Static<typeof SchemaExport> & { [option: string]: unknown };

/**
 * POST /api/schema-check: every problem of the fields (none: an empty list), answered 200 so that
 * a draft still being typed is an answer and not a failed request.
 */
export const SchemaCheck = Type.Object({
  problems: Type.Array(FieldProblem, {
    description: 'Each problem with its field and parameter; empty when the fields compile',
  }),
});
export type SchemaCheck = Static<typeof SchemaCheck>;
