/**
 * The compile-time bounds on a field specification's own text (limits.ts): a name, a type name
 * or a parameter too long is refused before anything is done with it, so no later step (parsing,
 * "did you mean", error messages) can spend time or memory on megabytes of it.
 */
import type { ReportProblem } from './errors.js';
import { MAX_FIELD_NAME_LENGTH, MAX_TEXT_PARAMETER_LENGTH, MAX_TYPE_NAME_LENGTH } from '../kernel/limits.js';

/** Longest piece of user text quoted in an error message. */
const QUOTED_LENGTH = 60;

/** `text` as it may appear in a message: cut, and saying how long it was when cut. */
export function shortened(text: string): string {
  return text.length <= QUOTED_LENGTH
    ? text
    : `${text.slice(0, QUOTED_LENGTH)}… (${text.length.toLocaleString('en-US')} characters)`;
}

/** A parameter's value as a message quotes it: its JSON, cut when long. */
export function quotedValue(value: unknown): string {
  const json = JSON.stringify(value) ?? String(value);
  return shortened(json);
}

/**
 * Checks the name's and the type's length; false (with the problems reported) when either is
 * too long, and the field is then left out of every later step.
 */
export function withinNameLimits(spec: Record<string, unknown>, report: ReportProblem): boolean {
  let within = true;
  if (typeof spec.name === 'string' && spec.name.length > MAX_FIELD_NAME_LENGTH) {
    report(
      'name',
      `the name has ${spec.name.length.toLocaleString('en-US')} characters; at most ${MAX_FIELD_NAME_LENGTH} are allowed`,
    );
    within = false;
  }
  if (typeof spec.type === 'string' && spec.type.length > MAX_TYPE_NAME_LENGTH) {
    report(
      'type',
      `"${shortened(spec.type)}" is not a type: type names have at most ${MAX_TYPE_NAME_LENGTH} characters; GET /api/types (or \`rowloom types\`) lists them`,
    );
    within = false;
  }
  return within;
}

/** A text parameter's problem when it is longer than MAX_TEXT_PARAMETER_LENGTH, else null. */
export function textParameterProblem(text: string, what = 'the text'): string | null {
  if (text.length <= MAX_TEXT_PARAMETER_LENGTH) return null;
  return `${what} has ${text.length.toLocaleString('en-US')} characters; at most ${MAX_TEXT_PARAMETER_LENGTH.toLocaleString('en-US')} are allowed`;
}

/** The label of a field in messages: its name, cut when it is too long to be one. */
export function fieldLabelText(name: string): string {
  return name.length > MAX_FIELD_NAME_LENGTH ? shortened(name) : name;
}
