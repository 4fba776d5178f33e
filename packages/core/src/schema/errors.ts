/** One thing wrong with a schema, located as precisely as we can. */
export interface Problem {
  /** The field's name as written (or `#3` for a nameless field at position 3), null for the schema as a whole. */
  field: string | null;
  /** The parameter at fault (`min`, `type`, `percentBlank`...), null when it is the field itself. */
  param: string | null;
  message: string;
}

/** Thrown when a schema cannot be compiled; carries every problem found, not just the first. */
export class SchemaError extends Error {
  constructor(readonly problems: Problem[]) {
    super(problems.map(formatProblem).join('; '));
    this.name = 'SchemaError';
  }
}

/** `field "salary", min: min (5) must be <= max (1)` — one line a person can act on. */
export function formatProblem(problem: Problem): string {
  const where: string[] = [];
  if (problem.field !== null) where.push(`field "${problem.field}"`);
  if (problem.param !== null) where.push(`parameter "${problem.param}"`);
  return where.length ? `${where.join(', ')}: ${problem.message}` : problem.message;
}

/** Records a problem with one parameter of a field (null: the field as a whole). */
export type ReportProblem = (param: string | null, message: string) => void;
