/** Placeholder: being built (issue 12). */
export function SchemasPage() {
  return <p className="todo">SchemasPage: not built yet.</p>;
}
