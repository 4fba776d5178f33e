/** Copy text to the clipboard and say so for a moment; falls back to selecting it when refused. */
import { useCallback, useEffect, useRef, useState } from 'react';

export function useCopy(): { copied: string | null; copy(text: string, what: string): Promise<void> } {
  const [copied, setCopied] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copy = useCallback(async (text: string, what: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(`${what} copied to the clipboard.`);
    } catch {
      // Plain http on another host has no clipboard API: the user can still select the text.
      setCopied(`Could not reach the clipboard; select the ${what.toLowerCase()} and copy it.`);
    }
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(null), 4000);
  }, []);
  return { copied, copy };
}
