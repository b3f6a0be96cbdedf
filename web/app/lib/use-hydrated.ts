import { useEffect, useState } from 'react';

/**
 * False in the server's HTML and the first render in the browser, true once the page's scripts run: controls that
 * only work with scripts (a submit button that would post the form the plain way, a toggle) wait for it.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
