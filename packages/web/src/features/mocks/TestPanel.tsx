/**
 * "Send a test request": method, path (prefilled from the selected route with sample
 * parameters), query, headers and body, sent to the saved mock API; shows status, time, which
 * route and response answered, the headers and the body (JSON indented), or that no response
 * came (a simulated fault).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { samplePath } from './mock-model';
import { MOCK_METHODS, type MockMethod, type MockRoute } from './mock-types';
import { requestsKey } from './mocks-api';
import { MethodBadge } from './RoutesList';
import { prettyBody, sendTestRequest, type TestOutcome, type TestRequest } from './test-request';

interface Props {
  apiName: string;
  slug: string;
  route: MockRoute | undefined;
  routes: MockRoute[];
  /** The editor has unsaved changes: the server still serves the saved version. */
  unsaved: boolean;
}

/** The request a route's method and path prefill (no route: a GET of /). */
function requestFor(
  routeMethod: MockMethod | undefined,
  routePath: string | undefined,
): Pick<TestRequest, 'method' | 'path' | 'body'> {
  if (routeMethod === undefined || routePath === undefined) return { method: 'GET', path: '/', body: '' };
  const method = routeMethod === 'ANY' ? 'GET' : routeMethod;
  return { method, path: samplePath(routePath), body: ['POST', 'PUT', 'PATCH'].includes(method) ? '{\n  \n}' : '' };
}

function Outcome({ outcome, routes }: { outcome: TestOutcome; routes: MockRoute[] }) {
  if (outcome.kind === 'no-response') {
    return (
      <div className="test-outcome no-response" role="status">
        <p className="outcome-line">
          <strong className="error">Connection reset / empty reply</strong>{' '}
          <span className="hint">after {Math.round(outcome.ms)} ms</span>
        </p>
        <p>{outcome.message}</p>
      </div>
    );
  }
  const header = (name: string) => outcome.headers.find(([n]) => n === name)?.[1];
  const routeId = header('x-rowloom-mock-route');
  const route = routes.find((r) => r.id === routeId);
  const responseId = header('x-rowloom-mock-response');
  const response = route?.responses.find((r) => r.id === responseId);
  return (
    <div className="test-outcome" role="status">
      <p className="outcome-line">
        <strong className={`status-pill status-${Math.floor(outcome.status / 100)}xx`}>
          {outcome.status} {outcome.statusText}
        </strong>
        <span className="hint">{Math.round(outcome.ms)} ms</span>
        {route && (
          <span className="hint">
            answered by <MethodBadge method={route.method} /> {route.path}
            {response ? ` → ${response.label || `${response.status}`}` : ''}
          </span>
        )}
      </p>
      {outcome.broken && <p className="error">{outcome.broken}</p>}
      <details>
        <summary>Headers ({outcome.headers.length})</summary>
        <table className="header-list">
          <tbody>
            {outcome.headers.map(([name, value]) => (
              <tr key={name}>
                <th scope="row">{name}</th>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      {outcome.body === '' ? (
        <p className="hint">(empty body)</p>
      ) : (
        <pre className="response-body" aria-label="Response body">
          {prettyBody(outcome.body, outcome.contentType)}
        </pre>
      )}
    </div>
  );
}

export function TestPanel({ apiName, slug, route, routes, unsaved }: Props) {
  const id = useId();
  const client = useQueryClient();
  const [request, setRequest] = useState<TestRequest>(() => ({
    ...requestFor(route?.method, route?.path),
    query: '',
    headers: '',
  }));
  // A newly selected route (another id, even with the same method and path) or a change of its
  // method or path prefills method, path and body; query and headers stay.
  const routeId = route?.id;
  const routeMethod = route?.method;
  const routePath = route?.path;
  useEffect(() => {
    setRequest((r) => ({ ...r, ...requestFor(routeMethod, routePath) }));
  }, [routeId, routeMethod, routePath]);
  const send = useMutation({
    mutationFn: () => sendTestRequest(slug, request),
    onSettled: () => void client.invalidateQueries({ queryKey: requestsKey(apiName) }),
  });
  const set = (change: Partial<TestRequest>) => setRequest((r) => ({ ...r, ...change }));
  const withBody = !['GET', 'HEAD'].includes(request.method);
  return (
    <section className="page test-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Send a test request</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          send.mutate();
        }}
      >
        <div className="test-line">
          <select aria-label="Test method" value={request.method} onChange={(e) => set({ method: e.target.value })}>
            {MOCK_METHODS.filter((m) => m !== 'ANY').map((m) => (
              <option key={m}>{m}</option>
            ))}
          </select>
          <span className="test-base">/mock/{slug}</span>
          <input
            aria-label="Test path"
            value={request.path}
            spellCheck={false}
            onChange={(e) => set({ path: e.target.value })}
          />
          <button type="submit" className="primary" disabled={send.isPending}>
            {send.isPending ? 'Sending…' : 'Send'}
          </button>
        </div>
        <div className="test-grid">
          <label htmlFor={`${id}-query`}>Query</label>
          <input
            id={`${id}-query`}
            value={request.query}
            placeholder="page=2&status=active"
            spellCheck={false}
            onChange={(e) => set({ query: e.target.value })}
          />
          <label htmlFor={`${id}-headers`}>Headers</label>
          <textarea
            id={`${id}-headers`}
            rows={2}
            value={request.headers}
            placeholder="X-Tenant: acme"
            spellCheck={false}
            onChange={(e) => set({ headers: e.target.value })}
          />
          {withBody && (
            <>
              <label htmlFor={`${id}-body`}>Body</label>
              <textarea
                id={`${id}-body`}
                className="code-text"
                rows={4}
                value={request.body}
                spellCheck={false}
                onChange={(e) => set({ body: e.target.value })}
              />
            </>
          )}
        </div>
      </form>
      {unsaved && <p className="hint warn">Unsaved changes are not served yet: save to test them.</p>}
      {send.error && (
        <p className="error" role="alert">
          {send.error.message}
        </p>
      )}
      {send.data && <Outcome outcome={send.data} routes={routes} />}
    </section>
  );
}
