/** One row of the Downloads page: status, format, rows, size, created, progress or file, Cancel/Remove. */
import { fileHref, isActive, type DownloadStatus } from './downloads-api';
import { bytesText, rows, statusLabel, whenText } from './job-format';
import { JobProgress } from './JobProgress';

export function JobRow({ job, onAction }: { job: DownloadStatus; onAction(): void }) {
  const active = isActive(job.status);
  // Every row has the same buttons: their names say which job they act on.
  const what = `the ${rows(job.count)}-row ${job.format.toUpperCase()} download of ${whenText(job.createdAt)}`;
  return (
    <tr aria-label={`Download ${job.id}`} data-status={job.status}>
      <td>
        <span className={`job-badge job-${job.status}`}>{statusLabel(job.status)}</span>
      </td>
      <td>{job.format.toUpperCase()}</td>
      <td className="num">{rows(job.count)}</td>
      <td className="num">{bytesText(job.bytes)}</td>
      <td>
        <time dateTime={job.createdAt}>{whenText(job.createdAt)}</time>
      </td>
      <td>
        {active && <JobProgress job={job} label={`Progress of download ${job.id}`} />}
        {job.status === 'failed' && <span className="error">{job.error}</span>}
        {job.status === 'cancelled' && <span className="hint">cancelled after {rows(job.recordsGenerated)} rows</span>}
        {job.status === 'expired' && <span className="hint">the file was removed</span>}
      </td>
      <td>
        <div className="job-actions">
          {job.status === 'done' && (
            <a className="button primary" href={fileHref(job.id)} download aria-label={`Download ${what}`}>
              Download
            </a>
          )}
          <button
            type="button"
            className={active ? undefined : 'danger'}
            onClick={onAction}
            aria-label={`${active ? 'Cancel' : 'Remove'} ${what}`}
          >
            {active ? 'Cancel' : 'Remove'}
          </button>
        </div>
      </td>
    </tr>
  );
}
