import type { FastifyRequest } from 'fastify';
import { forbidden } from './errors.ts';

export const CROSS_SITE_MESSAGE = 'Запрос с чужого сайта отклонён';

/**
 * Refuses a state-changing request that a browser sent from another origin (decision 0015): the staff cookie
 * is SameSite=Strict, so another site's page cannot send it at all; this check also covers a sibling
 * subdomain (same site, other origin). Browsers send `Sec-Fetch-Site` and `Origin` with every POST made by a
 * page, and a page cannot forge them; a request with neither comes from no browser (curl, the server's own
 * in-process calls), and so from nobody whose cookie could be abused.
 */
export function refuseCrossSite(request: FastifyRequest): void {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined && fetchSite !== 'same-origin') throw forbidden(CROSS_SITE_MESSAGE);
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== `${request.protocol}://${request.host}`) throw forbidden(CROSS_SITE_MESSAGE);
}
