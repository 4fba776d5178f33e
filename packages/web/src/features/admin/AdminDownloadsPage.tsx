/**
 * /admin/downloads: every user's queued and running jobs, refreshed every second, each with a
 * Cancel that asks first. A user who is not an admin gets the server's 403 explained.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/client';
import { cancelOrRemove, listAllRunning, type AdminDownload } from '../downloads/downloads-api';
import { rows, statusLabel, whenText } from '../downloads/job-format';
import { JobProgress } from '../downloads/JobProgress';
import { POLL_MS } from '../downloads/use-download';
import '../downloads/downloads.css';
import { ListTable } from '../../components/ListTable';

export default function AdminDownloadsPage() {
  const queryClient = useQueryClient();
  const jobs = useQuery({
    queryKey: ['admin-downloads'],
    queryFn: listAllRunning,
    refetchInterval: (query) => (query.state.error ? false : POLL_MS),
  });
  const [problem, setProblem] = useState<string | null>(null);
  const forbidden = jobs.error instanceof ApiError && jobs.error.status === 403;
  async function cancel(job: AdminDownload) {
    setProblem(null);
    try {
      await cancelOrRemove(job.id, true);
    } catch (error) {
      setProblem((error as Error).message);
    }
    await queryClient.invalidateQueries({ queryKey: ['admin-downloads'] });
  }
  return (
    <section className="page" aria-labelledby="admin-title">
      <h1 id="admin-title">Admin: running downloads</h1>
      {forbidden ? (
        <div className="error" role="alert">
          <p>
            <strong>Only an admin can see this page.</strong> Your account is not an admin; an admin account is made
            with <code>rowloom users add EMAIL --admin</code>.
          </p>
          <p>The server said: {jobs.error!.message}</p>
        </div>
      ) : (
        <>
          <p className="hint">Every user's queued and running background jobs, oldest first, refreshed every second.</p>
          {jobs.error && (
            <p className="error" role="alert">
              Could not list the jobs: {jobs.error.message}
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
          {jobs.data?.length === 0 && <p role="status">No jobs are running.</p>}
          {jobs.data && jobs.data.length > 0 && <AdminTable jobs={jobs.data} onCancel={(job) => void cancel(job)} />}
        </>
      )}
    </section>
  );
}

function AdminTable({ jobs, onCancel }: { jobs: AdminDownload[]; onCancel(job: AdminDownload): void }) {
  return (
    <ListTable
      columns={['User', 'Status', 'Rows', 'Progress', 'Submitted']}
      className="jobs-table"
      caption="Running downloads of every user"
    >
      {jobs.map((job) => (
        <tr key={job.id} aria-label={`Job of ${job.email}`}>
          <th scope="row">{job.email}</th>
          <td>
            <span className={`job-badge job-${job.status}`}>{statusLabel(job.status)}</span>
          </td>
          <td className="num">
            {rows(job.count)} {job.format.toUpperCase()}
          </td>
          <td>
            <JobProgress job={job} label={`Progress of the job of ${job.email}`} />
          </td>
          <td>
            <time dateTime={job.createdAt}>{whenText(job.createdAt)}</time>
          </td>
          <td>
            <CancelButton job={job} onCancel={onCancel} />
          </td>
        </tr>
      ))}
    </ListTable>
  );
}

/** Cancel, then a confirmation in place: an admin stops someone else's work. */
function CancelButton({ job, onCancel }: { job: AdminDownload; onCancel(job: AdminDownload): void }) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" className="danger" onClick={() => setAsking(true)}>
        Cancel…
      </button>
    );
  }
  return (
    <span className="confirm-cancel" role="group" aria-label={`Confirm cancelling the job of ${job.email}`}>
      <span>Cancel {job.email}'s job?</span>
      <button type="button" className="danger" onClick={() => onCancel(job)}>
        Yes, cancel it
      </button>
      <button type="button" onClick={() => setAsking(false)}>
        Keep it
      </button>
    </span>
  );
}
