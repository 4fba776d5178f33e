/**
 * Loading a project into a database the operator configured (ROWLOOM_LOAD_TARGETS): the
 * targets a user may load into, and a load's status as POST/GET /api/projects/{name}/loads
 * answer it. A target is named, never given by address: users cannot point the server at a
 * database of their choosing.
 */
import Type, { type Static } from 'typebox';

const nullable = <T extends Type.TSchema>(type: T, description: string) =>
  Type.Union([type, Type.Null()], { description });

export const LOAD_DIALECTS = ['postgres', 'mysql', 'sqlite'] as const;
export const LOAD_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export const LOAD_MODES = ['truncate', 'append'] as const;

export const LoadTarget = Type.Object({
  name: Type.String({ description: 'The name the operator gave it' }),
  dialect: Type.Enum(LOAD_DIALECTS),
});
export type LoadTarget = Static<typeof LoadTarget>;

export const LoadTargetList = Type.Object({ targets: Type.Array(LoadTarget) });
export type LoadTargetList = Static<typeof LoadTargetList>;

export const LoadRequest = Type.Object(
  {
    target: Type.String({ minLength: 1, maxLength: 100, description: 'A name from GET /api/load-targets' }),
    mode: Type.Optional(Type.Enum(LOAD_MODES, { description: 'truncate: empty the tables first; append (default)' })),
    create: Type.Optional(Type.Boolean({ description: 'Create the tables that do not exist (default false)' })),
    verify: Type.Optional(Type.Boolean({ description: 'Check what was loaded afterwards (default true)' })),
  },
  { additionalProperties: false },
);
export type LoadRequest = Static<typeof LoadRequest>;

export const LoadTableProgress = Type.Object({
  table: Type.String(),
  rows: Type.Integer({ description: 'Rows written so far' }),
  count: Type.Integer({ description: 'Rows it will have' }),
});
export type LoadTableProgress = Static<typeof LoadTableProgress>;

export const LoadFinding = Type.Object({
  table: Type.String(),
  check: Type.String({ description: 'orphan, not_null, unique, check or length' }),
  columns: Type.Array(Type.String()),
  violations: Type.Integer(),
});

export const LoadVerify = Type.Object({
  ok: Type.Boolean(),
  checks: Type.Integer({ description: 'Checks run' }),
  failed: Type.Array(LoadFinding),
  summary: Type.String(),
});
export type LoadVerify = Static<typeof LoadVerify>;

export const LoadStatus = Type.Object({
  id: Type.String(),
  project: Type.String(),
  target: Type.String(),
  mode: Type.Enum(LOAD_MODES),
  state: Type.Enum(LOAD_STATES),
  percentComplete: Type.Integer({ minimum: 0, maximum: 100 }),
  tables: Type.Array(LoadTableProgress, { description: 'Parents first, the order they load in' }),
  verify: nullable(LoadVerify, 'The checks after loading, once done (null when skipped or not yet run)'),
  error: nullable(Type.String(), 'Why it failed: the table, batch and the database message'),
  createdAt: Type.String({ format: 'date-time' }),
  finishedAt: nullable(Type.String(), 'When it finished, failed or was cancelled'),
});
export type LoadStatus = Static<typeof LoadStatus>;

export const LoadList = Type.Object({ loads: Type.Array(LoadStatus) });
export type LoadList = Static<typeof LoadList>;
