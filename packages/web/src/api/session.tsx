/**
 * Who is signed in. GET /api/session?optional=true answers {user, csrfToken}, or {signedIn:
 * false} (not a 401: a visitor who is signed out is no failed request); sign-in and sign-up
 * answer the first shape. Pages below <RequireSession> can rely on useSession().user.
 */
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { SessionAnswer, SessionUser, SignedOutAnswer } from '@rowloom/contract';
import { ApiError, apiJson, setCsrfToken, whenSessionEnds } from './client';

export type { SessionAnswer, SessionUser };

interface SessionState {
  /** undefined while the first GET /api/session is in flight; null when signed out. */
  user: SessionUser | null | undefined;
  /** Record a sign-in or sign-up answer. */
  signedIn(answer: SessionAnswer): void;
  signOut(): Promise<void>;
}

const SessionContext = createContext<SessionState | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<SessionUser | null | undefined>(undefined);
  const signedIn = useCallback((answer: SessionAnswer) => {
    setCsrfToken(answer.csrfToken);
    setUser(answer.user);
  }, []);
  useEffect(() => {
    apiJson<SessionAnswer | SignedOutAnswer>('/api/session?optional=true')
      .then((answer) => ('user' in answer ? signedIn(answer) : setUser(null)))
      .catch((error: unknown) => {
        if (!(error instanceof ApiError) || error.status !== 401) console.error(error);
        setUser(null);
      });
  }, [signedIn]);
  useEffect(() => {
    whenSessionEnds(() => {
      setCsrfToken(null);
      setUser(null);
    });
    return () => whenSessionEnds(null);
  }, []);
  const signOut = useCallback(async () => {
    await apiJson('/api/session', { method: 'DELETE' }).catch(() => undefined);
    setCsrfToken(null);
    setUser(null);
  }, []);
  return <SessionContext.Provider value={{ user, signedIn, signOut }}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSession outside <SessionProvider>');
  return state;
}

/** Renders its children for a signed-in user; otherwise sends the browser to /signin and back. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  if (user === undefined)
    return (
      <p className="loading" role="status">
        Loading…
      </p>
    );
  if (user === null)
    return <Navigate to={`/signin?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return <>{children}</>;
}
