/**
 * A project of related tables (docs/relations.md): the document (core's ProjectDocument) as the
 * API takes and gives it, and the model view the project page draws its tables, counts and
 * diagram from. A project's tables are its saved schemas: each table's fields are edited in the
 * builder like any saved schema.
 */
import Type, { type Static } from 'typebox';
import { Field } from './schemas.js';

export const ColumnFacts = Type.Object(
  {
    sql_type: Type.Optional(Type.String({ maxLength: 200 })),
    not_null: Type.Optional(Type.Boolean()),
    max_length: Type.Optional(Type.Integer({ minimum: 0 })),
    default: Type.Optional(Type.String({ maxLength: 1000 })),
    check: Type.Optional(Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 1000 })),
  },
  { description: 'A column as a database declares it' },
);

export const ProjectTable = Type.Object({
  name: Type.String({
    minLength: 1,
    maxLength: 128,
    description: 'The table name (letters, digits, _ and $; schema.table allowed)',
  }),
  fields: Type.Array(Field, { minItems: 1, maxItems: 1000 }),
  count: Type.Optional(Type.Integer({ minimum: 0, description: 'Rows, unless a Reference field has children' })),
  primary_key: Type.Optional(Type.Array(Type.String(), { maxItems: 32 })),
  unique: Type.Optional(Type.Array(Type.Array(Type.String(), { maxItems: 32 }), { maxItems: 100 })),
  columns: Type.Optional(Type.Record(Type.String(), ColumnFacts)),
  omitted: Type.Optional(Type.Array(Type.String(), { maxItems: 1000 })),
});
export type ProjectTable = Static<typeof ProjectTable>;

export const ProjectDocument = Type.Object(
  {
    rowloom_project: Type.Literal(1),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    seed: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Number(), Type.Null()])),
    now: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
    tables: Type.Array(ProjectTable, { minItems: 1, maxItems: 200 }),
  },
  { description: 'A project of related tables, as `rowloom generate project.json --out DIR` reads it' },
);
export type ProjectDocument = Static<typeof ProjectDocument>;

/** One link of a table to a parent row: one Reference field, or several for a composite key. */
export const TableReference = Type.Object({
  fields: Type.Array(Type.String(), { description: 'The Reference fields, in order' }),
  table: Type.String({ description: 'The parent table' }),
  columns: Type.Array(Type.String(), { description: 'The parent columns the fields read' }),
  link: Type.String(),
  children: Type.Union([Type.String(), Type.Null()], {
    description: "How many rows per parent (it sets this table's count), or null",
  }),
  optional: Type.Boolean({ description: 'Some rows have no parent' }),
  self: Type.Boolean({ description: "A reference to the table's own rows" }),
  deferred: Type.Boolean({ description: 'Closes a cycle: loaded as NULL, then set (docs/relations.md)' }),
});
export type TableReference = Static<typeof TableReference>;

export const ModelTable = Type.Object({
  name: Type.String(),
  /** The saved schema holding the table's fields (open it in the builder). */
  schema: Type.String(),
  count: Type.Union([Type.Integer(), Type.Null()], { description: 'Rows (null while the project has problems)' }),
  columns: Type.Array(Type.Object({ name: Type.String(), type: Type.String(), key: Type.Boolean() })),
  references: Type.Array(TableReference),
});
export type ModelTable = Static<typeof ModelTable>;

/** GET /api/projects/:name/model and the answer of a PUT or an import. */
export const ProjectModelView = Type.Object({
  document: ProjectDocument,
  tables: Type.Array(ModelTable),
  load_order: Type.Array(Type.String(), { description: 'Parents before children' }),
  seed: Type.Union([Type.String(), Type.Number()], { description: 'The seed the files and mock use' }),
  problems: Type.Array(Type.String(), { description: 'Why the project cannot generate yet; empty when it can' }),
  warnings: Type.Array(Type.String()),
});
export type ProjectModelView = Static<typeof ProjectModelView>;

/** POST /api/projects/:name/import: SQL DDL text as a JSON body (or send the text as text/plain with ?dialect=). */
export const DdlImportInput = Type.Object({
  ddl: Type.String({ minLength: 1, description: 'CREATE TABLE statements (pg_dump or mysqldump output works)' }),
  dialect: Type.Optional(
    Type.Union([Type.Literal('postgres'), Type.Literal('mysql')], { description: 'Default postgres' }),
  ),
});
export type DdlImportInput = Static<typeof DdlImportInput>;

/** GET /api/projects/:name/tables/:table/rows: rows as objects, for the page's preview. */
export const TableRows = Type.Object({
  table: Type.String(),
  total: Type.Integer(),
  offset: Type.Integer(),
  rows: Type.Array(Type.Record(Type.String(), Type.Unknown())),
});
export type TableRows = Static<typeof TableRows>;
