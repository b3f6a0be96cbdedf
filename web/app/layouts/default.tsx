import { Outlet, useRouteLoaderData } from 'react-router';
import { DEFAULT_LAYOUT } from '@detal/contract/browser';
import type { Route } from './+types/default';
import { ErrorPage } from '../components/ErrorPage.tsx';
import { SiteShell } from './SiteShell.tsx';
import { errorMeta } from '../lib/meta.ts';
import type { loader as rootLoader } from '../root.tsx';

/** The `default` layout (spec section 2) around every page. */
export const handle = { layout: DEFAULT_LAYOUT };

export const meta: Route.MetaFunction = ({ error }) => (error ? errorMeta(error) : []);

const useShellData = () => useRouteLoaderData<typeof rootLoader>('root');

export default function DefaultLayout() {
  return (
    <SiteShell data={useShellData()}>
      <Outlet />
    </SiteShell>
  );
}

/** A page's error (404 included) keeps the header and footer around the error page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <SiteShell data={useShellData()}>
      <ErrorPage error={error} />
    </SiteShell>
  );
}
