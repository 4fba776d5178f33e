/** Placeholder: being built (issue 12). */
export function FileOptionsPanel() {
  return <p className="todo">FileOptionsPanel: not built yet.</p>;
}
