/**
 * Types that read the user's uploaded datasets. Fields of one dataset with the same selection
 * style read the same dataset row within a row (an address's city, state and zip stay
 * together): random picks go through one family per dataset, sequential ones share the row
 * index, and cartesian ones share one loop of the schema's enumeration.
 */
import { closestMatch } from '../kernel/suggest.js';
import { budgeted } from '../kernel/row-budget.js';
import { charactersOf } from '../kernel/characters.js';
import { compileWeightedRules, usesWeightedRules } from './weighted-rules.js';
import {
  defineType,
  type CreateContext,
  type DatasetView,
  type FamilyDefinition,
  type TypeDefinition,
  type ValueGenerator,
} from '../kernel/define-type.js';
import { unreadRows } from '../kernel/dataset-view.js';
import { weightedSampler } from '../places/weighted-sampler.js';

const DATASET_STYLES = ['random', 'sequential', 'cartesian', 'custom', 'weighted'] as const;

/** Names in messages: quoted, and at most a screenful. */
function listNames(names: readonly string[]): string {
  const shown = names
    .slice(0, 20)
    .map((n) => JSON.stringify(n))
    .join(', ');
  return names.length > 20 ? `${shown} and ${names.length - 20} more` : shown;
}

interface ColumnSource {
  /** Name of the dataset. */
  dataset: string;
  datasetParam: string;
  /** Column name, or null for the first column (My List) or the only one (Dataset Column). */
  column: string | null;
  columnParam: string;
  /** Dataset Column: a dataset of several columns must name one. */
  columnRequired?: boolean;
  style: string;
  /** selectionStyle weighted: the column holding each dataset row's weight. */
  weightColumn?: string | null;
  /** Weighted rules (selectionStyle custom): picks among the column's distinct values. */
  distribution?: unknown;
}

/**
 * The index of column `name`: the exact name, else the name with spaces around it trimmed on
 * both sides (schemas made elsewhere say " DESCRIPTION " where the upload stored "DESCRIPTION").
 */
function columnIndex(columns: readonly string[], name: string): number {
  const exact = columns.indexOf(name);
  if (exact >= 0) return exact;
  const trimmed = name.trim();
  return columns.findIndex((column) => column.trim() === trimmed);
}

/** Reports an unknown column with the dataset's columns and the closest one. */
function unknownColumn(
  table: DatasetView,
  source: ColumnSource,
  column: string,
  param: string,
  context: CreateContext,
): null {
  const suggestion = closestMatch(column, [...table.columns]);
  context.problem(
    param,
    `dataset ${JSON.stringify(source.dataset)} has no column ${JSON.stringify(column)}; ` +
      (suggestion ? `did you mean ${JSON.stringify(suggestion)}? ` : '') +
      `its columns are ${listNames(table.columns)}`,
  );
  return null;
}

/**
 * selectionStyle weighted: the dataset rows' weights from `weightColumn` (numbers of 0 or more;
 * an empty cell weighs 0), or null with the problem reported.
 */
