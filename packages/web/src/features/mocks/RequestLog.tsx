/**
 * The API's request log, newest first: method, path, status, the route that answered and when;
 * a row opens to show the query, headers (credentials arrive redacted) and body (flagged when
 * only its first part was kept). Refresh, auto-refresh every 3 s, and clear.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { LoggedRequest, MockRoute } from './mock-types';
import { clearRequestLog, olderRequests, requestsKey, useRequestLog } from './mocks-api';
import { MethodBadge } from './RoutesList';

function time(at: string): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? at : date.toLocaleTimeString();
}

function queryText(query: LoggedRequest['query']): string {
  const pairs: [string, string][] = [];
  for (const [name, value] of Object.entries(query)) {
    for (const one of Array.isArray(value) ? value : [value]) pairs.push([name, String(one)]);
  }
  return new URLSearchParams(pairs).toString();
}

function Details({ entry }: { entry: LoggedRequest }) {
  const query = queryText(entry.query);
  const headers = Object.entries(entry.headers);
  return (
    <div className="log-details">
      {entry.fault && (
        <p>
          <strong>Fault:</strong> {entry.fault}
        </p>
      )}
      <p>
        <strong>Query:</strong> {query ? <code>{query}</code> : <span className="hint">none</span>}
      </p>
      <details open>
        <summary>Headers ({headers.length})</summary>
        <table className="header-list">
          <tbody>
            {headers.map(([name, value]) => (
              <tr key={name}>
                <th scope="row">{name}</th>
                <td>{typeof value === 'string' ? value : JSON.stringify(value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      <p>
        <strong>Body:</strong> {entry.body ? null : <span className="hint">none</span>}
        {entry.bodyTruncated && <span className="hint">cut: only its first 8 KiB were kept</span>}
      </p>
      {entry.body && <pre className="response-body">{entry.body}</pre>}
    </div>
  );
}

export function RequestLog({ apiName, routes }: { apiName: string; routes: MockRoute[] }) {
  const [auto, setAuto] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const [confirm, setConfirm] = useState(false);
  const log = useRequestLog(apiName, auto);
  const client = useQueryClient();
  // Pages before the latest 50, fetched on demand; they do not change, so refreshing keeps them.
  const [older, setOlder] = useState<LoggedRequest[]>([]);
  const [exhausted, setExhausted] = useState(false);
  const latest = log.data ?? [];
  const lastSeq = latest.length ? Math.min(...latest.map((e) => e.seq)) : null;
  const entries = [...latest, ...older.filter((e) => lastSeq === null || e.seq < lastSeq)];
  const more = useMutation({
    mutationFn: () => olderRequests(apiName, entries[entries.length - 1].seq),
    onSuccess: (page) => {
      setOlder((o) => [...o, ...page]);
      if (page.length < 50) setExhausted(true);
    },
  });
  const clear = useMutation({
    mutationFn: () => clearRequestLog(apiName),
    onSuccess: () => {
      setOlder([]);
      setExhausted(false);
      setConfirm(false);
      void client.invalidateQueries({ queryKey: requestsKey(apiName) });
    },
  });
  const routeOf = (id: string | null) => routes.find((r) => r.id === id);
  return (
    <section className="page request-log" aria-labelledby="log-title">
      <div className="log-head">
        <h2 id="log-title">Request log</h2>
        <button type="button" onClick={() => void log.refetch()} disabled={log.isFetching}>
          Refresh
        </button>
        <label className="check">
          <input type="checkbox" checked={auto} onChange={(e) => setAuto(e.target.checked)} /> Auto-refresh
        </label>
        <button type="button" className="danger" disabled={!log.data?.length} onClick={() => setConfirm(true)}>
          Clear
        </button>
      </div>
      {log.error && (
        <p className="error" role="alert">
          Could not read the log: {log.error.message}
        </p>
      )}
      {entries.length === 0 && log.data && (
        <p className="hint">No requests yet. Send one from the test panel, or call the URL from your app.</p>
      )}
      {entries.length > 0 && (
        <div className="table-scroll">
          <table className="log-table" aria-label="Requests, newest first">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Request</th>
                <th scope="col">Status</th>
                <th scope="col">Route</th>
                <th scope="col">ms</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => {
                const route = routeOf(entry.routeId);
                const expanded = open === entry.id;
                return (
                  <Fragment key={entry.id}>
                    <tr className={expanded ? 'expanded' : undefined}>
                      <td>{time(entry.at)}</td>
                      <td>
                        <button
                          type="button"
                          className="link log-toggle"
                          aria-expanded={expanded}
                          onClick={() => setOpen(expanded ? null : entry.id)}
                        >
                          <MethodBadge method={entry.method} /> {entry.path}
                        </button>
                      </td>
                      <td>
                        {entry.fault && entry.status === null ? (
                          <span className="error">{entry.fault}</span>
                        ) : (
                          <span className={`status-pill status-${Math.floor((entry.status ?? 0) / 100)}xx`}>
                            {entry.status ?? '—'}
                          </span>
                        )}
                        {entry.fault && entry.status !== null && <span className="hint"> {entry.fault}</span>}
                      </td>
                      <td>
                        {route ? (
                          `${route.method} ${route.path}`
                        ) : (
                          <span className="hint">{entry.routeId ? 'deleted route' : 'no route'}</span>
                        )}
                      </td>
                      <td>{entry.durationMs === null ? '' : Math.round(entry.durationMs)}</td>
                    </tr>
                    {expanded && (
                      <tr className="log-detail-row">
                        <td colSpan={5}>
                          <Details entry={entry} />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {latest.length >= 50 && !exhausted && (
        <button type="button" className="link older" disabled={more.isPending} onClick={() => more.mutate()}>
          {more.isPending ? 'Loading…' : 'Show older requests'}
        </button>
      )}
      {more.error && (
        <p className="error" role="alert">
          {more.error.message}
        </p>
      )}
      <ConfirmDialog
        open={confirm}
        title="Clear the request log?"
        confirmLabel="Clear log"
        danger
        busy={clear.isPending}
        error={clear.error?.message}
        onConfirm={() => clear.mutate()}
        onCancel={() => setConfirm(false)}
      >
        <p>Every logged request of this API is deleted.</p>
      </ConfirmDialog>
    </section>
  );
}
