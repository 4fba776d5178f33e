/**
 * Problems the page finds before the server sees anything (a JSON body that does not parse):
 * the editor that finds one reports it here, and the page will not save until it is fixed,
 * since the document would otherwise keep the last valid value silently.
 */
import { createContext, useContext, useEffect } from 'react';

export type LocalErrors = (path: string, message: string | null) => void;

export const LocalErrorsContext = createContext<LocalErrors>(() => undefined);

export function useLocalError(path: string, message: string | null): void {
  const report = useContext(LocalErrorsContext);
  useEffect(() => {
    report(path, message);
    return () => report(path, null);
  }, [report, path, message]);
}
