/** Placeholder: being built (issue 12). */
export function ProjectsPage() {
  return <p className="todo page">ProjectsPage: not built yet.</p>;
}
