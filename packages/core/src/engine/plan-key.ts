/**
 * When two generations may share one compiled plan, and the key they find it by: the fields'
 * exact JSON text and the public URL (image URLs are built from it). Generations that read
 * stored datasets or scenarios (their content can change under the same text), a mock request
 * or a project's other tables never share, and neither do very long field lists (the key would cost more than the hit).
 * The server's main thread (routes/plan-cache.ts) and the pool threads (kept-plans.ts) both key
 * their plans this way.
 */

/** Field lists longer than this, as JSON, are compiled every time. */
export const PLAN_KEY_MAX_TEXT = 64 * 1024;

export interface PlanKeyInput {
  fields: unknown[];
  /**
   * The text the fields were read from, when the caller has it (a request's body): one text
   * always reads as the same fields, so it keys them as well as their JSON, without serialising
   * them again. Such keys are marked, so no text can stand for other fields' JSON.
   */
  fieldsText?: string;
  datasets?: object;
  scenarios?: object;
  publicUrl?: string;
  request?: unknown;
  /** A project's table (its rows read other tables' rows): never shared. */
  relations?: unknown;
}

/** The key of a shareable plan, or null when this generation must compile its own. */
export function planSharingKey(input: PlanKeyInput): string | null {
  if (!isEmpty(input.datasets) || !isEmpty(input.scenarios) || input.request !== undefined) return null;
  if (input.relations !== undefined) return null;
  const text = input.fieldsText === undefined ? JSON.stringify(input.fields) : `read from ${input.fieldsText}`;
  if (text.length > PLAN_KEY_MAX_TEXT) return null;
  return `${input.publicUrl ?? ''}\n${text}`;
}

function isEmpty(record: object | undefined): boolean {
  return record === undefined || Object.keys(record).length === 0;
}
