/**
 * /downloads: the user's background jobs, newest first, refreshed every second while any of them
 * runs. Done jobs have their file; unfinished ones can be cancelled, finished ones removed.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { cancelOrRemove, isActive, listDownloads } from './downloads-api';
import { JobRow } from './JobRow';
import { POLL_MS } from './use-download';
import './downloads.css';
import { ListTable } from '../../components/ListTable';

export default function DownloadsPage() {
  const queryClient = useQueryClient();
  const jobs = useQuery({
    queryKey: ['downloads'],
    queryFn: listDownloads,
    refetchInterval: (query) => (query.state.data?.some((job) => isActive(job.status)) ? POLL_MS : false),
  });
  const [problem, setProblem] = useState<string | null>(null);
  async function act(id: string) {
    setProblem(null);
    try {
      await cancelOrRemove(id);
    } catch (error) {
      setProblem((error as Error).message);
    }
    await queryClient.invalidateQueries({ queryKey: ['downloads'] });
  }
  const list = jobs.data ?? [];
  return (
    <section className="page" aria-labelledby="downloads-title">
      <h1 id="downloads-title">Downloads</h1>
      <p className="hint">
        Download Data for many rows runs as a background job on the server; its file stays here for the retention period
        (24 hours unless the server sets otherwise). The API does the same with POST /api/downloads.
      </p>
      {jobs.error && (
        <p className="error" role="alert">
          Could not list your downloads: {jobs.error.message}
        </p>
      )}
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
      {jobs.isPending && (
        <p className="loading" role="status">
          Loading…
        </p>
      )}
      {jobs.data && list.length === 0 && (
        <p className="hint">
          No downloads yet. In the schema builder, Download Data for more than 100,000 rows (or more than your plan's
          rows per download) starts one.
        </p>
      )}
      {list.length > 0 && (
        <ListTable
          columns={['Status', 'Format', 'Rows', 'Size', 'Created', 'Progress']}
          className="jobs-table"
          caption="Your downloads, newest first"
        >
          {list.map((job) => (
            <JobRow key={job.id} job={job} onAction={() => void act(job.id)} />
          ))}
        </ListTable>
      )}
    </section>
  );
}
