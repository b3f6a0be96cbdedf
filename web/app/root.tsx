import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';

import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Container, MantineProvider, mantineHtmlProps } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData } from 'react-router';
import { NOTIFICATION_DURATION_MS } from '@detal/contract';
import type { Route } from './+types/root';
import { ErrorPage } from './components/ErrorPage.tsx';
import { LoadingBar } from './components/LoadingBar.tsx';
import { configureBrowserApi } from './lib/api/browser.ts';
import { createServerApi, publicRuntimeConfig } from './lib/api/ssr-client.server.ts';
import { readToken } from './lib/auth/token.ts';
import { errorMeta, SITE_NAME } from './lib/meta.ts';
import { hydrateClientStores } from './stores/hydrate.ts';
import { theme } from './theme.ts';

/**
 * Data every page needs, read on the server: the shop's template (header menu, footer), whether the visitor holds
 * a token, and the runtime settings of the browser's request layer. A failed template call leaves the footer bare.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = createServerApi(request, context);
  const template = await api.callShop('template', { signal: request.signal }).catch(() => null);
  return {
    template,
    signedIn: readToken(request.headers.get('cookie')) !== null,
    ...publicRuntimeConfig(),
  };
}

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

export const meta: Route.MetaFunction = ({ error }) => (error ? errorMeta(error) : [{ title: SITE_NAME }]);

function ClientState({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        // The request layer already reports failures; a retry would report them again.
        defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
      }),
  );
  useEffect(() => {
    void hydrateClientStores();
  }, []);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/**
 * The document. The shop has one colour scheme, so <html> carries it from the server (mantineHtmlProps) and
 * Mantine's ColorSchemeScript, an inline script that would pick a stored scheme, has nothing to do.
 */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="ru" {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1864ab" />
        <Meta />
        <Links />
      </head>
      <body>
        <MantineProvider theme={theme} forceColorScheme="light">
          <Notifications autoClose={NOTIFICATION_DURATION_MS} position="top-right" zIndex={1100} />
          <LoadingBar />
          <ClientState>{children}</ClientState>
        </MantineProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const { techCatalogUrl } = useLoaderData<typeof loader>();
  // Before any child renders or fetches: the browser's request layer needs to know where `tech:` calls go.
  configureBrowserApi({ techCatalogUrl });
  return <Outlet />;
}

/** Reached only when the root itself fails; page errors render inside the layout (layouts/default.tsx). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <Container size="md" py="xl">
      <ErrorPage error={error} />
    </Container>
  );
}
