/** The Download Data button with its progress bar, cancel button and the plan's limits beside it. */
import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { submitDownload } from '../downloads/downloads-api';
import { JobPanel } from '../downloads/JobPanel';
import { jobThreshold } from '../downloads/job-threshold';
import { useBuilder } from './builder-context';
import { fileName, saveBlob, streamFile, type DownloadProgress } from './download';
import { checkLimits, useUsage } from './download-limits';
import { BINARY_FORMATS, FORMAT_EXTENSIONS, fileUrl } from './FileOptionsPanel-formats';
import { fieldSpecs, inProject } from './schema-model';

type DownloadState =
  | { kind: 'idle' }
  | { kind: 'running'; progress: DownloadProgress }
  | { kind: 'done'; name: string; bytes: number }
  | { kind: 'cancelled' }
  | { kind: 'failed'; message: string };

/**
 * `blockedBy`: why Download Data must wait for the file options (a Rows box holding no count), or null.
 * An unavailable button stays focusable (aria-disabled, not disabled) so keyboard focus is never
 * dropped to the page when it becomes unavailable, and its reason is read with it.
 */
export function DownloadPanel({ blockedBy = null }: { blockedBy?: string | null }) {
  const { schema } = useBuilder();
  const usage = useUsage();
  const queryClient = useQueryClient();
  const [state, setState] = useState<DownloadState>({ kind: 'idle' });
  // A background job (for many rows): its id.
  const [job, setJob] = useState<string | null>(null);
  // A job's POST in flight: one click, one job.
  const [submitting, setSubmitting] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const { count, format } = schema.file;
  const threshold = jobThreshold(usage.data?.plan.recordsPerRequest);
  const asJob = count > threshold;
  // A plan whose jobs are no bigger than its streamed downloads (free) gains nothing from jobs: no hint then.
  const jobCap = usage.data?.plan.recordsPerJob ?? null;
  const jobsHelp = jobCap === null || jobCap > threshold;
  const limits = checkLimits(count, usage.data, asJob);

  async function startJob() {
    setState({ kind: 'idle' });
    setJob(null);
    setSubmitting(true);
    try {
      // A background job makes a project's table from the project's page (its Jobs), not from here.
      const started = await submitDownload(fileUrl(schema.file), { fields: fieldSpecs(schema.fields) }, schema.name);
      setJob(started.id);
    } catch (error) {
      setState({ kind: 'failed', message: (error as Error).message });
    } finally {
      setSubmitting(false);
      void queryClient.invalidateQueries({ queryKey: ['usage'] });
    }
  }

  async function download() {
    if (unavailable) return;
    if (asJob) return startJob();
    setJob(null);
    const abort = new AbortController();
    controller.current = abort;
    setState({ kind: 'running', progress: { bytes: 0, rows: 0 } });
    try {
      const blob = await streamFile(
        inProject(fileUrl(schema.file), schema),
        { fields: fieldSpecs(schema.fields) },
        abort.signal,
        (progress) => setState({ kind: 'running', progress }),
      );
      const name = fileName(schema.name, FORMAT_EXTENSIONS[format]);
      saveBlob(blob, name);
      setState({ kind: 'done', name, bytes: blob.size });
    } catch (error) {
      setState(abort.signal.aborted ? { kind: 'cancelled' } : { kind: 'failed', message: (error as Error).message });
    } finally {
      controller.current = null;
      void queryClient.invalidateQueries({ queryKey: ['usage'] });
    }
  }

  const running = state.kind === 'running';
  const unavailable = running || submitting || limits.blocked || schema.fields.length === 0 || blockedBy !== null;
  return (
    <div className="download-panel">
      <div className="download-actions">
        <button
          type="button"
          className="primary"
          onClick={() => void download()}
          aria-disabled={unavailable || undefined}
          aria-describedby="download-limits"
        >
          Download Data
        </button>
        {running && (
          <button type="button" onClick={() => controller.current?.abort()}>
            Cancel download
          </button>
        )}
      </div>
      <div id="download-limits" className={limits.blocked || blockedBy ? 'error' : 'hint'}>
        {blockedBy && <p>{blockedBy}</p>}
        {limits.messages.map((m) => (
          <p key={m}>{m}</p>
        ))}
        {!limits.blocked && usage.data && <PlanLine usage={usage.data} />}
        {jobsHelp && (
          <p>
            {asJob
              ? 'These rows run as a background job on the server'
              : `Above ${threshold.toLocaleString('en-US')} rows, Download Data runs as a background job on the server`}{' '}
            (the file is written there and kept on the Downloads page, so the browser does not hold it in memory).
          </p>
        )}
      </div>
      {running && <ProgressLine progress={state.progress} count={count} binary={BINARY_FORMATS.has(format)} />}
      {job && <JobPanel key={job} id={job} />}
      <p role="status" className={state.kind === 'failed' ? 'error' : 'hint'}>
        {state.kind === 'done' && `Saved ${state.name} (${formatBytes(state.bytes)}).`}
        {state.kind === 'cancelled' && 'Download cancelled.'}
        {state.kind === 'failed' && state.message}
      </p>
    </div>
  );
}

function PlanLine({ usage }: { usage: NonNullable<ReturnType<typeof useUsage>['data']> }) {
  const { plan } = usage;
  const parts = [
    plan.recordsPerRequest === null
      ? 'no row limit per streamed download'
      : `up to ${plan.recordsPerRequest.toLocaleString('en-US')} rows per streamed download`,
  ];
  if (plan.recordsPerDay !== null)
    parts.push(
      `${usage.records.toLocaleString('en-US')} of ${plan.recordsPerDay.toLocaleString('en-US')} rows used today`,
    );
  if (plan.requestsPerDay !== null)
    parts.push(
      `${usage.requests.toLocaleString('en-US')} of ${plan.requestsPerDay.toLocaleString('en-US')} requests used today`,
    );
  return (
    <p>
      Plan {plan.name}: {parts.join('; ')}.
    </p>
  );
}

function ProgressLine({ progress, count, binary }: { progress: DownloadProgress; count: number; binary: boolean }) {
  // A zip (Excel) has no lines to count: the bytes so far, and a bar that only says it is working.
  if (binary) {
    return (
      <div className="download-progress">
        <progress aria-label="Download progress" />
        <span>
          {formatBytes(progress.bytes)} of a {count.toLocaleString('en-US')}-row file
        </span>
      </div>
    );
  }
  // The header line and a format's frame add a line or two; the bar never claims more than the count.
  const rows = Math.min(progress.rows, count);
  return (
    <div className="download-progress">
      <progress max={count} value={rows} aria-label="Download progress" />
      <span>
        about {rows.toLocaleString('en-US')} of {count.toLocaleString('en-US')} rows · {formatBytes(progress.bytes)}
      </span>
    </div>
  );
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
