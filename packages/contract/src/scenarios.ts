/** One scenario: what GET /api/scenarios/:name answers and what PUT /api/scenarios/:name takes and answers. */
import Type, { type Static } from 'typebox';
import { INTERPOLATIONS, MAX_SCENARIO_POINTS, MIN_SCENARIO_POINTS } from '@rowloom/core';

export const ScenarioPoint = Type.Object({
  x: Type.Number({ minimum: 0, maximum: 1, description: 'The fraction of the row range: 0 the first row, 1 the last' }),
  y: Type.Number(),
});
export type ScenarioPoint = Static<typeof ScenarioPoint>;

export const Interpolation = Type.Enum(INTERPOLATIONS, {
  description:
    'linear; step (each y holds until the next point); smooth (monotone cubic, Fritsch–Carlson: no overshoot)',
});
export type Interpolation = Static<typeof Interpolation>;

const points = Type.Array(ScenarioPoint, {
  minItems: MIN_SCENARIO_POINTS,
  maxItems: MAX_SCENARIO_POINTS,
  description: 'In any order, each x once',
});
const noise = Type.Number({
  minimum: 0,
  description: 'Standard deviation of the seeded Gaussian noise added to each value',
});
const project = Type.Union([Type.String(), Type.Null()], { description: 'The project it is in, or null' });

/** What PUT (or POST) /api/scenarios/:name takes; the path names it. */
export const ScenarioInput = Type.Object({
  name: Type.Optional(Type.String({ description: "Ignored: the path's name is the scenario's" })),
  points,
  interpolation: Type.Optional(Type.Enum(INTERPOLATIONS, { description: 'Default linear' })),
  noise: Type.Optional(Type.Number({ minimum: 0, description: 'Default 0' })),
  project: Type.Optional(
    Type.Union([Type.String(), Type.Null()], {
      description: 'A project name; null takes it out of its project; absent keeps it',
    }),
  ),
});
export type ScenarioInput = Static<typeof ScenarioInput>;

const DOCUMENT = {
  name: Type.String(),
  points,
  interpolation: Interpolation,
  noise,
  project,
  updated_at: Type.String(),
};

/** GET /api/scenarios/:name: the stored scenario, every default filled. */
export const ScenarioDocument = Type.Object(DOCUMENT);
export type ScenarioDocument = Static<typeof ScenarioDocument>;

/** What a save answers: the stored scenario. */
export const ScenarioSaved = Type.Object({ success: Type.Boolean(), ...DOCUMENT });
export type ScenarioSaved = Static<typeof ScenarioSaved>;
