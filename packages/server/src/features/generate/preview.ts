/**
 * `?preview=true` on generate: at most 100 rows, not counted against the plan's daily requests
 * and records. The web page's live preview and formula checks ask on every change; counting them
 * would spend a free plan's 200 requests a day in minutes of editing. A preview still takes its
 * turn on the shared threads (the per-key cap holds), so it cannot crowd out other users.
 */
import { badRequest } from '../../http/http-error.js';
import { queryBoolean, type Query } from '../../http/query.js';
import { PREVIEW_MAX_ROWS } from '@rowloom/contract';

/** The contract's, so the generate query's description says it too. */
export { PREVIEW_MAX_ROWS };

/** Whether the request is a preview; a preview of more than PREVIEW_MAX_ROWS rows is a 400. */
export function isPreview(query: Query, count: number): boolean {
  const preview = queryBoolean(query, ['preview'], false);
  if (preview && count > PREVIEW_MAX_ROWS) {
    throw badRequest(
      `parameter "preview" allows at most ${PREVIEW_MAX_ROWS} rows, and count is ${count}; ask for fewer rows or drop preview (then the rows count against the plan)`,
      { limit: 'preview', allowed: PREVIEW_MAX_ROWS },
    );
  }
  return preview;
}
