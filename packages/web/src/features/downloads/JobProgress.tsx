/** One job's progress: a bar, rows done of the total, the rate and the time left (shared by the builder and the Downloads page). */
import type { DownloadStatus } from './downloads-api';
import { rateText, rows, timeLeftText } from './job-format';
import './downloads.css';

export function JobProgress({ job, label }: { job: DownloadStatus; label: string }) {
  // The rows made so far, within shards too (workers report twice a second).
  const done = Math.min(job.recordsGenerated, job.count);
  return (
    <div className="job-progress">
      <progress
        max={job.count || 1}
        value={job.status === 'done' ? job.count : done}
        aria-label={label}
        aria-valuetext={`${job.percentComplete}%`}
      />
      <span className="job-figures">
        <span>
          {rows(done)} of {rows(job.count)} rows ({job.percentComplete}%)
        </span>
        {job.waiting ? (
          <span className="job-waiting">{job.waiting}</span>
        ) : (
          job.status === 'queued' && <span>queued…</span>
        )}
        {job.status === 'assembling' && <span>putting the file together…</span>}
        {job.status === 'running' && !job.waiting && (
          <>
            <span>{rateText(job.rate)}</span>
            <span>{timeLeftText(job.secondsLeft)}</span>
          </>
        )}
      </span>
    </div>
  );
}
