import './design/generated/tokens.css';
import './ui/ui.css';

import { useEffect } from 'react';
import type { ReactNode } from 'react';
import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { Container, Notifications } from './ui/index.ts';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useRouteLoaderData,
} from 'react-router';
import { NOTIFICATION_DURATION_MS } from '@detal/contract/browser';
import type { Route } from './+types/root';
import { ErrorPage } from './components/ErrorPage.tsx';
import { LoadingBar } from './components/LoadingBar.tsx';
import { configureBrowserApi } from './lib/api/browser.ts';
import { createServerApi, publicRuntimeConfig } from './lib/api/ssr-client.server.ts';
import { checkSession } from './features/clients/session.server.ts';
import { awaitingBillsCount } from './features/bills/awaiting-count.server.ts';
import { publicOrigin } from './lib/public-url.server.ts';
import { canonicalUrl } from './lib/seo.ts';
import { errorMeta, SITE_NAME } from './lib/meta.ts';
import { refreshHeldBasket } from './features/basket/basket-api.ts';
import classes from './components/ErrorPage.module.css';

/**
 * Data every page needs, read on the server: the shop's template (header menu, footer), the session check
 * (client-me when a token cookie came: the signed-in client, or a redirect to /login that clears a dead token),
 * the count of the client's bills awaiting payment,
 * and the runtime settings of the browser's request layer. A failed template call leaves the footer bare.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (isBackOffice(new URL(request.url).pathname)) return backOfficeRoot(request);
  const api = createServerApi(request, context);
  const [template, session, awaitingBills] = await Promise.all([
    api.callShop('template', { signal: request.signal }).catch(() => null),
    checkSession(request, api),
    awaitingBillsCount(request, api),
  ]);
  return {
    template,
    signedIn: session.signedIn,
    client: session.client,
    /** Bills awaiting payment, shown beside «Счета» in the header and the account tabs. */
    awaitingBills,
    /** The shop's public origin: canonical links, og:url and other absolute addresses are built on it. */
    publicUrl: publicOrigin(request),
    ...publicRuntimeConfig(),
  };
}

/** The back office (`/admin`, `/admin/…`): a staff app of its own, with no storefront data in its root. */
const isBackOffice = (pathname: string): boolean => pathname === '/admin' || pathname.startsWith('/admin/');

/**
 * The root's data on a back office page: none of the storefront's (no template, no client session, no bills
 * count: the staff member is not a shop's client there), only what the document and the browser's request
 * layer need.
 */
function backOfficeRoot(request: Request) {
  return {
    template: null,
    signedIn: false,
    client: null,
    awaitingBills: 0,
    publicUrl: publicOrigin(request),
    ...publicRuntimeConfig(),
  };
}

/**
 * Inside the back office the root's data never changes (backOfficeRoot): neither a staff write nor a move
 * between its pages runs the root's loader again. Leaving it, or any storefront request, does as before.
 */
export const shouldRevalidate = ({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
  isBackOffice(currentUrl.pathname) && isBackOffice(nextUrl.pathname) ? false : defaultShouldRevalidate;

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

export const meta: Route.MetaFunction = ({ error }) => (error ? errorMeta(error) : [{ title: SITE_NAME }]);

/** After the first client render: the basket count (the browser's basket ids) is refreshed. */
function ClientState({ children }: { children: ReactNode }) {
  useEffect(() => {
    void refreshHeldBasket();
  }, []);
  return children;
}

/**
 * The document. The storefront's components (ui/) need no provider; the back office wraps its pages in Mantine's
 * (features/admin-shell/MantineRoot.tsx). The shop has one colour scheme, so <html> carries it from the server for
 * Mantine's styles, and Mantine's ColorSchemeScript, an inline script that would pick a stored scheme, has
 * nothing to do.
 */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="ru" data-mantine-color-scheme="light" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1864ab" />
        <Meta />
        <PageAddress />
        <Links />
      </head>
      <body>
        <Notifications autoClose={NOTIFICATION_DURATION_MS} />
        <LoadingBar />
        <ClientState>{children}</ClientState>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** Every page's canonical link and Open Graph address, on the shop's public origin (PUBLIC_URL). */
function PageAddress() {
  const root = useRouteLoaderData<typeof loader>('root');
  const { pathname, search } = useLocation();
  if (!root) return null;
  const url = canonicalUrl(root.publicUrl, pathname, search);
  return (
    <>
      <link rel="canonical" href={url} />
      <meta property="og:url" content={url} />
      <meta property="og:site_name" content={root.template?.shop.name || SITE_NAME} />
      <meta property="og:locale" content="ru_RU" />
    </>
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
    <Container size="md" className={classes.rootError}>
      <ErrorPage error={error} />
    </Container>
  );
}
