import type { Route } from './+types/robots';
import { publicOrigin } from '../lib/public-url.server.ts';
import { robotsTxt } from '../lib/seo.ts';

/** `/robots.txt`, written for the shop's public origin so that the sitemap line points at the right host. */
export function loader({ request }: Route.LoaderArgs) {
  return new Response(robotsTxt(publicOrigin(request)), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
