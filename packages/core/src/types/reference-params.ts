/**
 * The Reference type's parameters, and what they mean once resolved: one definition read by the
 * type (reference-type.ts, which the builder's form is drawn from) and by the project
 * reader (read-project.ts), which needs them before anything compiles, to count rows.
 */
import type { ParamSpec, ResolvedParams } from '../kernel/define-type.js';

export type ChildrenRule =
  | { kind: 'fixed'; count: number }
  | { kind: 'uniform'; min: number; max: number }
  | { kind: 'poisson'; mean: number }
  | { kind: 'zipf'; skew: number; min: number; max: number }
  /** The named Scenario's curve at the parent's place (x = 0 for the first parent, 1 for the last), rounded. */
  | { kind: 'scenario'; scenario: string };

/** The most children one parent row may have: a bound on a driving reference's rule. */
export const MAX_CHILDREN_PER_PARENT = 100_000;

export const CHILDREN_KINDS = ['none', 'fixed', 'uniform', 'poisson', 'zipf', 'scenario'] as const;
export const PICK_KINDS = ['uniform', 'zipf'] as const;

export const REFERENCE_PARAMS: readonly ParamSpec[] = [
  { name: 'table', kind: 'string', required: true, description: 'The table referred to (in this project)' },
  { name: 'column', kind: 'string', required: true, description: 'The column read from the parent row (its key)' },
  {
    name: 'link',
    kind: 'string',
    default: '',
    description:
      'References with the same table and link read the same parent row (a composite key is two such fields); default: the table name',
  },
  {
    name: 'children',
    kind: 'string',
    default: 'none',
    allowed: CHILDREN_KINDS,
    description:
      "How many rows this table has per parent row (makes the table's row count the sum): fixed, uniform, poisson, zipf, or a scenario's curve; none: the table's own count, each row picking a parent",
  },
  {
    name: 'children_count',
    kind: 'integer',
    default: 3,
    min: 0,
    max: MAX_CHILDREN_PER_PARENT,
    description: 'fixed: rows per parent',
  },
  {
    name: 'children_min',
    kind: 'integer',
    default: 0,
    min: 0,
    max: MAX_CHILDREN_PER_PARENT,
    description: 'uniform, zipf: fewest rows per parent',
  },
  {
    name: 'children_max',
    kind: 'integer',
    default: 5,
    min: 0,
    max: MAX_CHILDREN_PER_PARENT,
    description: 'uniform, zipf: most rows per parent',
  },
  {
    name: 'children_mean',
    kind: 'decimal',
    default: 3,
    min: 0.001,
    max: MAX_CHILDREN_PER_PARENT,
    description: 'poisson: mean rows per parent',
  },
  {
    name: 'children_skew',
    kind: 'decimal',
    default: 1.2,
    min: 0.01,
    max: 10,
    description: 'zipf: exponent (higher: fewer parents with many rows)',
  },
  {
    name: 'scenario',
    kind: 'string',
    default: '',
    description:
      "children scenario: the Scenario whose curve gives each parent's rows (x from the first parent to the last)",
  },
  {
    name: 'pick',
    kind: 'string',
    default: 'uniform',
    allowed: PICK_KINDS,
    description: 'Without children: how a parent row is chosen (zipf: a few parents get most rows)',
  },
  { name: 'skew', kind: 'decimal', default: 1.1, min: 0.01, max: 10, description: 'pick zipf: exponent' },
  {
    name: 'distinct',
    kind: 'boolean',
    default: false,
    description: 'The rows of one driving parent never pick the same row here (a join table without duplicate pairs)',
  },
  {
    name: 'key_kind',
    kind: 'string',
    default: 'integer',
    allowed: ['integer', 'number', 'string'],
    description: "What the parent column holds, for a SQL file's column type (an import sets it)",
  },
  {
    name: 'optional',
    kind: 'decimal',
    default: 0,
    min: 0,
    max: 100,
    description: 'Percent of rows with no parent (every field of the link is null together)',
  },
];

/** A Reference field's resolved parameters, as the relations code reads them. */
export interface ReferenceSettings {
  table: string;
  column: string;
  /** The link's name: the table's name unless given. */
  link: string;
  children: ChildrenRule | null;
  pick: 'uniform' | 'zipf';
  skew: number;
  distinct: boolean;
  /** Share of rows without a parent, 0..1. */
  optional: number;
}

export function referenceSettings(params: ResolvedParams): ReferenceSettings {
  const table = params.table as string;
  const link = (params.link as string) || table;
  return {
    table,
    column: params.column as string,
    link,
    children: childrenRule(params),
    pick: params.pick as 'uniform' | 'zipf',
    skew: params.skew as number,
    distinct: params.distinct as boolean,
    optional: (params.optional as number) / 100,
  };
}

function childrenRule(params: ResolvedParams): ChildrenRule | null {
  const min = params.children_min as number;
  const max = params.children_max as number;
  switch (params.children as (typeof CHILDREN_KINDS)[number]) {
    case 'none':
      return null;
    case 'fixed':
      return { kind: 'fixed', count: params.children_count as number };
    case 'uniform':
      return { kind: 'uniform', min, max };
    case 'poisson':
      return { kind: 'poisson', mean: params.children_mean as number };
    case 'zipf':
      return { kind: 'zipf', skew: params.children_skew as number, min, max };
    case 'scenario':
      return { kind: 'scenario', scenario: params.scenario as string };
  }
}

/** Cross-parameter checks (the type's `check`). */
export function checkReferenceParams(
  params: ResolvedParams,
  problem: (param: string | null, message: string) => void,
): void {
  const children = params.children;
  const min = params.children_min as number;
  const max = params.children_max as number;
  if ((children === 'uniform' || children === 'zipf') && min > max)
    problem('children_min', `children_min (${min}) must not exceed children_max (${max})`);
  if (children === 'scenario' && !params.scenario)
    problem('scenario', 'children scenario needs the name of a Scenario whose curve gives the rows per parent');
  if (params.distinct === true && children !== 'none')
    problem('distinct', 'distinct applies to a reference without children, in a table that another reference drives');
}
