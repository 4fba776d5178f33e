/** Placeholder: being built (issue 12). */
export function DatasetsPage() {
  return <p className="todo page">DatasetsPage: not built yet.</p>;
}
