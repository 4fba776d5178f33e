/**
 * /projects: a project groups schemas, datasets and scenarios. List (with what each holds),
 * create, delete. Items join a project when uploaded or saved with it. Each project's name opens
 * its page (ProjectPage.tsx): its tables, diagram, import, downloads and mock API.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { SchemaList } from '@rowloom/contract';
import { apiJson, named } from '../../api/client';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import {
  DATASETS_QUERY,
  PROJECTS_QUERY,
  useDatasets,
  useProjects,
  type ProjectSummary,
} from '../datasets/datasets-api';
import './projects.css';

function useSchemas() {
  return useQuery({
    queryKey: ['schemas'],
    queryFn: async () => (await apiJson<SchemaList>('/api/schemas')).schemas,
  });
}

function CreateProject() {
  const [name, setName] = useState('');
  const id = useId();
  const client = useQueryClient();
  const create = useMutation({
    mutationFn: (projectName: string) => apiJson('/api/projects', { method: 'POST', body: { name: projectName } }),
    onSuccess: () => {
      setName('');
      void client.invalidateQueries({ queryKey: PROJECTS_QUERY });
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    if (name.trim() !== '') create.mutate(name.trim());
  }
  return (
    <form className="create-project" onSubmit={submit}>
      <label htmlFor={id}>New project name</label>
      <input id={id} value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
      <button type="submit" className="primary" disabled={name.trim() === '' || create.isPending}>
        Create project
      </button>
      {create.error && (
        <p className="error" role="alert">
          {create.error.message}
        </p>
      )}
    </form>
  );
}

function count(n: number | undefined, one: string): string {
  if (n === undefined) return '';
  return `${n} ${one}${n === 1 ? '' : 's'}`;
}

function ProjectCard({
  project,
  datasets,
  schemas,
  onDelete,
}: {
  project: ProjectSummary;
  datasets: string[];
  schemas: string[] | null;
  onDelete(): void;
}) {
  const schemaCount = project.schemas ?? schemas?.length;
  return (
    <li className="project-card">
      <div className="project-head">
        <h3>
          <Link to={named('/projects', project.name)}>{project.name}</Link>
        </h3>
        <button type="button" className="danger" aria-label={`Delete project ${project.name}`} onClick={onDelete}>
          Delete
        </button>
      </div>
      <p className="project-counts">
        {[count(schemaCount, 'schema'), count(project.datasets, 'dataset'), count(project.scenarios, 'scenario')]
          .filter(Boolean)
          .join(' · ')}
      </p>
      {datasets.length > 0 && (
        <p className="hint">
          Datasets: {datasets.join(', ')} (<Link to="/datasets">manage</Link>)
        </p>
      )}
      {schemas && schemas.length > 0 && <p className="hint">Schemas: {schemas.join(', ')}</p>}
    </li>
  );
}

export function ProjectsPage() {
  const projects = useProjects();
  const datasets = useDatasets();
  const schemas = useSchemas();
  const client = useQueryClient();
  const [deleting, setDeleting] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: (name: string) => apiJson(named('/api/projects', name), { method: 'DELETE' }),
    onSuccess: () => {
      setDeleting(null);
      for (const key of [PROJECTS_QUERY, DATASETS_QUERY, ['schemas'], ['scenarios']])
        void client.invalidateQueries({ queryKey: key });
    },
  });
  // Schemas name their project only once the server keeps it; until then, the count is unknown.
  const schemasKnowProjects = (schemas.data ?? []).some((s) => 'project' in s);
  return (
    <div className="projects-page">
      <h1>Projects</h1>
      <section className="page" aria-labelledby="new-project-title">
        <h2 id="new-project-title">Create a project</h2>
        <p className="hint">
          A project groups schemas, datasets and scenarios. Choose the project when you upload a dataset or save a
          schema.
        </p>
        <CreateProject />
      </section>
      <section className="page" aria-labelledby="projects-title">
        <h2 id="projects-title">Your projects</h2>
        {projects.isPending && <p role="status">Loading…</p>}
        {projects.error && (
          <p className="error" role="alert">
            Could not list projects: {projects.error.message}
          </p>
        )}
        {projects.data?.length === 0 && <p className="hint">No projects yet.</p>}
        <ul className="project-list">
          {(projects.data ?? []).map((project) => (
            <ProjectCard
              key={project.name}
              project={project}
              datasets={(datasets.data ?? []).filter((d) => d.project === project.name).map((d) => d.name)}
              schemas={
                schemasKnowProjects
                  ? (schemas.data ?? []).filter((s) => s.project === project.name).map((s) => s.name)
                  : null
              }
              onDelete={() => {
                remove.reset();
                setDeleting(project.name);
              }}
            />
          ))}
        </ul>
      </section>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete the project “${deleting ?? ''}”?`}
        confirmLabel="Delete project"
        danger
        busy={remove.isPending}
        error={remove.error?.message}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      >
        <p>Its schemas, datasets and scenarios are kept; they just no longer belong to a project.</p>
      </ConfirmDialog>
    </div>
  );
}
