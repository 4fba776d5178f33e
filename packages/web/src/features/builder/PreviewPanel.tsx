/** Placeholder: being built (issue 12). */
export function PreviewPanel() {
  return <p className="todo">PreviewPanel: not built yet.</p>;
}
