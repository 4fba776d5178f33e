/**
 * /projects/NAME: a project of related tables (docs/relations.md). Its tables with counts and
 * columns, problems and warnings, the load order, an entity-relationship diagram, a preview
 * that follows references, the DDL import, the downloads and the mock API's addresses.
 * Loaded lazily (App.tsx): the initial bundle stays within its budget.
 */
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { ErDiagram } from './ErDiagram';
import { ImportDdlDialog } from './ImportDdlDialog';
import { MockApiPanel } from './MockApiPanel';
import { LoadOrder, ModelMessages } from './ModelMessages';
import { ProjectDownloads } from './ProjectDownloads';
import { ProjectTables } from './ProjectTables';
import { TablePreview } from './TablePreview';
import { useProjectModel } from './project-api';
import { describedTables, inLoadOrder } from './reference-labels';
import './project-page.css';

export default function ProjectPage() {
  const project = useParams().name ?? '';
  const model = useProjectModel(project);
  const [previewing, setPreviewing] = useState<string | null>(null);
  const tables = useMemo(() => (model.data ? describedTables(model.data) : []), [model.data]);
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
          <section className="page" aria-labelledby="diagram-title">
            <h2 id="diagram-title">Diagram</h2>
            <ErDiagram project={project} model={{ ...model.data, tables }} />
          </section>
          <div className="project-columns">
            <section className="page" aria-labelledby="tables-title">
              <h2 id="tables-title">Tables</h2>
              <p className="hint">
                Seed {String(model.data.seed)}. Each table is a saved schema of this project: edit its fields in the
                builder.
              </p>
              <ProjectTables tables={inLoadOrder(tables, model.data.load_order)} onPreview={setPreviewing} />
            </section>
            <aside className="page">
              <LoadOrder order={model.data.load_order} />
            </aside>
          </div>
          {previewTable && (
            <TablePreview project={project} table={previewTable} tables={tables} onClose={() => setPreviewing(null)} />
          )}
          {tables.length > 0 && <MockApiPanel project={project} tables={tables} />}
        </>
      )}
    </div>
  );
}
