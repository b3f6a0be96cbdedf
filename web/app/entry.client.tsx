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

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
