/**
 * One saved schema: what GET /api/schemas/:name answers, what a save answers, and the schema
 * export (the established product's backup file: GET /api/schemas/:name/export gives it, PUT
 * /api/schemas/:name and the web page's import take it back).
 */
import Type, { type Static } from 'typebox';
import { OUTPUT_FORMATS } from '@rowloom/core/writer';
import { MAX_SCHEMA_SEED_LENGTH } from './constants.js';
import { FieldProblem } from './errors.js';

const project = Type.Union([Type.String(), Type.Null()], { description: 'The project it is in, or null' });
export const Field = Type.Record(Type.String(), Type.Unknown(), {
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

/** A saved schema's fixed seed, as GET and a save answer it. */
export const SchemaSeed = Type.Union([Type.String({ minLength: 1, maxLength: MAX_SCHEMA_SEED_LENGTH }), Type.Null()], {
  description:
    'A fixed seed: generate?schema=NAME without its own seed, and the web page opening it, make the same rows with it; null: a new seed each time',
});

/** The seed a save request may give: text, a whole number (kept as its digits), or null / "" / absent for none. */
export const SchemaSeedInput = Type.Union(
  [Type.String({ maxLength: MAX_SCHEMA_SEED_LENGTH }), Type.Integer(), Type.Null()],
  { description: 'A fixed seed for the schema (text or a whole number); null or "" keeps none' },
);

/** GET /api/schemas/:name. */
export const SavedSchema = Type.Object({
  name: Type.String(),
  fields: Type.Array(Field),
  count: Type.Integer({ description: 'Default row count' }),
  format: SchemaFormat,
  options: SchemaOptions,
  seed: SchemaSeed,
  project,
  updated_at: Type.String(),
});
export type SavedSchema = Static<typeof SavedSchema>;

/**
 * What PUT (or POST) /api/schemas/:name takes in its first form (it also takes a schema export,
 * or a bare array of fields). The route reads the body itself, with the messages of a generate
 * request, so this describes it.
 */
export const SchemaInput = Type.Object({
  fields: Type.Array(Field),
  count: Type.Optional(Type.Integer({ minimum: 1, description: 'Default row count (default 1000)' })),
  format: Type.Optional(SchemaFormat),
  options: Type.Optional(SchemaOptions),
  seed: Type.Optional(SchemaSeedInput),
  project: Type.Optional(
    Type.Union([Type.String(), Type.Null()], {
      description: 'A project name; null takes it out of its project; absent keeps it',
    }),
  ),
});
export type SchemaInput = Static<typeof SchemaInput>;

/** What PUT (or POST) /api/schemas/:name answers once the schema is stored. */
export const SchemaSaved = Type.Object({
  success: Type.Boolean(),
  name: Type.String(),
  count: Type.Integer(),
  fields: Type.Integer({ description: 'How many fields' }),
  format: SchemaFormat,
  options: SchemaOptions,
  seed: SchemaSeed,
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
    formula: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: 'Absent (or null) when none' })),
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
      'The file options follow as keys of their own: array, include_nulls, include_header, bom, neutralize_formulas, line_ending, delimiter, quote_char, table_name, include_create_table, root_element, record_element, keyspace, sheet_name, firebase_key; and seed, when the schema has a fixed seed',
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
