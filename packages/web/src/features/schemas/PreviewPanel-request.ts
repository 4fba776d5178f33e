/**
 * The preview's requests: a check of the fields, then the first rows as JSON (for the table)
 * and, when asked, as the chosen format's text. A 400's details name the fields at fault; anything else is the server's own words.
 */
import type { FieldProblem } from '@rowloom/contract';
import { ApiError, apiFetch } from '../../api/client';
import { fileUrl } from './FileOptionsPanel-formats';
import { fieldSpecs, generateUrl, inProject, projectQuery, type SchemaState } from './schema-model';
import { previewTable, type PreviewTable } from './PreviewPanel-rows';
import { schemaProblems } from './schema-check';

export interface PreviewAnswer {
  table: PreviewTable;
  /** The chosen format's text, when it was asked for. */
  text: string | null;
  seed: string;
  /** What the server warned about though it made the rows (a formula's field('X') naming no field), or null. */
  warning: string | null;
}

export class PreviewProblems extends Error {
  constructor(
    readonly problems: FieldProblem[],
    message: string,
  ) {
    super(message);
  }
}

function problemsOf(error: unknown): unknown {
  if (error instanceof ApiError && error.status === 400 && Array.isArray(error.body?.details)) {
    return new PreviewProblems(error.body.details as FieldProblem[], error.message);
  }
  return error;
}

/** ?preview=true: the server does not count a preview (at most 100 rows) against the plan's day. */
function asPreview(url: string): string {
  return `${url}&preview=true`;
}

export async function fetchPreview(
  schema: SchemaState,
  count: number,
  withText: boolean,
  signal: AbortSignal,
): Promise<PreviewAnswer> {
  const body = { fields: fieldSpecs(schema.fields) };
  // A draft with problems is not previewed: the check names them without a failed request.
  const problems = await schemaProblems(body.fields, signal, projectQuery(schema));
  if (problems.length)
    throw new PreviewProblems(
      problems,
      `the fields have ${problems.length} problem${problems.length === 1 ? '' : 's'}`,
    );
  // The table reads JSON whatever the chosen format: always an array, nulls kept as empty cells.
  const tableUrl = `${generateUrl({ ...schema.file, options: { array: true, include_nulls: true } }, { count, format: 'json' })}`;
  const [tableResponse, text] = await Promise.all([
    apiFetch(asPreview(inProject(tableUrl, schema)), { method: 'POST', body, signal }),
    withText
      ? apiFetch(asPreview(inProject(fileUrl(schema.file, { count }), schema)), { method: 'POST', body, signal }).then(
          (r) => r.text(),
        )
      : Promise.resolve(null),
  ]).catch((error: unknown) => {
    throw problemsOf(error);
  });
  const header = tableResponse.headers.get('x-rowloom-seed');
  const warning = tableResponse.headers.get('x-rowloom-warning');
  return {
    table: previewTable(await tableResponse.json()),
    text,
    seed: header ? decodeURIComponent(header) : schema.file.seed,
    warning: warning ? decodeURIComponent(warning) : null,
  };
}
