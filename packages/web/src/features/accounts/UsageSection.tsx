/** Today's requests and records against the plan's daily limits (null: no limit). */
import { useQuery } from '@tanstack/react-query';
import type { Usage } from '@rowloom/contract';
import { apiJson } from '../../api/client';

const number = new Intl.NumberFormat('en');

function UsageBar({ label, used, limit }: { label: string; used: number; limit: number | null | undefined }) {
  const hasLimit = typeof limit === 'number';
  const share = hasLimit ? (limit === 0 ? 1 : Math.min(1, used / limit)) : 0;
  return (
    <div className="usage-bar">
      <div className="usage-label">
        <span>{label}</span>
        <span>
          {number.format(used)} {hasLimit ? `of ${number.format(limit)}` : '(no limit)'}
        </span>
      </div>
      {hasLimit ? (
        <meter
          aria-label={`${label} today`}
          min={0}
          max={Math.max(limit, 1)}
          low={limit * 0.75}
          high={limit * 0.9}
          optimum={0}
          value={Math.min(used, limit)}
          data-share={share.toFixed(2)}
        />
      ) : (
        <p className="hint">no limit</p>
      )}
    </div>
  );
}

function bytes(value: number): string {
  return value >= 1024 * 1024
    ? `${number.format(Math.round(value / 1024 / 1024))} MB`
    : `${number.format(Math.round(value / 1024))} KB`;
}

export function UsageSection() {
  const usage = useQuery({ queryKey: ['usage'], queryFn: () => apiJson<Usage>('/api/usage') });
  return (
    <section className="page account-section" aria-labelledby="usage-title">
      <h2 id="usage-title">Usage today</h2>
      {usage.isPending && <p role="status">Loading…</p>}
      {usage.error && (
        <p className="error" role="alert">
          Could not load usage: {usage.error.message}
        </p>
      )}
      {usage.data && (
        <>
          <p>
            Plan <strong>{usage.data.plan.name}</strong>, day {usage.data.day} (UTC).
          </p>
          <UsageBar label="Requests" used={usage.data.requests} limit={usage.data.plan.requestsPerDay} />
          <UsageBar label="Records" used={usage.data.records} limit={usage.data.plan.recordsPerDay} />
          <ul className="plan-limits">
            <li>
              Records per request:{' '}
              {usage.data.plan.recordsPerRequest == null
                ? 'no limit'
                : number.format(usage.data.plan.recordsPerRequest)}
            </li>
            <li>Datasets: {usage.data.plan.datasets == null ? 'no limit' : number.format(usage.data.plan.datasets)}</li>
            <li>
              Dataset storage: {usage.data.plan.datasetBytes == null ? 'no limit' : bytes(usage.data.plan.datasetBytes)}
            </li>
          </ul>
          <button type="button" onClick={() => void usage.refetch()}>
            Refresh
          </button>
        </>
      )}
    </section>
  );
}
