/** The API's own settings: name, slug, host, access, CORS, project, description and default latency. */
import { useId } from 'react';
import { useProjects } from '../datasets/datasets-api';
import { LatencyEditor } from './LatencyEditor';
import type { MockApiDocument } from './mock-types';
import { FieldProblem, useInvalid } from './problems';

interface Props {
  doc: MockApiDocument;
  onChange(change: Partial<MockApiDocument>): void;
}

export function SettingsSection({ doc, onChange }: Props) {
  const id = useId();
  const projects = useProjects();
  return (
    <details className="page mock-settings" open={doc.routes.length === 0}>
      <summary>
        <h2>Settings</h2>
        <span className="hint">
          {doc.public ? 'public' : 'private (your key or session)'} · CORS {doc.cors === false ? 'off' : 'on'}
          {doc.project ? ` · project ${doc.project}` : ''}
          {doc.latency ? ` · latency ${doc.latency.type}` : ''}
        </span>
      </summary>
      <div className="settings-grid">
        <label htmlFor={`${id}-name`}>Name</label>
        <span>
          <input
            id={`${id}-name`}
            value={doc.name}
            maxLength={100}
            onChange={(e) => onChange({ name: e.target.value })}
            {...useInvalid('name')}
          />
          <FieldProblem path="name" />
        </span>
        <label htmlFor={`${id}-slug`}>Slug</label>
        <span>
          <input
            id={`${id}-slug`}
            value={doc.slug}
            maxLength={100}
            spellCheck={false}
            onChange={(e) => onChange({ slug: e.target.value })}
            {...useInvalid('slug')}
          />
          <FieldProblem path="slug" />
        </span>
        <label htmlFor={`${id}-host`}>Own host</label>
        <span>
          <input
            id={`${id}-host`}
            value={doc.host ?? ''}
            placeholder="users.mocks.example.com (optional)"
            spellCheck={false}
            onChange={(e) => onChange({ host: e.target.value || null })}
            {...useInvalid('host')}
          />
          <FieldProblem path="host" />
        </span>
        <label htmlFor={`${id}-project`}>Project</label>
        <span>
          <select
            id={`${id}-project`}
            value={doc.project ?? ''}
            onChange={(e) => onChange({ project: e.target.value || null })}
            {...useInvalid('project')}
          >
            <option value="">(none)</option>
            {doc.project && !(projects.data ?? []).some((p) => p.name === doc.project) && (
              <option value={doc.project}>{doc.project}</option>
            )}
            {(projects.data ?? []).map((p) => (
              <option key={p.name}>{p.name}</option>
            ))}
          </select>
          <FieldProblem path="project" />
        </span>
        <label htmlFor={`${id}-description`}>Description</label>
        <span className="span-3">
          <input
            id={`${id}-description`}
            value={doc.description ?? ''}
            onChange={(e) => onChange({ description: e.target.value })}
            {...useInvalid('description')}
          />
          <FieldProblem path="description" />
        </span>
        <span className="span-all checks">
          <label className="check">
            <input
              type="checkbox"
              checked={doc.public ?? false}
              onChange={(e) => onChange({ public: e.target.checked })}
            />{' '}
            Public (no key needed)
          </label>
          <label className="check">
            <input type="checkbox" checked={doc.cors ?? true} onChange={(e) => onChange({ cors: e.target.checked })} />{' '}
            CORS for browser clients
          </label>
          <FieldProblem path="public" />
          <FieldProblem path="cors" />
        </span>
        <span className="span-all">
          <LatencyEditor
            label="Latency of every route"
            value={doc.latency}
            path="latency"
            onChange={(latency) => onChange({ latency })}
          />
        </span>
      </div>
    </details>
  );
}
