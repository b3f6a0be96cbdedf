import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { loadingStore } from './components/loading.ts';
import { provideBrowserEffects } from './lib/api/browser.ts';
import { removeToken } from './lib/api/token.ts';
import { notifyError } from './lib/notify.ts';

// The request layer knows no UI: what its calls do to the page is given to it here, before anything renders.
provideBrowserEffects({
  // The header follows at the next loader run of the root (a navigation, an action): it reads the cookie.
  dropSession: removeToken,
  notify: notifyError,
  beginLoading: () => loadingStore.getState().begin(),
});

/**
 * Hydration waits for the server's HTML to be painted: with the module scripts already in the cache, hydrating at
 * once held the first paint back until it ended (the back office's first screen at 0.5 to 0.8 s instead of 0.2 s).
 * A tab opened in the background gets no animation frames, so a timer starts it there all the same.
 */
function afterFirstPaint(run: () => void): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    run();
  };
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 1000);
}

afterFirstPaint(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
