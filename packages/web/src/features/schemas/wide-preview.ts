/**
 * Whether the builder's preview spans the page's width (below the fields and file options) rather
 * than sitting beside them: a schema of many columns needs the room. Remembered in the browser.
 */
import { useCallback, useState } from 'react';

const KEY = 'rowloom.widePreview';

function stored(): boolean {
  try {
    return localStorage.getItem(KEY) === 'true';
  } catch {
    return false; // storage blocked: the default layout
  }
}

export function useWidePreview(): [boolean, (wide: boolean) => void] {
  const [wide, setWide] = useState(stored);
  const change = useCallback((next: boolean) => {
    setWide(next);
    try {
      localStorage.setItem(KEY, String(next));
    } catch {
      // storage blocked: the choice lasts until the page is left
    }
  }, []);
  return [wide, change];
}
