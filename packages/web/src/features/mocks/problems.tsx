/**
 * The server's validation errors placed beside the control they name. A 400 from PUT
 * /api/mocks/:name says where the problem is as a JSON path at the start of its message
 * (`routes[2].responses[0].status must be 100..599`), or lists {path, message} in `details`.
 * Controls ask for the problems at their path; the page lists all of them at the top too, with
 * a way to reach the route they are in.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { ProblemDetail } from '@rowloom/contract';
import { ApiError } from '../../api/client';

/** A problem of the error's details, placed: `path` is always there ('' when none was named). */
export interface Problem extends Pick<ProblemDetail, 'message'> {
  /** A JSON path into the document (`routes[2].responses[0].status`), or '' when none was named. */
  path: string;
}

const TOP_KEYS = /^(name|slug|host|project|description|public|cors|latency|routes)\b/;
const LEADING_PATH = /^((?:[A-Za-z_][\w-]*|\[\d+\])(?:\.[A-Za-z_][\w-]*|\[\d+\])*)(?::\s*|\s+)/;

/** Splits "routes[1].path must start with /" into its path and the rest. */
export function splitPath(message: string): Problem {
  const text = message.replace(/^body\./, '');
  const match = LEADING_PATH.exec(text);
  if (!match || !TOP_KEYS.test(match[1])) return { path: '', message };
  return { path: match[1], message };
}

export function problemsOf(error: unknown): Problem[] {
  if (!(error instanceof ApiError)) return [{ path: '', message: String((error as Error)?.message ?? error) }];
  const details = Array.isArray(error.body?.details) ? error.body.details : [];
  if (details.length === 0) return [splitPath(error.message)];
  return details.map((d) => {
    const message = String(d.message ?? '');
    const path = typeof d.path === 'string' ? d.path.replace(/^body\./, '') : '';
    return path && TOP_KEYS.test(path)
      ? { path, message: message.startsWith(path) ? message : `${path}: ${message}` }
      : splitPath(message);
  });
}

/** The route index a problem is in, if any. */
export function routeIndexOf(path: string): number | null {
  const match = /^routes\[(\d+)\]/.exec(path);
  return match ? Number(match[1]) : null;
}

export function responseIndexOf(path: string): number | null {
  const match = /^routes\[\d+\]\.responses\[(\d+)\]/.exec(path);
  return match ? Number(match[1]) : null;
}

const ProblemsContext = createContext<Problem[]>([]);

export function ProblemsProvider({ problems, children }: { problems: Problem[]; children: ReactNode }) {
  return <ProblemsContext.Provider value={problems}>{children}</ProblemsContext.Provider>;
}

/** Problems at `path` exactly, or also below it (`deep`: a body, a rule, a fault). */
export function useProblems(path: string, deep = false): Problem[] {
  const all = useContext(ProblemsContext);
  return all.filter(
    (p) => p.path === path || (deep && (p.path.startsWith(`${path}.`) || p.path.startsWith(`${path}[`))),
  );
}

/** An id for the message element, so the control can point at it with aria-describedby. */
export function problemId(path: string): string {
  return `problem-${path.replace(/[^\w]+/g, '-')}`;
}

/** Props for an input at `path`: aria-invalid and the message's id when the server objected. */
export function useInvalid(path: string, deep = false): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  const found = useProblems(path, deep);
  return found.length ? { 'aria-invalid': true, 'aria-describedby': problemId(path) } : {};
}

export function FieldProblem({ path, deep = false }: { path: string; deep?: boolean }) {
  const found = useProblems(path, deep);
  if (found.length === 0) return null;
  return (
    <span className="field-problem error" id={problemId(path)} role="alert">
      {found.map((p) => p.message).join('; ')}
    </span>
  );
}
