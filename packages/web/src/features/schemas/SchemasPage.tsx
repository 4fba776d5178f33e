/** /schemas: the user's saved schemas, with open, clone and delete (after a confirmation). */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { cloneSchema, deleteSchema, listSchemas, schemasKey, type SchemaSummary } from './SchemasPage-api';
import { ConfirmDialog, NameDialog } from './SchemaToolbar-dialogs';
import './SchemasPage.css';
import { ListTable } from '../../components/ListTable';

export function SchemasPage() {
  const queryClient = useQueryClient();
  const schemas = useQuery({ queryKey: schemasKey, queryFn: listSchemas });
  const [cloning, setCloning] = useState<SchemaSummary | null>(null);
  const [deleting, setDeleting] = useState<SchemaSummary | null>(null);
  const [status, setStatus] = useState<{ text: string; error?: boolean } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: schemasKey });

  const clone = useMutation({
    mutationFn: ({ from, to }: { from: string; to: string }) => cloneSchema(from, to),
    onSuccess: (_, { from, to }) => {
      setCloning(null);
      setStatus({ text: `Cloned "${from}" as "${to}".` });
      return refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (name: string) => deleteSchema(name),
    onSuccess: (_, name) => {
      setStatus({ text: `Deleted "${name}".` });
      return refresh();
    },
    onError: (error: Error) => setStatus({ text: error.message, error: true }),
    onSettled: () => setDeleting(null),
  });

  const names = new Set(schemas.data?.map((s) => s.name));
  const [nameTaken, setNameTaken] = useState<string | null>(null);
  const submitClone = (to: string) => {
    if (!cloning) return;
    setNameTaken(names.has(to) ? `A schema named "${to}" exists already; choose another name.` : null);
    if (!names.has(to)) clone.mutate({ from: cloning.name, to });
  };
  const cloneProblem = nameTaken ?? (clone.error ? clone.error.message : null);

  return (
    <div className="page schemas-page">
      <div className="schemas-head">
        <h1>Schemas</h1>
        <Link to="/">New schema</Link>
      </div>
      {schemas.isPending && <p role="status">Loading…</p>}
      {schemas.error && (
        <p className="error" role="alert">
          {schemas.error.message}
        </p>
      )}
      {schemas.data?.length === 0 && <p>No saved schemas yet. Build one on the Schema page and press Save.</p>}
      {schemas.data && schemas.data.length > 0 && (
        <ListTable
          columns={['Name', 'Fields', 'Rows', 'Format', 'Updated']}
          className="schemas-table"
          wrapperClassName="schemas-table-wrap"
        >
          {schemas.data.map((s) => (
            <tr key={s.name}>
              <th scope="row">
                <Link to={`/schemas/${encodeURIComponent(s.name)}`}>{s.name}</Link>
              </th>
              <td>{s.fields}</td>
              <td>{s.count.toLocaleString('en-US')}</td>
              <td>{s.format ?? ''}</td>
              <td>
                <time dateTime={s.updated_at}>{new Date(s.updated_at).toLocaleString()}</time>
              </td>
              <td className="schemas-actions">
                <button
                  type="button"
                  aria-label={`Clone ${s.name}`}
                  onClick={() => {
                    clone.reset();
                    setCloning(s);
                  }}
                >
                  Clone
                </button>
                <button type="button" className="danger" aria-label={`Delete ${s.name}`} onClick={() => setDeleting(s)}>
                  Delete
                </button>
              </td>
            </tr>
          ))}
        </ListTable>
      )}
      <p role="status" className={status?.error ? 'error' : 'hint'}>
        {status?.text}
      </p>
      <NameDialog
        open={cloning !== null}
        title={`Clone "${cloning?.name ?? ''}"`}
        label="Name of the copy"
        initial={cloning ? `${cloning.name} copy` : ''}
        problem={cloneProblem}
        confirm="Clone"
        onSubmit={submitClone}
        onClose={() => {
          setCloning(null);
          setNameTaken(null);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete "${deleting?.name ?? ''}"?`}
        confirm="Delete"
        danger
        onConfirm={() => deleting && remove.mutate(deleting.name)}
        onClose={() => setDeleting(null)}
      >
        <p>The schema is removed for good; generate?schema={deleting?.name} stops working.</p>
      </ConfirmDialog>
    </div>
  );
}
