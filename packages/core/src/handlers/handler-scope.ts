/**
 * The FormulaScope a handler compiles in: no row and no fields (a handler answers a request; the
 * rows come from generate), the caller's datasets for from_dataset, and the run's clock.
 */
import type { FormulaScope } from '../formula/scope.js';
import type { Datasets } from '../kernel/define-type.js';
import { datasetView } from '../kernel/dataset-view.js';

export interface HandlerScopeOptions {
  datasets?: Datasets;
  startedAtMs: number;
  generationUuid: string;
}

export function handlerScope(options: HandlerScopeOptions): FormulaScope {
  const datasets = options.datasets ?? {};
  const shared = new Map<string, unknown>();
  return {
    field: () => undefined,
    fieldNames: () => [],
    hasThis: false,
    startedAtMs: options.startedAtMs,
    generationUuid: options.generationUuid,
    // Own keys only: a dataset may be called "constructor".
    dataset: (name) => (Object.hasOwn(datasets, name) ? datasetView(datasets[name]) : undefined),
    datasetNames: () => Object.keys(datasets),
    shared<T>(key: string, make: () => T): T {
      if (!shared.has(key)) shared.set(key, make());
      return shared.get(key) as T;
    },
    // Unreachable: in a handler, generate is the command that makes rows of a saved schema.
    createType: () => ["generate('Type', ...) is not available in handlers; make the value in a schema's field"],
  };
}
