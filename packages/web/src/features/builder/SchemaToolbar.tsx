/** Placeholder: being built (issue 12). */
export function SchemaToolbar() {
  return <p className="todo">SchemaToolbar: not built yet.</p>;
}
