/** Placeholder: being built (issue 12). */
export function FieldGrid() {
  return <p className="todo">FieldGrid: not built yet.</p>;
}
