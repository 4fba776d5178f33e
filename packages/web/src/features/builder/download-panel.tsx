/** The Download Data button with its progress bar, cancel button and the plan's limits beside it. */
import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useBuilder } from './builder-context';
import { fileName, saveBlob, streamFile, type DownloadProgress } from './download';
import { checkLimits, useUsage } from './download-limits';
import { FORMAT_EXTENSIONS, fileUrl } from './FileOptionsPanel-formats';
import { fieldSpecs } from './schema-model';

/** From here on, a file may be hundreds of megabytes. */
const LARGE_DOWNLOAD_ROWS = 1_000_000;

type DownloadState = { kind: 'idle' } | { kind: 'running'; progress: DownloadProgress } | { kind: 'done'; name: string; bytes: number } | { kind: 'cancelled' } | { kind: 'failed'; message: string };

export function DownloadPanel() {
  const { schema } = useBuilder();
  const usage = useUsage();
  const queryClient = useQueryClient();
  const [state, setState] = useState<DownloadState>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const { count, format } = schema.file;
  const limits = checkLimits(count, usage.data);

  async function download() {
    const abort = new AbortController();
    controller.current = abort;
    setState({ kind: 'running', progress: { bytes: 0, rows: 0 } });
    try {
      const blob = await streamFile(fileUrl(schema.file), { fields: fieldSpecs(schema.fields) }, abort.signal, (progress) => setState({ kind: 'running', progress }));
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
  return (
    <div className="download-panel">
      <div className="download-actions">
        <button type="button" className="primary" onClick={() => void download()} disabled={running || limits.blocked || schema.fields.length === 0} aria-describedby="download-limits">
          Download Data
        </button>
        {running && (
          <button type="button" onClick={() => controller.current?.abort()}>
            Cancel download
          </button>
        )}
      </div>
      <div id="download-limits" className={limits.blocked ? 'error' : 'hint'}>
        {limits.messages.map((m) => (
          <p key={m}>{m}</p>
        ))}
        {!limits.blocked && usage.data && <PlanLine usage={usage.data} />}
        {count >= LARGE_DOWNLOAD_ROWS && <p>The browser holds the file in memory until it is saved: for millions of rows the API streams straight to disk (see the API key page for a ready curl command).</p>}
      </div>
      {running && <ProgressLine progress={state.progress} count={count} />}
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
  const parts = [plan.recordsPerRequest === null ? 'no row limit per download' : `up to ${plan.recordsPerRequest.toLocaleString('en-US')} rows per download`];
  if (plan.recordsPerDay !== null) parts.push(`${usage.records.toLocaleString('en-US')} of ${plan.recordsPerDay.toLocaleString('en-US')} rows used today`);
  if (plan.requestsPerDay !== null) parts.push(`${usage.requests.toLocaleString('en-US')} of ${plan.requestsPerDay.toLocaleString('en-US')} requests used today`);
  return <p>Plan {plan.name}: {parts.join('; ')}.</p>;
}

function ProgressLine({ progress, count }: { progress: DownloadProgress; count: number }) {
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
