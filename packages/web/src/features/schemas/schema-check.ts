/**
 * POST /api/schema-check: the problems of a draft's fields, answered 200 (an empty list when it
 * compiles). The preview and the formula editor ask it first, so a draft that is still being
 * typed costs no failed request (a 400 in the console per keystroke).
 */
import type { FieldProblem, SchemaCheck } from '@rowloom/contract';
import { apiJson } from '../../api/client';

export async function schemaProblems(
  fields: Record<string, unknown>[],
  signal: AbortSignal,
  /** projectQuery's text: the fields are a project's table. */
  where = '',
): Promise<FieldProblem[]> {
  const url = where ? `/api/schema-check?${where}` : '/api/schema-check';
  const answer = await apiJson<SchemaCheck>(url, { method: 'POST', body: { fields }, signal });
  return answer.problems;
}
