/** The body of every error answer. */
import Type, { type Static } from 'typebox';

/**
 * A problem in a schema (core's Problem): the field by its name (`#3` for a nameless one, null
 * for the schema as a whole) and the parameter at fault (null for the field itself).
 */
export const FieldProblem = Type.Object({
  field: Type.Union([Type.String(), Type.Null()]),
  param: Type.Union([Type.String(), Type.Null()]),
  message: Type.String(),
});
export type FieldProblem = Static<typeof FieldProblem>;

/** One entry of an error's details: a schema's FieldProblem, or a mock API's or scenario's {path, message}. */
export const ProblemDetail = Type.Object({
  path: Type.Optional(
    Type.String({ description: "The JSON path of the offending value (a mock API's routes[0].path)" }),
  ),
  field: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  param: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  message: Type.String(),
});
export type ProblemDetail = Static<typeof ProblemDetail>;

export const ErrorBody = Type.Object(
  {
    error: Type.String({ description: 'What is wrong and how to fix it, naming the field or position' }),
    details: Type.Optional(
      Type.Array(ProblemDetail, { description: 'Every problem, when there are several (schemas, mock APIs)' }),
    ),
  },
  {
    description:
      'Every error: a message saying what is wrong and how to fix it, sometimes with more keys (limit, allowed, retry_after...)',
  },
);
export type ErrorBody = Static<typeof ErrorBody>;
