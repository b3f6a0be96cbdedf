/**
 * The shop's public origin for absolute links (canonical, Open Graph, sitemap): PUBLIC_URL, which the server
 * reads from the same environment; without it, the origin the request came to.
 */
export function publicOrigin(request: Request): string {
  const configured = process.env.PUBLIC_URL?.trim();
  return configured ? configured.replace(/\/+$/, '') : new URL(request.url).origin;
}
