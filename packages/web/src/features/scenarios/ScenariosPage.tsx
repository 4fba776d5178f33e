/** Placeholder: being built (issue 12). */
export function ScenariosPage() {
  return <p className="todo page">ScenariosPage: not built yet.</p>;
}
