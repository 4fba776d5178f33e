/** Placeholder: being built (issue 12). */
export function AccountPage() {
  return <p className="todo page">AccountPage: not built yet.</p>;
}
