/**
 * Change the password: the current one, the new one twice (checked here before the server; how
 * guessable it is, only the server says). The server ends every session and answers with this
 * browser's new one, whose CSRF token the page adopts at once, so it keeps working.
 */
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { PasswordChanged } from '@rowloom/contract';
import { apiJson } from '../../api/client';
import { useSession } from '../../api/session';
import { PasswordInput } from './PasswordInput';

export function PasswordSection() {
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const { signedIn } = useSession();
  const change = useMutation({
    mutationFn: () => apiJson<PasswordChanged>('/api/account/password', { method: 'PUT', body: { current, password } }),
    onSuccess: (answer) => {
      if (answer.user && answer.csrfToken) signedIn({ user: answer.user, csrfToken: answer.csrfToken });
      setCurrent('');
      setPassword('');
      setAgain('');
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const differ = password !== again;
    setMismatch(differ);
    if (!differ) change.mutate();
  }

  return (
    <section className="page account-section" aria-labelledby="password-title">
      <h2 id="password-title">Change password</h2>
      <form className="password-form" onSubmit={submit} noValidate>
        <PasswordInput
          label="Current password"
          name="current"
          value={current}
          onChange={setCurrent}
          autoComplete="current-password"
        />
        <PasswordInput
          label="New password"
          name="new-password"
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
        />
        <PasswordInput
          label="New password again"
          name="new-password-again"
          value={again}
          onChange={setAgain}
          autoComplete="new-password"
        />
        {mismatch && (
          <p className="error" role="alert">
            The two new passwords differ; type the same one twice.
          </p>
        )}
        {change.error && (
          <p className="error" role="alert">
            {change.error.message.charAt(0).toUpperCase() + change.error.message.slice(1)}
          </p>
        )}
        {change.isSuccess && (
          <p role="status" className="ok">
            Password changed. Every other browser signed in to this account has been signed out.
          </p>
        )}
        <button type="submit" className="primary" disabled={change.isPending || current === '' || password === ''}>
          Change password
        </button>
      </form>
    </section>
  );
}
