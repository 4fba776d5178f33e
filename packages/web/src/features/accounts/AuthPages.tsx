/**
 * Sign in and sign up: one form, two endpoints. The server's message is shown as it is (it says
 * which field, or how long to wait, or why sign-up is closed); on success the session provider
 * learns the user and the browser goes to ?next= (only a path on this site) or the builder.
 */
import { useId, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, apiJson } from '../../api/client';
import { useSession, type SessionAnswer } from '../../api/session';
import { PasswordInput } from './PasswordInput';
import './auth.css';

type Mode = 'signin' | 'signup';

const TEXT: Record<Mode, { title: string; submit: string; endpoint: string; autocomplete: string }> = {
  signin: { title: 'Sign in', submit: 'Sign in', endpoint: '/api/session', autocomplete: 'current-password' },
  signup: {
    title: 'Create an account',
    submit: 'Sign up',
    endpoint: '/api/session/signup',
    autocomplete: 'new-password',
  },
};

/** Only a local path: ?next=https://evil.example must not send the user off the site. */
export function safeNext(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  return next;
}

/** The sentence to show for a failed sign-in or sign-up. */
export function authErrorText(error: unknown, mode: Mode): string {
  if (!(error instanceof ApiError)) return 'Something went wrong; try again.';
  if (error.status === 401 && mode === 'signin') return 'Wrong email or password.';
  // "try again in 840 seconds" reads better as minutes.
  let text = error.message.replace(
    /in (\d+) seconds/,
    (_match, seconds: string) => `in ${formatWait(Number(seconds))}`,
  );
  // The server's 429 usually says how long to wait; Retry-After says it when the text does not.
  if (error.status === 429 && !/try again/i.test(text)) {
    text = `${text.replace(/\.$/, '')}; ${error.retryAfter ? `try again in ${formatWait(error.retryAfter)}` : 'wait a little and try again'}`;
  }
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`;
}

function formatWait(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

function AuthForm({ mode }: { mode: Mode }) {
  const text = TEXT[mode];
  const { user, signedIn } = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();
  const next = safeNext(params.get('next'));

  if (user) return <Navigate to={next} replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await apiJson<SessionAnswer>(text.endpoint, {
        method: 'POST',
        body: { email: email.trim(), password },
      });
      signedIn(answer);
      navigate(next, { replace: true });
    } catch (caught) {
      setError(authErrorText(caught, mode));
      setBusy(false);
    }
  }

  const other =
    mode === 'signin'
      ? { to: '/signup', ask: 'No account yet?', label: 'Sign up' }
      : { to: '/signin', ask: 'Already have an account?', label: 'Sign in' };
  const keepNext = params.get('next') ? `?next=${encodeURIComponent(next)}` : '';
  return (
    <section className="page auth-page" aria-labelledby="auth-title">
      <h1 id="auth-title">{text.title}</h1>
      <form onSubmit={(event) => void submit(event)} aria-describedby={error ? errorId : undefined} noValidate>
        <label className="stacked">
          Email
          <input
            type="email"
            name="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoFocus
          />
        </label>
        <PasswordInput label="Password" value={password} onChange={setPassword} autoComplete={text.autocomplete} />
        {error && (
          <p id={errorId} className="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="primary" disabled={busy || email.trim() === '' || password === ''}>
          {busy ? `${text.submit}…` : text.submit}
        </button>
      </form>
      <p>
        {other.ask} <Link to={other.to + keepNext}>{other.label}</Link>
      </p>
      {mode === 'signin' && (
        <p className="hint">
          Forgot your password? Ask whoever runs this server to run{' '}
          <code>rowloom users reset-password &lt;email&gt;</code>.
        </p>
      )}
    </section>
  );
}

export function SignInPage() {
  return <AuthForm mode="signin" />;
}

export function SignUpPage() {
  return <AuthForm mode="signup" />;
}
