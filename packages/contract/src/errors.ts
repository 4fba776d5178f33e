/** The body of every error answer. */
import Type, { type Static } from 'typebox';

export const ProblemDetail = Type.Object({
  path: Type.Optional(Type.String({ description: "The JSON path of the offending value (a mock API's routes[0].path)" })),
  field: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  param: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  message: Type.String(),
});

export const ErrorBody = Type.Object(
  {
    error: Type.String({ description: 'What is wrong and how to fix it, naming the field or position' }),
    details: Type.Optional(Type.Array(ProblemDetail, { description: 'Every problem, when there are several (schemas, mock APIs)' })),
  },
  { description: 'Every error: a message saying what is wrong and how to fix it, sometimes with more keys (limit, allowed, retry_after...)' },
);
export type ErrorBody = Static<typeof ErrorBody>;
