/**
 * /mocks: the user's mock APIs (name, URL, routes, public or private, project), a new one by
 * name, an OpenAPI import, and delete with confirmation. Each name opens /mocks/:name.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ImportPanel } from './ImportPanel';
import { MOCKS_QUERY, createMockApi, deleteMockApi, useMockApis } from './mocks-api';
import './mocks.css';
import { ListTable } from '../../components/ListTable';

function CreateForm() {
  const [name, setName] = useState('');
  const id = useId();
  const navigate = useNavigate();
  const client = useQueryClient();
  const create = useMutation({
    mutationFn: () => createMockApi(name.trim()),
    onSuccess: (stored) => {
      void client.invalidateQueries({ queryKey: MOCKS_QUERY });
      navigate(`/mocks/${encodeURIComponent(stored.name)}`);
    },
  });
  return (
    <form
      className="page mock-create"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim()) create.mutate();
      }}
    >
      <h2 id={`${id}-title`}>New mock API</h2>
      <div className="mock-create-row">
        <label htmlFor={id}>Name</label>
        <input
          id={id}
          value={name}
          maxLength={100}
          placeholder="e.g. users"
          onChange={(e) => setName(e.target.value)}
        />
        <button type="submit" className="primary" disabled={!name.trim() || create.isPending}>
          Create
        </button>
      </div>
      <p className="hint">
        It starts with no routes; add them on its page. Requests are served at /mock/&lt;slug&gt;/… (the slug comes from
        the name).
      </p>
      {create.error && (
        <p className="error" role="alert">
          Not created: {create.error.message}
        </p>
      )}
    </form>
  );
}

export function MocksPage() {
  const mocks = useMockApis();
  const client = useQueryClient();
  const [deleting, setDeleting] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: (name: string) => deleteMockApi(name),
    onSuccess: () => {
      setDeleting(null);
      void client.invalidateQueries({ queryKey: MOCKS_QUERY });
    },
  });
  return (
    <div className="mocks-page">
      <h1>Mock APIs</h1>
      <p className="hint intro">
        A mock API stands in for a back end that does not exist yet: routes like <code>GET /users/:id</code> answer with
        rows of a saved schema, fixed JSON, a handler program or a CRUD collection, chosen by rules on the request, with
        latency and faults when you want them.
      </p>
      <section className="page" aria-labelledby="mock-list-title">
        <h2 id="mock-list-title">Your mock APIs</h2>
        {mocks.isPending && <p role="status">Loading…</p>}
        {mocks.error && (
          <p className="error" role="alert">
            Could not list mock APIs: {mocks.error.message}
          </p>
        )}
        {mocks.data?.length === 0 && <p className="hint">None yet: create one below or import an OpenAPI document.</p>}
        {mocks.data && mocks.data.length > 0 && (
          <ListTable columns={['Name', 'URL', 'Routes', 'Access', 'Project']} className="mock-table">
            {mocks.data.map((mock) => (
              <tr key={mock.name}>
                <td>
                  <Link to={`/mocks/${encodeURIComponent(mock.name)}`}>{mock.name}</Link>
                  {mock.description && <div className="hint">{mock.description}</div>}
                </td>
                <td className="mock-url">
                  <code>{mock.url}</code>
                  {mock.host && <div className="hint">and http://{mock.host}/</div>}
                </td>
                <td>{mock.routes}</td>
                <td>
                  <span className={`access-badge ${mock.public ? 'public' : 'private'}`}>
                    {mock.public ? 'public' : 'private'}
                  </span>
                </td>
                <td>{mock.project ?? <span className="hint">—</span>}</td>
                <td>
                  <button
                    type="button"
                    className="danger"
                    aria-label={`Delete ${mock.name}`}
                    onClick={() => setDeleting(mock.name)}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </ListTable>
        )}
      </section>
      <div className="mock-forms">
        <CreateForm />
        <ImportPanel />
      </div>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete the mock API “${deleting ?? ''}”?`}
        confirmLabel="Delete mock API"
        danger
        busy={remove.isPending}
        error={remove.error?.message}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => {
          remove.reset();
          setDeleting(null);
        }}
      >
        <p>Its routes, CRUD records and request log are deleted; requests to its URL will get 404.</p>
      </ConfirmDialog>
    </div>
  );
}

export default MocksPage;
