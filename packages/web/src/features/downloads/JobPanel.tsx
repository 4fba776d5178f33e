/**
 * The builder's view of its background job: progress, Cancel, and when it is done a link to the
 * file. The job runs on the server: leaving the page stops the polling, not the job.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { cancelOrRemove, fileHref, isActive } from './downloads-api';
import { bytesText, rows, statusLabel } from './job-format';
import { JobProgress } from './JobProgress';
import { useDownload } from './use-download';

export function JobPanel({ id }: { id: string }) {
  const job = useDownload(id);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const data = job.data;
  async function cancel() {
    setCancelError(null);
    try {
      await cancelOrRemove(id);
      await job.refetch();
    } catch (error) {
      setCancelError((error as Error).message);
    }
  }
  return (
    <section className="job-panel" aria-label="Background job">
      <h3>
        Background job{data && <span className={`job-badge job-${data.status}`}>{statusLabel(data.status)}</span>}
      </h3>
      {job.error && (
        <p className="error" role="alert">
          Could not read the job's status: {job.error.message}
        </p>
      )}
      {data && isActive(data.status) && (
        <>
          <JobProgress job={data} label="Job progress" />
          <div className="download-actions">
            <button type="button" onClick={() => void cancel()}>
              Cancel job
            </button>
          </div>
          <p className="hint">
            You can leave this page: the job keeps running on the server and the <Link to="/downloads">Downloads</Link>{' '}
            page lists it.
          </p>
        </>
      )}
      {cancelError && (
        <p className="error" role="alert">
          {cancelError}
        </p>
      )}
      <div role="status">
        {data?.status === 'done' && (
          <>
            <p>
              {/* The server names the file (Content-Disposition), so `download` carries no name. */}
              <a className="button primary" href={fileHref(id)} download>
                Download the file
              </a>{' '}
              ({rows(data.count)} rows, {bytesText(data.bytes)})
            </p>
            <p className="hint">
              The file is kept on the server for the retention period (24 hours unless the server sets otherwise), then
              removed; the <Link to="/downloads">Downloads</Link> page lists it until then.
            </p>
          </>
        )}
        {data?.status === 'cancelled' && <p>Job cancelled after {rows(data.recordsGenerated)} rows.</p>}
        {data?.status === 'failed' && <p className="error">The job failed: {data.error}</p>}
        {data?.status === 'expired' && <p>The file has expired and was removed from the server.</p>}
      </div>
    </section>
  );
}
