/**
 * Scenarios: named numeric curves a Scenario field reads, one value per row. The established
 * product lists the type but never documented it, so this design is Rowloom's own (see
 * docs/scenarios.md): a curve is a list of points over the row range (x from 0, the first row,
 * to 1, the last), an interpolation between them, and the standard deviation of the Gaussian
 * noise added to every value.
 */

export const INTERPOLATIONS = ['linear', 'step', 'smooth'] as const;
export type Interpolation = (typeof INTERPOLATIONS)[number];

export interface ScenarioPoint {
  readonly x: number;
  readonly y: number;
}

/** A validated scenario as the engine takes it: plain, serialisable data (worker threads copy it). */
export interface ScenarioCurve {
  /** Sorted by x, strictly increasing, x in [0, 1], every number finite; 2 to MAX_SCENARIO_POINTS. */
  readonly points: readonly ScenarioPoint[];
  readonly interpolation: Interpolation;
  /** Standard deviation of the seeded Gaussian noise added to each value; 0 for none. */
  readonly noise: number;
}

/** The scenarios a schema may read, by name. */
export type Scenarios = Readonly<Record<string, ScenarioCurve>>;

export const MIN_SCENARIO_POINTS = 2;
/** Enough for any hand-drawn curve; bounds the work of validating and storing one. */
export const MAX_SCENARIO_POINTS = 1000;
/**
 * Bound on |y| and on noise: values stay exact to a few decimals and no arithmetic between two
 * of them overflows.
 */
export const MAX_SCENARIO_MAGNITUDE = 1e15;
/** Problems listed for one scenario at most: a body of a thousand bad points gets a readable answer. */
const MAX_PROBLEMS = 20;

/** A problem with a scenario document: `path` names the position (`points[3].x`). */
export interface ScenarioProblem {
  path: string;
  message: string;
}

export type ScenarioReadResult =
  { curve: ScenarioCurve; problems?: undefined } | { curve?: undefined; problems: ScenarioProblem[] };

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * Reads `{"points": [{"x", "y"}...], "interpolation"?, "noise"?}` (other keys are the caller's),
 * or lists every problem (at most MAX_PROBLEMS), each naming its position. Points may come in
 * any order; they are sorted by x, and two at the same x are a problem.
 */
export function readScenario(json: unknown): ScenarioReadResult {
  if (!json || typeof json !== 'object' || Array.isArray(json)) {
    return {
      problems: [
        {
          path: '',
          message:
            'a scenario must be a JSON object such as {"points": [{"x": 0, "y": 10}, {"x": 1, "y": 20}], "interpolation": "linear", "noise": 0}',
        },
      ],
    };
  }
  const object = json as Record<string, unknown>;
  const problems: ScenarioProblem[] = [];
  const interpolation = object.interpolation ?? 'linear';
  if (typeof interpolation !== 'string' || !(INTERPOLATIONS as readonly string[]).includes(interpolation)) {
    problems.push({
      path: 'interpolation',
      message: `interpolation must be one of ${INTERPOLATIONS.join(', ')}, got ${short(interpolation)}`,
    });
  }
  const noise = object.noise ?? 0;
  if (!isNumber(noise) || noise < 0 || noise > MAX_SCENARIO_MAGNITUDE) {
    problems.push({
      path: 'noise',
      message: `noise must be a number from 0 to ${MAX_SCENARIO_MAGNITUDE} (the standard deviation of the noise), got ${short(noise)}`,
    });
  }
  const points = readPoints(object.points, problems);
  if (problems.length > 0) return { problems: problems.slice(0, MAX_PROBLEMS) };
  return { curve: { points: points!, interpolation: interpolation as Interpolation, noise: noise as number } };
}

function readPoints(value: unknown, problems: ScenarioProblem[]): ScenarioPoint[] | null {
  if (!Array.isArray(value)) {
    problems.push({ path: 'points', message: `points must be an array of {"x", "y"} objects, got ${short(value)}` });
    return null;
  }
  // Checked before looking at any point: a million points cost nothing to refuse.
  if (value.length < MIN_SCENARIO_POINTS || value.length > MAX_SCENARIO_POINTS) {
    problems.push({
      path: 'points',
      message: `points must hold ${MIN_SCENARIO_POINTS} to ${MAX_SCENARIO_POINTS} points, got ${value.length}`,
    });
    return null;
  }
  const points: { x: number; y: number; index: number }[] = [];
  value.forEach((point: unknown, index) => {
    if (problems.length >= MAX_PROBLEMS) return;
    const path = `points[${index}]`;
    if (!point || typeof point !== 'object' || Array.isArray(point)) {
      problems.push({ path, message: `${path} must be an object such as {"x": 0.5, "y": 100}, got ${short(point)}` });
      return;
    }
    const { x, y } = point as Record<string, unknown>;
    const before = problems.length;
    if (!isNumber(x))
      problems.push({ path: `${path}.x`, message: `${path}.x must be a number between 0 and 1, got ${short(x)}` });
    else if (x < 0 || x > 1)
      problems.push({
        path: `${path}.x`,
        message: `${path}.x must be between 0 and 1 (the fraction of the row range), got ${x}`,
      });
    if (!isNumber(y) || Math.abs(y) > MAX_SCENARIO_MAGNITUDE)
      problems.push({
        path: `${path}.y`,
        message: `${path}.y must be a number from -${MAX_SCENARIO_MAGNITUDE} to ${MAX_SCENARIO_MAGNITUDE}, got ${short(y)}`,
      });
    if (problems.length === before) points.push({ x: x as number, y: y as number, index });
  });
  if (problems.length > 0) return null;
  points.sort((a, b) => a.x - b.x || a.index - b.index);
  for (let i = 1; i < points.length; i++) {
    if (points[i].x === points[i - 1].x) {
      const [first, second] = [points[i - 1].index, points[i].index].sort((a, b) => a - b);
      problems.push({
        path: `points[${second}].x`,
        message: `points[${second}].x is ${points[i].x}, the same as points[${first}].x; each point needs its own x`,
      });
      if (problems.length >= MAX_PROBLEMS) break;
    }
  }
  return problems.length > 0 ? null : points.map(({ x, y }) => ({ x, y }));
}

/** A value as it appears in a message: JSON, cut short; NaN and Infinity by name. */
function short(value: unknown): string {
  if (typeof value === 'number') return String(value);
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}...` : text;
}
