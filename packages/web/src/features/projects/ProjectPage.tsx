/**
 * /projects/NAME: a project of related tables (docs/relations.md). Its tables with counts and
 * columns, problems and warnings, the load order, an entity-relationship diagram, a preview
 * that follows references, the DDL import, the downloads, the load into a database and the
 * mock API's addresses.
 * Loaded lazily (App.tsx): the initial bundle stays within its budget.
 */
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { ModelTable, ProjectModelView } from '@rowloom/contract';
import { ApiError } from '../../api/client';
import { DatabaseLoad } from './DatabaseLoad';
import { ErDiagram } from './ErDiagram';
import { ImportDdlDialog } from './ImportDdlDialog';
import { MockApiPanel } from './MockApiPanel';
import { LoadOrder, ModelMessages } from './ModelMessages';
import { ProjectDownloads } from './ProjectDownloads';
import { ProjectTables } from './ProjectTables';
import { TablePreview } from './TablePreview';
import { useProjectModel } from './project-api';
import { describedTables, inLoadOrder } from './reference-labels';
import { tablesFromDocument } from './document-tables';
import './project-page.css';

/** The model's tables; when the server could not build them (problems), the document's. */
function pageTables(project: string, model: ProjectModelView): ModelTable[] {
  const tables = model.tables.length ? model.tables : tablesFromDocument(project, model.document);
  return describedTables({ tables, document: model.document });
}

export default function ProjectPage() {
  const project = useParams().name ?? '';
  const model = useProjectModel(project);
  const [previewing, setPreviewing] = useState<string | null>(null);
  const tables = useMemo(() => (model.data ? pageTables(project, model.data) : []), [project, model.data]);
  const fromDocument = !!model.data && model.data.tables.length === 0 && tables.length > 0;
  const previewTable = tables.find((t) => t.name === previewing);
  const blocked = !model.data || model.data.problems.length > 0 || tables.length === 0;
  return (
    <div className="project-page">
      <p className="breadcrumb">
        <Link to="/projects">Projects</Link> / <span>{project}</span>
      </p>
      <h1>{project}</h1>
      <section className="page project-actions" aria-labelledby="actions-title">
        <h2 id="actions-title" className="visually-hidden">
          Actions
        </h2>
        <ImportDdlDialog project={project} existingTables={tables.length} />
        <ProjectDownloads project={project} blocked={blocked} />
      </section>
      {model.isPending && <p role="status">Loading…</p>}
      {model.error && (
        <p className={model.error instanceof ApiError && model.error.status === 404 ? 'hint' : 'error'} role="alert">
          {model.error.message}
        </p>
      )}
      {model.data && (
        <>
          <ModelMessages model={model.data} />
          {tables.length === 0 && (
            <p className="page hint">
              No tables yet: import SQL DDL, or save schemas in this project from the builder.
            </p>
          )}
          {tables.length > 0 && (
            <section className="page" aria-labelledby="diagram-title">
              <h2 id="diagram-title">Diagram</h2>
              {fromDocument && (
                <p className="hint">
                  Drawn from the project&apos;s document: row counts come once the problems are fixed.
                </p>
              )}
              <ErDiagram project={project} model={{ ...model.data, tables }} />
            </section>
          )}
          {tables.length > 0 && (
            <div className="project-columns">
              <section className="page" aria-labelledby="tables-title">
                <h2 id="tables-title">Tables</h2>
                <p className="hint">
                  {model.data.seed !== '' && `Seed ${String(model.data.seed)}. `}Each table is a saved schema of this
                  project: edit its fields in the builder.
                </p>
                <ProjectTables
                  tables={inLoadOrder(tables, model.data.load_order)}
                  onPreview={blocked ? null : setPreviewing}
                />
              </section>
              {model.data.load_order.length > 0 && (
                <aside className="page">
                  <LoadOrder order={model.data.load_order} />
                </aside>
              )}
            </div>
          )}
          {previewTable && (
            <TablePreview project={project} table={previewTable} tables={tables} onClose={() => setPreviewing(null)} />
          )}
          {tables.length > 0 && <DatabaseLoad project={project} blocked={blocked} />}
          {!blocked && <MockApiPanel project={project} tables={tables} />}
        </>
      )}
    </div>
  );
}
