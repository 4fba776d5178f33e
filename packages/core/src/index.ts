/** @rowloom/core: the public surface of the engine. */
export { checkOnThreads, generate, defaultWorkers, type GenerateRequest, type Generation } from './engine/generate.js';
export { pipeGeneration } from './engine/pipe-generation.js';
export { DEFAULT_INLINE_POLICY, startsInline, type InlinePolicy } from './engine/inline-rows.js';
export { GenerationPool, type PoolOptions } from './pool/shared-pool.js';
export { generateObjects, type SampleOptions } from './engine/sample.js';
export { resolveSeed, type Seed } from './engine/seed.js';
export { planSharingKey, PLAN_KEY_MAX_TEXT, type PlanKeyInput } from './engine/plan-key.js';
export {
  rangePlan,
  rangeSetup,
  rangeFrame,
  rowRange,
  RangeFiller,
  wholeFile,
  type RangeRequest,
  type RowCounter,
  type WorkerSetup,
} from './engine/row-range.js';
export type { Datasets, DatasetTable, DatasetText } from './kernel/define-type.js';
export { isDatasetText } from './kernel/dataset-view.js';
export { closestMatch } from './kernel/suggest.js';
export { compileSchema, type SchemaPlan } from './schema/compile.js';
export { readSchemaDocument, SCHEMA_DOCUMENT_SHAPES, type SchemaDocument } from './schema/schema-document.js';
export { canonicalFields } from './schema/canonical-fields.js';
export { DatasetParseError, DatasetTooLargeError, parseDataset, separatorFor } from './datasets/parse-dataset.js';
export {
  DATASET_PREVIEW_ROWS,
  MAX_DATASET_COLUMN_NAME_BYTES,
  MAX_DATASET_COLUMNS,
  MAX_DATASET_VALUE_BYTES,
} from './datasets/dataset-limits.js';
export { referencedDatasetNames } from './schema/dataset-references.js';
export { MAX_JSON_DEPTH, pathDeeperThan } from './schema/json-depth.js';
export { SchemaError, formatProblem, type Problem } from './schema/errors.js';
export { describeCatalogue, type TypeDescription } from './catalogue/catalogue.js';
export { describeFormulaVocabulary, type FormulaVocabulary, type FormulaWord } from './formula/vocabulary.js';
export {
  FORMAT_ALIASES,
  FORMAT_MEDIA_TYPES,
  OUTPUT_FORMATS,
  outputFormatNamed,
  type OutputFormat,
  type WriterOptions,
} from './writers/writer.js';
export { checkWriterOptions, DEFAULT_TABLE } from './writers/index.js';
export { Verbatim, ItemList, type Value } from './kernel/values.js';
export * as images from './images/index.js';
export {
  readScenario,
  INTERPOLATIONS,
  MAX_SCENARIO_POINTS,
  MIN_SCENARIO_POINTS,
  MAX_SCENARIO_MAGNITUDE,
  type Interpolation,
  type ScenarioCurve,
  type ScenarioPoint,
  type ScenarioProblem,
  type Scenarios,
} from './scenarios/scenario.js';
export { curveOf } from './scenarios/interpolate.js';
export type { MockRequestData, QueryParams } from './kernel/request-data.js';
export {
  HANDLER_LIMITS,
  type HandlerRequest,
  type HandlerSchema,
  type HandlerSetup,
  type HandlerResult,
  type HandlerProblem,
} from './handlers/handler-contract.js';
export { runHandler } from './handlers/run-handler.js';
export { checkHandler, handlerSchemaNames } from './handlers/check-handler.js';
export { HandlerError } from './handlers/handler-error.js';
export { handlerRequestSeed } from './handlers/handler-seed.js';
export { referencedScenarioNames } from './schema/scenario-references.js';
export { SCENARIO_DEFAULT_SPAN } from './types/scenario-types.js';
export {
  inferSchema,
  InferenceError,
  MAX_SAMPLE_CHARS,
  MAX_SAMPLE_COLUMNS,
  MAX_SAMPLE_ROWS,
  type Inference,
  type InferenceReason,
  type InferredField,
  ruleForName,
  proposalOf,
  fieldNames,
  type NameRule,
} from './inference/index.js';
export * from './relations/project-document.js';
export { readProject, isProjectDocument, ProjectError, MAX_TABLES } from './relations/read-project.js';
export { tableOf, type ProjectModel, type TableModel, type LinkModel } from './relations/project-model.js';
export { tableSeed, ProjectCounts } from './relations/project-counts.js';
export { planProject, type ProjectPlan, type PlanOptions } from './projects/project-plan.js';
export { generateTable, type TableRequest } from './projects/table-generation.js';
export { tableFileName } from './projects/table-files.js';
export type { RelationsSetup } from './engine/relation-runtime.js';
export {
  tableObjects,
  tableObjectsAt,
  rowOfKey,
  keyColumn,
  childRange,
  type RowsSource,
} from './projects/table-rows.js';
export type { RowsPool } from './engine/rows-pool.js';
export { tableTexts, TEXT_BATCH_ROWS } from './projects/table-texts.js';
export type { TableText, DeferredColumn } from './relations/table-text.js';
export { LOREM_WORDS } from './data/lorem-words.js';
export { typeNames } from './types/registry.js';