function datasetWeights(
  table: DatasetView,
  rows: readonly (readonly string[])[],
  source: ColumnSource,
  name: string,
  context: CreateContext,
): number[] | null {
  const index = columnIndex(table.columns, name);
  if (index < 0) return unknownColumn(table, source, name, 'weightColumn', context);
  const weights: number[] = [];
  for (let i = 0; i < rows.length; i++) {
    const text = String(rows[i][index] ?? '').trim();
    const weight = text === '' ? 0 : Number(text);
    if (!Number.isFinite(weight) || weight < 0) {
      context.problem(
        'weightColumn',
        `data row ${i + 1} of dataset ${JSON.stringify(source.dataset)} has ${JSON.stringify(text)} in column ${JSON.stringify(name)}; weights must be numbers of 0 or more`,
      );
      return null;
    }
    weights.push(weight);
  }
  if (!weights.some((w) => w > 0)) {
    context.problem(
      'weightColumn',
      `every weight in column ${JSON.stringify(name)} of dataset ${JSON.stringify(source.dataset)} is 0: no row could be picked`,
    );
    return null;
  }
  return weights;
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
        (names.length === 0
          ? 'there are no datasets: upload one first'
          : (suggestion ? `did you mean ${JSON.stringify(suggestion)}? ` : '') +
            `the datasets are ${listNames(names)}`),
    );
    return null;
  }
  let index = 0;
  if (source.column !== null) {
    index = columnIndex(table.columns, source.column);
    if (index < 0) return unknownColumn(table, source, source.column, source.columnParam, context);
  } else if (source.columnRequired && table.columns.length > 1) {
    context.problem(
      source.columnParam,
      `is required: dataset ${JSON.stringify(source.dataset)} has ${table.columns.length} columns (${listNames(table.columns)}); name one`,
    );
    return null;
  } else if (table.columns.length === 0) {
    context.problem(source.datasetParam, `dataset ${JSON.stringify(source.dataset)} has no columns`);
    return null;
  }
  const size = table.rowCount;
  if (size === 0) {
    context.problem(
      source.datasetParam,
      `dataset ${JSON.stringify(source.dataset)} has no rows to pick values from; upload it again with at least one data row`,
    );
    return null;
  }
  const rows = table.rows;
  if (rows === null) return outlineGenerator(source, table, size, context);
  // The column as its own array: the per-row work is one index and one array read.
  const values = rows.map((row) =>
    typeof row[index] === 'string' ? row[index] : row[index] == null ? '' : String(row[index]),
  );
  context.declareCharacters(charactersOf(values));
  if (source.distribution !== undefined) {
    const distinct = [...new Set(values)];
    const pick = compileWeightedRules(source.distribution, distinct, context);
    return pick ? (random, row) => distinct[pick(random, row)] : null;
  }
  switch (source.style) {
    case 'sequential':
      return (_random, row) => values[row.index % size];
    case 'weighted': {
      // Mockaroo's exports of weighted Dataset Columns carry no weight column (seen in
      // corourke/mockaroo2kafka): then every dataset row weighs the same, so each value comes
      // up as often as it appears in the dataset, the random row pick below.
      const weightColumn = source.weightColumn?.trim();
      if (!weightColumn) return randomRow(context, source.dataset, values, size);
      const weights = datasetWeights(table, rows, source, weightColumn, context);
      if (weights === null) return null;
      // One family per dataset and weight column: its fields read the same weighted dataset row.
      const weightKey = `${source.dataset}:${weightColumn}`;
      const family = context.shared(`dataset-weighted:${weightKey}`, (): FamilyDefinition<number> => {
        const rows = Int32Array.from(weights.flatMap((w, i) => (w > 0 ? [i] : [])));
        const sampler = weightedSampler(rows, (i) => weights[i]);
        return { name: `dataset:${weightKey}:weighted`, draw: (random) => sampler.draw(random) };
      });
      return (_random, row) => values[row.family(family)];
    }
    case 'cartesian': {
      // One loop per dataset: every cartesian field of this dataset moves through its rows together.
      const position = context.shared(`dataset-cartesian:${source.dataset}`, () => context.cartesian(size));
      return (_random, row) => values[position.index(row)];
    }
    default:
      return randomRow(context, source.dataset, values, size);
  }
}

/**
 * A column whose dataset's rows are not on this thread (datasetView): the names are checked as
 * they are where rows are made, and the schema's cartesian loops get their sizes (the plan's
 * shape and combinations do not depend on the values); what depends on the values (a weight
 * column's numbers, custom rules over the distinct values) is checked where the rows are read.
 */
function outlineGenerator(
  source: ColumnSource,
  table: DatasetView,
  size: number,
  context: CreateContext,
): ValueGenerator | null {
  if (source.distribution === undefined && source.style === 'weighted' && source.weightColumn?.trim()) {
    const name = source.weightColumn.trim();
    if (columnIndex(table.columns, name) < 0) return unknownColumn(table, source, name, 'weightColumn', context);
  }
  if (source.distribution === undefined && source.style === 'cartesian')
    context.shared(`dataset-cartesian:${source.dataset}`, () => context.cartesian(size));
  return unreadRows(source.dataset);
}

