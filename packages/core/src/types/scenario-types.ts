/**
 * Scenario: the value of one of the user's scenarios (named numeric curves, see
 * scenarios/scenario.ts and docs/scenarios.md) at the row, plus seeded Gaussian noise. The
 * established product lists the type without documenting it; this design is Rowloom's.
 *
 * Row r (0-based) of a span of n rows sits at x = r / (n - 1): the first row at 0, the last at 1.
 * The span is the generation's row count, or the field's `span`; with `repeat` the curve starts
 * again every span rows, else rows past the span hold the curve's last value.
 */
import { curveOf } from '../scenarios/interpolate.js';
import { closestMatch } from '../kernel/suggest.js';
import { defineType, type CreateContext, type TypeDefinition, type ValueGenerator } from '../kernel/define-type.js';
import { rounder } from './distribution-types.js';

/** The span when the row count is unknown (a stream without an end) and the field gives none. */
export const SCENARIO_DEFAULT_SPAN = 1000;

const TWO_PI = 2 * Math.PI;

function listNames(names: readonly string[]): string {
  const shown = names
    .slice(0, 20)
    .map((n) => JSON.stringify(n))
    .join(', ');
  return names.length > 20 ? `${shown} and ${names.length - 20} more` : shown;
}

function unknownScenario(name: string, context: CreateContext): void {
  const names = context.scenarioNames();
  const suggestion = closestMatch(name, names);
  context.problem(
    'scenario',
    `no scenario named ${JSON.stringify(name)}; ` +
      (names.length === 0
        ? 'there are no scenarios: save one first (PUT /api/scenarios/<name>)'
        : (suggestion ? `did you mean ${JSON.stringify(suggestion)}? ` : '') + `the scenarios are ${listNames(names)}`),
  );
}

/** The row's position on the curve, 0 to 1. */
function positionOf(span: number, repeat: boolean): (rowIndex: number) => number {
  if (span <= 1) return () => 0;
  const last = span - 1;
  return repeat ? (rowIndex) => (rowIndex % span) / last : (rowIndex) => (rowIndex >= last ? 1 : rowIndex / last);
}

const scenario = defineType({
  name: 'Scenario',
  category: 'Advanced',
  description:
    'The value of one of your scenarios (a named curve over the row range, saved with PUT /api/scenarios/NAME) at the row: the first row reads the curve at x = 0, the last at x = 1, ' +
    "plus the scenario's seeded Gaussian noise. A Rowloom design: see docs/scenarios.md.",
  params: [
    { name: 'scenario', kind: 'string', required: true, description: 'Name of one of your saved scenarios' },
    {
      name: 'decimals',
      kind: 'integer',
      default: 2,
      min: 0,
      max: 10,
      description: 'Decimal places of the value, 0 to 10',
    },
    {
      name: 'span',
      kind: 'integer',
      min: 1,
      max: 1e15,
      description: `Rows the curve spans (row 1 at x = 0, row "span" at x = 1). Default: the number of rows generated, or ${SCENARIO_DEFAULT_SPAN} when that is not known`,
    },
    {
      name: 'repeat',
      kind: 'boolean',
      default: false,
      description:
        'true starts the curve again every span rows (a daily cycle of 24 rows...); false holds its last value after the span',
    },
  ],
  output: 'number',
  exampleParams: { scenario: 'Traffic' },
  exampleScenarios: {
    Traffic: {
      points: [
        { x: 0, y: 20 },
        { x: 0.3, y: 120 },
        { x: 0.6, y: 80 },
        { x: 1, y: 200 },
      ],
      interpolation: 'smooth',
      noise: 5,
    },
  },
  create(params, context): ValueGenerator {
    const name = params.scenario as string;
    const found = context.scenario(name);
    if (!found) {
      unknownScenario(name, context);
      return () => null;
    }
    const curve = curveOf(found.points, found.interpolation);
    const span = (params.span as number | undefined) ?? context.rowCount() ?? SCENARIO_DEFAULT_SPAN;
    const position = positionOf(span, params.repeat as boolean);
    const round = rounder(params.decimals as number);
    const noise = found.noise;
    // Each row and item reads the curve at its top-level row; noise draws from the field's own
    // counter-based randomness (Box–Muller, one of the pair), so any row is computable alone.
    if (noise === 0) return (_random, row) => round(curve(position(row.rowIndex)));
    return (random, row) => {
      const gaussian = Math.sqrt(-2 * Math.log(1 - random.double())) * Math.cos(TWO_PI * random.double());
      return round(curve(position(row.rowIndex)) + noise * gaussian);
    };
  },
});

export const scenarioTypes: TypeDefinition[] = [scenario];
