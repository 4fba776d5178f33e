/**
 * The project page's calls to /api/projects/NAME/...: the model, a table's rows, the DDL import,
 * and the addresses of the downloads and the mock API (plain links: cookie-authenticated GETs).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DdlImportInput, ModelTable, ProjectModelView, TableRows } from '@rowloom/contract';
import { apiJson, named } from '../../api/client';
import { PROJECTS_QUERY } from '../datasets/datasets-api';

export type ImportAnswer = ProjectModelView & { import_warnings?: string[] };

export const FILE_FORMATS = ['csv', 'json', 'sql', 'xml', 'tsv'] as const;
export const SCRIPT_DIALECTS = ['postgres', 'mysql', 'sqlite', 'sqlserver'] as const;
export const DDL_DIALECTS = ['postgres', 'mysql'] as const;

export function projectPath(project: string, ...rest: string[]): string {
  return rest.reduce((path, part) => named(path, part), named('/api/projects', project));
}

export function modelQueryKey(project: string) {
  return ['project-model', project];
}

export function useProjectModel(project: string) {
  return useQuery({
    queryKey: modelQueryKey(project),
    queryFn: () => apiJson<ProjectModelView>(projectPath(project, 'model')),
  });
}

export function rowsPath(project: string, table: string, offset: number, limit: number): string {
  return `${projectPath(project, 'tables', table, 'rows')}?offset=${offset}&limit=${limit}`;
}

export function useTableRows(project: string, table: string | null, offset: number, limit: number) {
  return useQuery({
    queryKey: ['project-rows', project, table, offset, limit],
    queryFn: () => apiJson<TableRows>(rowsPath(project, table ?? '', offset, limit)),
    enabled: table !== null,
  });
}

/** What the import dialog sends: DDL of a dialect, or a project file (`rowloom import`'s JSON). */
export type ImportInput = { ddl: string; dialect: NonNullable<DdlImportInput['dialect']> | 'project' };

/** A project file's document, named as this project (PUT .../model replaces the tables with its). */
function projectDocument(text: string, project: string): unknown {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new Error(`The project file is not JSON: ${(error as Error).message}`);
  }
  if (typeof document !== 'object' || document === null || !('rowloom_project' in document))
    throw new Error(
      'This is not a project file: one has "rowloom_project": 1 and its "tables" (rowloom import writes one).',
    );
  return { ...document, name: project };
}

/** POST .../import (or PUT .../model for a project file); on success the model and the lists that show the project's schemas are fresh. */
export function useDdlImport(project: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ImportInput) =>
      input.dialect === 'project'
        ? apiJson<ImportAnswer>(projectPath(project, 'model'), {
            method: 'PUT',
            body: projectDocument(input.ddl, project),
          })
        : apiJson<ImportAnswer>(projectPath(project, 'import'), { method: 'POST', body: input }),
    onSuccess: (answer) => {
      client.setQueryData(modelQueryKey(project), answer);
      for (const key of [['project-rows', project], ['schemas'], PROJECTS_QUERY])
        void client.invalidateQueries({ queryKey: key });
    },
  });
}

export function downloadPath(project: string, format: string): string {
  return `${projectPath(project, 'download')}?format=${encodeURIComponent(format)}`;
}

/** `create`: the script starts with CREATE TABLE (and the foreign keys). */
export function scriptPath(project: string, dialect: string, create = false): string {
  return `${projectPath(project, 'script')}?dialect=${encodeURIComponent(dialect)}${create ? '&create=true' : ''}`;
}

/**
 * The mock API's addresses for one table, absolute so they can be pasted into a client: its
 * rows; one row by key (a Row Number key only); a row's children in each table whose
 * reference with children points here.
 */
export function restUrls(origin: string, project: string, table: ModelTable, tables: ModelTable[]): string[] {
  const base = origin + projectPath(project, 'rest', table.name);
  const byKey = table.columns.some((c) => c.key && c.type === 'Row Number');
  const children = tables
    .filter((t) => t.name !== table.name && t.references.some((r) => r.table === table.name && r.children))
    .map((t) => `${base}/1/${encodeURIComponent(t.name)}`);
  return [`${base}?page=1&per_page=20`, ...(byKey ? [`${base}/1`, ...children] : [])];
}
