/** Placeholder: being built (issue 12). */
export function SignInPage() {
  return <p className="todo page">SignInPage: not built yet.</p>;
}
export function SignUpPage() {
  return <p className="todo page">SignUpPage: not built yet.</p>;
}
