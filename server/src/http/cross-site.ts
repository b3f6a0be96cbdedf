import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.ts';
import { forbidden } from './errors.ts';

export const CROSS_SITE_MESSAGE = 'Запрос с чужого сайта отклонён';

/** The origins the back office's writes may come from (trustedOriginsOf). */
export interface TrustedOrigins {
  /** PUBLIC_URL's origin and CORS_ORIGINS'. */
  listed: ReadonlySet<string>;
  /** CORS_ORIGINS' alone: other origins a browser sends from, which it marks same-site or cross-site. */
  otherOrigins: ReadonlySet<string>;
  /** Without PUBLIC_URL: the origin the request came to is trusted too (a development machine, tests). */
  requestOwn: boolean;
}

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * An allow-list, not the request's own Host: a Host header names whatever the sender wants (a DNS name rebound to
 * the shop, a stray virtual host), so it proves nothing. PUBLIC_URL is the shop's address; CORS_ORIGINS are the
 * origins the operator lets call the API with credentials. Without PUBLIC_URL (development with the Vite proxy,
 * tests; production warns at start) the request's own origin is trusted as well, as before.
 */
export function trustedOriginsOf(config: Pick<AppConfig, 'publicUrl' | 'publicUrlConfigured' | 'corsOrigins'>) {
  const otherOrigins = new Set(config.corsOrigins.map(originOf).filter((origin) => origin !== null));
  const publicOrigin = config.publicUrlConfigured ? originOf(config.publicUrl) : null;
  return {
    listed: new Set([...(publicOrigin ? [publicOrigin] : []), ...otherOrigins]),
    otherOrigins,
    requestOwn: publicOrigin === null,
  } satisfies TrustedOrigins;
}

/**
 * Refuses a state-changing request that a browser sent from an origin not trusted (decision 0015, issue 34): the
 * staff cookie is SameSite=Strict, so another site's page cannot send it at all; this check also covers a sibling
 * subdomain (same site, other origin) and a name that is not the shop's. Browsers send `Sec-Fetch-Site` and
 * `Origin` with every POST made by a page, and a page cannot forge them; a request with neither comes from no
 * browser (curl, the server's own in-process calls), and so from nobody whose cookie could be abused.
 */
export function refuseCrossSite(request: FastifyRequest, trusted: TrustedOrigins): void {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    const own = trusted.requestOwn && origin === `${request.protocol}://${request.host}`;
    if (!own && !trusted.listed.has(origin)) throw forbidden(CROSS_SITE_MESSAGE);
  }
  const fetchSite = request.headers['sec-fetch-site'];
  const fromOtherListedOrigin = origin !== undefined && trusted.otherOrigins.has(origin);
  if (fetchSite !== undefined && fetchSite !== 'same-origin' && !fromOtherListedOrigin) {
    throw forbidden(CROSS_SITE_MESSAGE);
  }
}
