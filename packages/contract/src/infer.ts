/**
 * POST /api/infer: a sample CSV (a header line, or a header with rows of data) -> the fields of a
 * schema that makes data like it, and the reason for each field's type, for review.
 */
import Type, { type Static } from 'typebox';

const InferredField = Type.Record(Type.String(), Type.Unknown(), {
  description: 'A field as a schema or generate request takes it: {"name", "type", "percentBlank"?, ...parameters}',
});

export const InferenceReason = Type.Object({
  field: Type.String({ description: "The field's name" }),
  type: Type.String({ description: 'The type inferred (a name of GET /api/types)' }),
  basis: Type.Union(
    [Type.Literal('values'), Type.Literal('name'), Type.Literal('name and values'), Type.Literal('default')],
    { description: 'What the type rests on: the values, the column name, both, or neither (a few words)' },
  ),
  reason: Type.String({ description: 'Why, in a few words: "all 200 values are emails"' }),
});
export type InferenceReason = Static<typeof InferenceReason>;

export const InferResult = Type.Object({
  fields: Type.Array(InferredField),
  reasons: Type.Array(InferenceReason, { description: 'One per field, in the same order' }),
  rows_read: Type.Integer({ description: 'Data rows looked at (0 for a header alone)' }),
  truncated: Type.Boolean({ description: 'The sample had more rows (or text) than inference reads' }),
});
export type InferResult = Static<typeof InferResult>;
