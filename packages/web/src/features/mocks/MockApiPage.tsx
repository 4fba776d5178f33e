/**
 * /mocks/:name: one mock API. Settings, the routes list and the selected route's editor, saved
 * as a whole document (PUT); the server's problems beside the controls they name; then the
 * test panel and the request log.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useEffectEvent, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LocalErrorsContext } from './local-errors';
import { documentOf, sameDocument } from './mock-model';
import type { MockApiDocument, StoredMockApi } from './mock-types';
import {
  MOCKS_QUERY,
  deleteMockApi,
  openApiUrl,
  requestsKey,
  resetMockApi,
  saveMockApi,
  useMockApi,
  useSchemaNames,
} from './mocks-api';
import { ProblemsProvider, problemsOf, routeIndexOf, type Problem } from './problems';
import { RequestLog } from './RequestLog';
import { RouteEditor } from './RouteEditor';
import { RoutesList } from './RoutesList';
import { SettingsSection } from './SettingsSection';
import { TestPanel } from './TestPanel';
import { useLeaveWarning } from '../../components/use-leave-warning';
import './mocks.css';

const LEAVE_MESSAGE = 'This mock API has unsaved changes. Leave anyway?';

function ProblemSummary({
  problems,
  routes,
  onShow,
}: {
  problems: Problem[];
  routes: MockApiDocument['routes'];
  onShow(route: number): void;
}) {
  return (
    <div className="error save-problems" role="alert">
      <p>Not saved:</p>
      <ul>
        {problems.map((p, i) => {
          const route = routeIndexOf(p.path);
          return (
            <li key={i}>
              {p.message}
              {route !== null && routes[route] && (
                <>
                  {' '}
                  <button type="button" className="link" onClick={() => onShow(route)}>
                    Show route {routes[route].method} {routes[route].path}
                  </button>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

const SAVED = 'Saved. The mock API serves this version now.';

function Editor({ stored }: { stored: StoredMockApi }) {
  const navigate = useNavigate();
  // A rename navigates to the new name, which starts a new editor: the notice comes along.
  const location = useLocation();
  const carried = (location.state as { notice?: string } | null)?.notice ?? null;
  // Taken once, on arrival: a reload of the page must not say "Saved" again.
  const dropCarriedNotice = useEffectEvent(() => {
    if (carried) navigate(location.pathname, { replace: true, state: null });
  });
  useEffect(() => dropCarriedNotice(), []);
  const client = useQueryClient();
  const [saved, setSaved] = useState<MockApiDocument>(() => documentOf(stored));
  const [doc, setDoc] = useState<MockApiDocument>(saved);
  const [url, setUrl] = useState(stored.url);
  const [selected, setSelected] = useState(0);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [local, setLocal] = useState<Record<string, string>>({});
  const [confirm, setConfirm] = useState<'delete' | 'reset' | null>(null);
  const [notice, setNotice] = useState<string | null>(carried);
  const dirty = !sameDocument(doc, saved);
  useLeaveWarning(dirty, LEAVE_MESSAGE);
  const reportLocal = useCallback((path: string, message: string | null) => {
    setLocal((all) => {
      if ((all[path] ?? null) === message) return all;
      const next = { ...all };
      if (message === null) delete next[path];
      else next[path] = message;
      return next;
    });
  }, []);
  const localProblems = Object.values(local);
  const { data: schemaList } = useSchemaNames();
  const schemas = useMemo(() => (schemaList ?? []).map((s) => s.name), [schemaList]);

  const save = useMutation({
    mutationFn: () => saveMockApi(saved.name, doc),
    onMutate: () => setNotice(null),
    onSuccess: (answer) => {
      const next = documentOf(answer);
      setSaved(next);
      setDoc(next);
      setUrl(answer.url);
      setProblems([]);
      setNotice(SAVED);
      client.setQueryData(['mock', next.name], answer);
      void client.invalidateQueries({ queryKey: MOCKS_QUERY });
      if (next.name !== saved.name)
        navigate(`/mocks/${encodeURIComponent(next.name)}`, { replace: true, state: { notice: SAVED } });
    },
    onError: (error) => {
      const found = problemsOf(error);
      setProblems(found);
      const route = found.map((p) => routeIndexOf(p.path)).find((i) => i !== null);
      if (route !== undefined && route !== null) setSelected(route);
    },
  });
  const reset = useMutation({
    mutationFn: () => resetMockApi(saved.name),
    onSuccess: () => {
      setConfirm(null);
      setNotice('State reset: CRUD collections are reseeded on their next request, and request counters start again.');
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteMockApi(saved.name),
    onSuccess: () => {
      setConfirm(null);
      setSaved(doc); // nothing left to warn about
      void client.invalidateQueries({ queryKey: MOCKS_QUERY });
      void client.removeQueries({ queryKey: requestsKey(saved.name) });
      navigate('/mocks');
    },
  });

  // Ctrl+S / Cmd+S saves.
  useEffect(() => {
    const key = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key === 's') {
        event.preventDefault();
        if (dirty && localProblems.length === 0 && !save.isPending) save.mutate();
      }
    };
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  });

  const update = (change: Partial<MockApiDocument>) => setDoc((d) => ({ ...d, ...change }));
  const route = doc.routes[selected];
  return (
    <ProblemsProvider problems={problems}>
      <LocalErrorsContext.Provider value={reportLocal}>
        <div className="mock-api-page">
          <div className="mock-title">
            <div>
              <p className="crumbs">
                <Link to="/mocks">Mock APIs</Link> /
              </p>
              <h1>{saved.name}</h1>
              <p className="mock-url-line">
                <code>{url}</code>
                {saved.host && <span className="hint"> and http://{saved.host}/</span>}
                <span className={`access-badge ${saved.public ? 'public' : 'private'}`}>
                  {saved.public ? 'public' : 'private'}
                </span>
              </p>
            </div>
            <div className="mock-actions">
              <a className="button-link" href={openApiUrl(saved.name)} download={`${saved.slug}-openapi.json`}>
                Export OpenAPI
              </a>
              <button type="button" onClick={() => setConfirm('reset')}>
                Reset state
              </button>
              <button type="button" className="danger" onClick={() => setConfirm('delete')}>
                Delete
              </button>
              <button
                type="button"
                className="primary save-button"
                disabled={!dirty || save.isPending || localProblems.length > 0}
                onClick={() => save.mutate()}
              >
                {save.isPending ? 'Saving…' : dirty ? 'Save' : 'Saved'}
              </button>
            </div>
          </div>
          {dirty && <p className="hint warn unsaved-note">Unsaved changes (Ctrl+S saves).</p>}
          {localProblems.length > 0 && (
            <div className="error" role="alert">
              Fix before saving: {localProblems.join('; ')}
            </div>
          )}
          {problems.length > 0 && <ProblemSummary problems={problems} routes={doc.routes} onShow={setSelected} />}
          {notice && !dirty && (
            <p className="ok" role="status">
              {notice}
            </p>
          )}
          {reset.error && (
            <p className="error" role="alert">
              Reset failed: {reset.error.message}
            </p>
          )}
          <SettingsSection doc={doc} onChange={update} />
          <div className="mock-workbench">
            <RoutesList
              routes={doc.routes}
              selected={selected}
              onSelect={setSelected}
              onChange={(routes, select) => {
                update({ routes });
                setSelected(select);
                // Indices moved: the server's problems no longer point at the right routes.
                setProblems((p) => p.filter((problem) => routeIndexOf(problem.path) === null));
              }}
            />
            {route ? (
              <RouteEditor
                key={route.id}
                route={route}
                index={selected}
                schemas={schemas}
                onChange={(r) => update({ routes: doc.routes.map((x, i) => (i === selected ? r : x)) })}
              />
            ) : (
              <section className="page route-editor empty">
                <p className="hint">
                  Add a route to say what this API answers, e.g. GET /users/:id with rows of a saved schema.
                </p>
              </section>
            )}
          </div>
          <div className="mock-bottom">
            <TestPanel
              apiName={saved.name}
              slug={saved.slug}
              route={saved.routes.find((r) => r.id === route?.id) ?? route}
              routes={saved.routes}
              unsaved={dirty}
            />
            <RequestLog apiName={saved.name} routes={saved.routes} />
          </div>
          <ConfirmDialog
            open={confirm === 'delete'}
            title={`Delete the mock API “${saved.name}”?`}
            confirmLabel="Delete mock API"
            danger
            busy={remove.isPending}
            error={remove.error?.message}
            onConfirm={() => remove.mutate()}
            onCancel={() => setConfirm(null)}
          >
            <p>Its routes, CRUD records and request log are deleted; requests to its URL will get 404.</p>
          </ConfirmDialog>
          <ConfirmDialog
            open={confirm === 'reset'}
            title="Reset the state?"
            confirmLabel="Reset state"
            danger
            busy={reset.isPending}
            error={reset.error?.message}
            onConfirm={() => reset.mutate()}
            onCancel={() => setConfirm(null)}
          >
            <p>
              CRUD collections lose their changes (they are reseeded on the next request) and the routes’ request
              counters (sequential responses, every-Nth faults) start again.
            </p>
          </ConfirmDialog>
        </div>
      </LocalErrorsContext.Provider>
    </ProblemsProvider>
  );
}

export function MockApiPage() {
  const { name = '' } = useParams();
  const mock = useMockApi(name);
  if (mock.isPending) return <p role="status">Loading…</p>;
  if (mock.error)
    return (
      <p className="page error" role="alert">
        Could not open the mock API “{name}”: {mock.error.message}. <Link to="/mocks">Back to the mock APIs</Link>
      </p>
    );
  // Keyed by name: a rename (navigate) or another API starts a fresh editor.
  return <Editor key={mock.data.name} stored={mock.data} />;
}

export default MockApiPage;
