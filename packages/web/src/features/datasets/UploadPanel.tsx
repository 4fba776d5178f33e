/**
 * Upload a dataset: drop a file on the zone or pick one; the name defaults to the file's name
 * (until the user types their own); an optional project; progress with a cancel button.
 */
import { useEffect, useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { useProjects, type DatasetSummary } from './datasets-api';
import { nameFromFile } from './upload';
import type { UploadState } from './use-uploader';

interface Props {
  datasets: DatasetSummary[];
  upload: UploadState | null;
  onUpload(name: string, file: File, project: string): void;
  onCancel(): void;
}

export function UploadPanel({ datasets, upload, onUpload, onCancel }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [nameEdited, setNameEdited] = useState(false);
  const [project, setProject] = useState('');
  const [dragging, setDragging] = useState(false);
  const projects = useProjects();
  const ids = { file: useId(), name: useId(), project: useId() };

  function choose(chosen: File | undefined) {
    if (!chosen) return;
    setFile(chosen);
    if (!nameEdited || name.trim() === '') {
      setName(nameFromFile(chosen.name));
      setNameEdited(false);
    }
  }

  function drop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (file && name.trim() !== '') onUpload(name.trim(), file, project);
  }

  const replacing = datasets.some((d) => d.name === name.trim());
  return (
    <section className="page" aria-labelledby="upload-title">
      <h2 id="upload-title">Upload a dataset</h2>
      <form className="upload-form" onSubmit={submit}>
        <div
          className={`drop-zone${dragging ? ' dragging' : ''}`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
        >
          <p>Drop a CSV or tab-separated TXT file here, or</p>
          <label htmlFor={ids.file} className="file-label">
            Choose a file
          </label>
          <input
            id={ids.file}
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            onChange={(e) => choose(e.target.files?.[0])}
          />
          <p className="hint">
            {file ? `Chosen: ${file.name} (${formatSize(file.size)})` : 'The first row names the columns.'}
          </p>
        </div>
        <div className="upload-fields">
          <label htmlFor={ids.name}>Dataset name</label>
          <input
            id={ids.name}
            value={name}
            maxLength={200}
            onChange={(e) => {
              setName(e.target.value);
              setNameEdited(true);
            }}
          />
          <label htmlFor={ids.project}>Project</label>
          <select id={ids.project} value={project} onChange={(e) => setProject(e.target.value)}>
            <option value="">{replacing ? '(keep its project)' : '(none)'}</option>
            {(projects.data ?? []).map((p) => (
              <option key={p.name} value={p.name}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        {replacing && <p className="hint">A dataset named “{name.trim()}” exists: uploading replaces it.</p>}
        <div className="upload-actions">
          <button type="submit" className="primary" disabled={!file || name.trim() === '' || upload?.busy}>
            {replacing ? 'Upload and replace' : 'Upload'}
          </button>
        </div>
      </form>
      <UploadStatus upload={upload} onCancel={onCancel} />
    </section>
  );
}

function plural(count: number, noun: string): string {
  return `${count.toLocaleString('en')} ${noun}${count === 1 ? '' : 's'}`;
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function UploadStatus({ upload, onCancel }: { upload: UploadState | null; onCancel(): void }) {
  const box = useRef<HTMLDivElement>(null);
  // A Replace pressed down in the list reports up here: bring the outcome into view.
  useEffect(() => {
    box.current?.scrollIntoView({ block: 'nearest' });
  }, [upload?.busy, upload?.error, upload?.result]);
  if (!upload) return null;
  return (
    <div className="upload-status" ref={box}>
      {upload.busy && (
        <div className="upload-progress">
          <label>
            Uploading {upload.fileName}
            <progress max={1} value={upload.progress} />
          </label>
          <span>{upload.progress >= 1 ? 'checking the table…' : `${Math.round(upload.progress * 100)}%`}</span>
          <button type="button" onClick={onCancel}>
            Cancel upload
          </button>
        </div>
      )}
      {upload.error && (
        <div className="error upload-error" role="alert">
          <strong>“{upload.name}” was not uploaded.</strong> {upload.error}
        </div>
      )}
      {upload.result && (
        <p className="ok" role="status">
          Uploaded “{upload.result.name}”: {plural(upload.result.rows, 'row')},{' '}
          {plural(upload.result.columns.length, 'column')}.
        </p>
      )}
    </div>
  );
}