/** A uniformly drawn dataset row, shared by the dataset's random fields so they read the same row. */
function randomRow(context: CreateContext, dataset: string, values: string[], size: number): ValueGenerator {
  const family = context.shared(`dataset-random:${dataset}`, (): FamilyDefinition<number> => ({
    name: `dataset:${dataset}:random`,
    draw: (random) => random.below(size),
  }));
  const generate: ValueGenerator = (_random, row) => values[row.family(family)];
  return generate;
}

const datasetColumn = defineType({
  name: 'Dataset Column',
  category: 'Advanced',
  description:
    'Values from a column of one of your uploaded datasets. Dataset Column fields of the same dataset and selection style take their values from the same dataset row, so the row stays coherent.',
  params: [
    { name: 'dataset', kind: 'string', required: true, description: 'Name of one of your uploaded datasets' },
    {
      name: 'column',
      kind: 'string',
      description:
        'Column name in that dataset (its header row); may be left out (null) when the dataset has one column',
    },
    {
      name: 'selectionStyle',
      kind: 'string',
      default: 'random',
      allowed: DATASET_STYLES,
      description:
        'random (a random dataset row), sequential (the dataset rows in order, repeating), cartesian (every dataset row combined with the other cartesian fields), ' +
        "custom (weighted rules over the column's values), or weighted (dataset rows drawn in proportion to the number in their weightColumn)",
    },
    {
      name: 'weightColumn',
      kind: 'string',
      description:
        "For selectionStyle weighted: the dataset column holding each dataset row's weight (a number of 0 or more; empty is 0). Without it every row weighs the same, as in Mockaroo's exports",
    },
    {
      name: 'distribution',
      kind: 'json',
      description:
        'Weighted rules for selectionStyle custom, as for Custom List: [{"rule": "...", "frequencies": {"value": weight}}]',
    },
  ],
  output: 'string',
  exampleParams: { dataset: 'cities', column: 'city' },
  exampleDatasets: {
    cities: {
      columns: ['city', 'country'],
      rows: [
        ['Lisbon', 'Portugal'],
        ['Oslo', 'Norway'],
        ['Osaka', 'Japan'],
      ],
    },
  },
  // Dataset cells can be long: charged to the row's budget.
  create: (params, context) =>
    budgeted(
      columnGenerator(
        {
          dataset: params.dataset as string,
          datasetParam: 'dataset',
          column: (params.column as string | undefined) ?? null,
          columnParam: 'column',
          columnRequired: true,
          style: params.selectionStyle as string,
          weightColumn: (params.weightColumn as string | undefined) ?? null,
          distribution: usesWeightedRules(params) ? (params.distribution ?? null) : undefined,
        },
        context,
      ) ?? (() => null),
    ),
});

const myList = defineType({
  name: 'My List (deprecated)',
  aliases: ['My List'],
  category: 'Advanced',
  description: 'Values from the first column of one of your uploaded datasets (the older form of Dataset Column).',
  params: [
    {
      name: 'list',
      kind: 'string',
      required: true,
      description: 'Name of one of your uploaded datasets; its first column is used',
    },
    {
      name: 'selectionStyle',
      kind: 'string',
      default: 'random',
      allowed: ['random', 'sequential'],
      description: 'random or sequential',
    },
  ],
  output: 'string',
  exampleParams: { list: 'colors' },
  exampleDatasets: { colors: { columns: ['color'], rows: [['teal'], ['amber'], ['crimson']] } },
  create: (params, context) =>
    budgeted(
      columnGenerator(
        {
          dataset: params.list as string,
          datasetParam: 'list',
          column: null,
          columnParam: 'list',
          style: params.selectionStyle as string,
        },
        context,
      ) ?? (() => null),
    ),
});

export const datasetTypes: TypeDefinition[] = [datasetColumn, myList];
