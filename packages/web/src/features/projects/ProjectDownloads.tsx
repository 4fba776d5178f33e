/**
 * Download ZIP (a file per table) and the SQL script (every table, parents first). Plain links:
 * cookie-authenticated GETs that the server answers as attachments, so nothing is held here.
 */
import { useId, useState } from 'react';
import { FILE_FORMATS, SCRIPT_DIALECTS, downloadPath, scriptPath } from './project-api';

const DIALECT_NAMES: Record<string, string> = {
  postgres: 'PostgreSQL',
  mysql: 'MySQL / MariaDB',
  sqlite: 'SQLite',
  sqlserver: 'SQL Server',
};

function Choice({
  label,
  value,
  options,
  names,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly string[];
  names?: Record<string, string>;
  onChange(value: string): void;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((option) => (
          <option key={option} value={option}>
            {names?.[option] ?? option.toUpperCase()}
          </option>
        ))}
      </select>
    </>
  );
}

/** A link styled as a button, or a disabled button saying why when the project cannot generate. */
function DownloadLink({ href, label, blocked }: { href: string; label: string; blocked: boolean }) {
  if (blocked)
    return (
      <button type="button" disabled title="Fix the project's problems first">
        {label}
      </button>
    );
  return (
    <a className="button-link" href={href} download>
      {label}
    </a>
  );
}

export function ProjectDownloads({ project, blocked }: { project: string; blocked: boolean }) {
  const [format, setFormat] = useState<string>('csv');
  const [dialect, setDialect] = useState<string>('postgres');
  const [create, setCreate] = useState(false);
  const createId = useId();
  return (
    <div className="project-downloads">
      <div className="action-row">
        <Choice label="File format" value={format} options={FILE_FORMATS} onChange={setFormat} />
        <DownloadLink href={downloadPath(project, format)} label="Download ZIP" blocked={blocked} />
      </div>
      <div className="action-row">
        <Choice
          label="SQL dialect"
          value={dialect}
          options={SCRIPT_DIALECTS}
          names={DIALECT_NAMES}
          onChange={setDialect}
        />
        <span className="check">
          <input id={createId} type="checkbox" checked={create} onChange={(e) => setCreate(e.target.checked)} />
          <label htmlFor={createId}>With CREATE TABLE</label>
        </span>
        <DownloadLink href={scriptPath(project, dialect, create)} label="SQL script" blocked={blocked} />
      </div>
    </div>
  );
}
