/** Schema inference from a sample CSV: names and values -> typed fields with reasons. */
export { inferSchema } from './infer-schema.js';
export { InferenceError } from './read-sample.js';
export { MAX_SAMPLE_CELLS, MAX_SAMPLE_CHARS, MAX_SAMPLE_COLUMNS, MAX_SAMPLE_ROWS } from './sample-limits.js';
export type { Basis, Inference, InferenceReason, InferredField } from './proposal.js';
/** For importing database schemas (server databases/import): names -> types, field-name checks. */
export { ruleForName, proposalOf, type NameRule } from './name-rules.js';
export { fieldNames, type FieldNameChoice } from './field-names.js';
