/**
 * Types that read the user's uploaded datasets. Fields of one dataset with the same selection
 * style read the same dataset row within a row (an address's city, state and zip stay
 * together): random picks go through one family per dataset, sequential ones share the row
 * index, and cartesian ones share one loop of the schema's enumeration.
 */
import { closestMatch } from '../schema/suggest.js';
import { budgeted } from '../schema/row-budget.js';
import { charactersOf } from './characters.js';
import { compileWeightedRules, usesWeightedRules } from './weighted-rules.js';
import { defineType, type CreateContext, type FamilyDefinition, type TypeDefinition, type ValueGenerator } from './define-type.js';

const DATASET_STYLES = ['random', 'sequential', 'cartesian', 'custom', 'weighted'] as const;

/** Names in messages: quoted, and at most a screenful. */
function listNames(names: readonly string[]): string {
  const shown = names.slice(0, 20).map((n) => JSON.stringify(n)).join(', ');
  return names.length > 20 ? `${shown} and ${names.length - 20} more` : shown;
}

interface ColumnSource {
  /** Name of the dataset. */
  dataset: string;
  datasetParam: string;
  /** Column name, or null for the first column (My List). */
  column: string | null;
  columnParam: string;
  style: string;
  /** Weighted rules (selectionStyle custom): picks among the column's distinct values. */
  distribution?: unknown;
}

/** The generator for one column of one dataset, or null (with a problem reported) when it cannot be read. */
function columnGenerator(source: ColumnSource, context: CreateContext): ValueGenerator | null {
  const table = context.dataset(source.dataset);
  const wanted = source.column === null ? 'its first column' : `column ${JSON.stringify(source.column)}`;
  if (!table) {
    const names = context.datasetNames();
    const suggestion = closestMatch(source.dataset, names);
    context.problem(
      source.datasetParam,
      `no dataset named ${JSON.stringify(source.dataset)} (to read ${wanted} from); ` +
        (names.length === 0 ? 'there are no datasets: upload one first' : (suggestion ? `did you mean ${JSON.stringify(suggestion)}? ` : '') + `the datasets are ${listNames(names)}`),
    );
    return null;
  }
  let index = 0;
  if (source.column !== null) {
    index = table.columns.indexOf(source.column);
    if (index < 0) {
      const suggestion = closestMatch(source.column, [...table.columns]);
      context.problem(
        source.columnParam,
        `dataset ${JSON.stringify(source.dataset)} has no column ${JSON.stringify(source.column)}; ` +
          (suggestion ? `did you mean ${JSON.stringify(suggestion)}? ` : '') +
          `its columns are ${listNames(table.columns)}`,
      );
      return null;
    }
  } else if (table.columns.length === 0) {
    context.problem(source.datasetParam, `dataset ${JSON.stringify(source.dataset)} has no columns`);
    return null;
  }
  const size = table.rows.length;
  if (size === 0) {
    context.problem(source.datasetParam, `dataset ${JSON.stringify(source.dataset)} has no rows to pick values from; upload it again with at least one data row`);
    return null;
  }
  // The column as its own array: the per-row work is one index and one array read.
  const values = table.rows.map((row) => (typeof row[index] === 'string' ? row[index] : row[index] == null ? '' : String(row[index])));
  context.declareCharacters(charactersOf(values));
  if (source.distribution !== undefined) {
    const distinct = [...new Set(values)];
    const pick = compileWeightedRules(source.distribution, distinct, context);
    return pick ? (random, row) => distinct[pick(random, row)] : null;
  }
  switch (source.style) {
    case 'sequential':
      return (_random, row) => values[row.index % size];
    case 'cartesian': {
      // One loop per dataset: every cartesian field of this dataset moves through its rows together.
      const position = context.shared(`dataset-cartesian:${source.dataset}`, () => context.cartesian(size));
      return (_random, row) => values[position.index(row)];
    }
    default: {
      const family = context.shared(
        `dataset-random:${source.dataset}`,
        (): FamilyDefinition<number> => ({ name: `dataset:${source.dataset}:random`, draw: (random) => random.below(size) }),
      );
      return (_random, row) => values[row.family(family)];
    }
  }
}

const datasetColumn = defineType({
  name: 'Dataset Column',
  category: 'Advanced',
  description:
    'Values from a column of one of your uploaded datasets. Dataset Column fields of the same dataset and selection style take their values from the same dataset row, so the row stays coherent.',
  params: [
    { name: 'dataset', kind: 'string', required: true, description: 'Name of one of your uploaded datasets' },
    { name: 'column', kind: 'string', required: true, description: 'Column name in that dataset (its header row)' },
    {
      name: 'selectionStyle',
      kind: 'string',
      default: 'random',
      allowed: DATASET_STYLES,
      description: 'random (a random dataset row), sequential (the dataset rows in order, repeating), cartesian (every dataset row combined with the other cartesian fields), or custom (weighted rules over the column\'s values); weighted is not available yet',
    },
    { name: 'distribution', kind: 'json', description: 'Weighted rules for selectionStyle custom, as for Custom List: [{"rule": "...", "frequencies": {"value": weight}}]' },
  ],
  output: 'string',
  exampleParams: { dataset: 'cities', column: 'city' },
  exampleDatasets: { cities: { columns: ['city', 'country'], rows: [['Lisbon', 'Portugal'], ['Oslo', 'Norway'], ['Osaka', 'Japan']] } },
  check: (params, problem) => {
    if (params.selectionStyle === 'weighted') {
      problem('selectionStyle', 'weighted selection (by a weight column) is not available in this version of Rowloom yet; use random, sequential or cartesian');
    }
  },
  // Dataset cells can be long: charged to the row's budget.
  create: (params, context) =>
    budgeted(columnGenerator(
      {
        dataset: params.dataset as string,
        datasetParam: 'dataset',
        column: params.column as string,
        columnParam: 'column',
        style: params.selectionStyle as string,
        distribution: usesWeightedRules(params) ? (params.distribution ?? null) : undefined,
      },
      context,
    ) ?? (() => null)),
});

const myList = defineType({
  name: 'My List (deprecated)',
  aliases: ['My List'],
  category: 'Advanced',
  description: 'Values from the first column of one of your uploaded datasets (the older form of Dataset Column).',
  params: [
    { name: 'list', kind: 'string', required: true, description: 'Name of one of your uploaded datasets; its first column is used' },
    { name: 'selectionStyle', kind: 'string', default: 'random', allowed: ['random', 'sequential'], description: 'random or sequential' },
  ],
  output: 'string',
  exampleParams: { list: 'colors' },
  exampleDatasets: { colors: { columns: ['color'], rows: [['teal'], ['amber'], ['crimson']] } },
  create: (params, context) =>
    budgeted(columnGenerator({ dataset: params.list as string, datasetParam: 'list', column: null, columnParam: 'list', style: params.selectionStyle as string }, context) ?? (() => null)),
});

export const datasetTypes: TypeDefinition[] = [datasetColumn, myList];
