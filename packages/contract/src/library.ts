/**
 * What the lists of a user's saved things answer: GET /api/schemas, /api/datasets,
 * /api/projects and /api/scenarios (and a dataset with its first rows).
 */
import Type, { type Static } from 'typebox';

const project = Type.Union([Type.String(), Type.Null()], { description: 'The project it is in, or null' });

export const SchemaSummary = Type.Object({
  name: Type.String(),
  count: Type.Integer({ description: 'Default row count' }),
  fields: Type.Integer({ description: 'How many fields' }),
  format: Type.Union([Type.String(), Type.Null()], { description: 'The saved default format, or null (json)' }),
  project,
  updated_at: Type.String(),
});
export type SchemaSummary = Static<typeof SchemaSummary>;
export const SchemaList = Type.Object({ schemas: Type.Array(SchemaSummary) });
export type SchemaList = Static<typeof SchemaList>;

export const DatasetSummary = Type.Object({
  name: Type.String(),
  rows: Type.Integer(),
  columns: Type.Array(Type.String()),
  project,
  filename: Type.Union([Type.String(), Type.Null()]),
  updated_at: Type.String(),
});
export type DatasetSummary = Static<typeof DatasetSummary>;
export const DatasetList = Type.Object({ datasets: Type.Array(DatasetSummary) });
export type DatasetList = Static<typeof DatasetList>;

export const DatasetDetail = Type.Object({
  ...DatasetSummary.properties,
  preview: Type.Array(Type.Record(Type.String(), Type.String()), {
    description: 'The first rows, as objects keyed by column name',
  }),
});
export type DatasetDetail = Static<typeof DatasetDetail>;

/** What POST /api/datasets/:name answers once the table is stored. */
export const DatasetUploaded = Type.Object({
  success: Type.Boolean(),
  name: Type.String(),
  rows: Type.Integer(),
  columns: Type.Array(Type.String()),
});
export type DatasetUploaded = Static<typeof DatasetUploaded>;

export const ProjectSummary = Type.Object({
  name: Type.String(),
  datasets: Type.Integer({ description: 'How many datasets it holds' }),
  schemas: Type.Integer({ description: 'How many saved schemas it holds' }),
  scenarios: Type.Integer({ description: 'How many scenarios it holds' }),
  created_at: Type.String(),
});
export type ProjectSummary = Static<typeof ProjectSummary>;
export const ProjectList = Type.Object({ projects: Type.Array(ProjectSummary) });
export type ProjectList = Static<typeof ProjectList>;

export const ScenarioSummary = Type.Object({
  name: Type.String(),
  points: Type.Integer({ description: 'How many points the curve has' }),
  interpolation: Type.String(),
  project,
  updated_at: Type.String(),
});
export type ScenarioSummary = Static<typeof ScenarioSummary>;
export const ScenarioList = Type.Object({ scenarios: Type.Array(ScenarioSummary) });
export type ScenarioList = Static<typeof ScenarioList>;

/** The longest name of a project, saved schema, scenario or dataset. */
export const MAX_NAME_LENGTH = 200;

/** POST /api/projects: the new project's name (or send it as ?name=). */
export const ProjectInput = Type.Object({
  name: Type.Optional(Type.String({ maxLength: MAX_NAME_LENGTH, description: 'The project name' })),
});
export type ProjectInput = Static<typeof ProjectInput>;
export const ProjectCreated = Type.Object({ success: Type.Boolean(), name: Type.String(), created_at: Type.String() });
export type ProjectCreated = Static<typeof ProjectCreated>;
