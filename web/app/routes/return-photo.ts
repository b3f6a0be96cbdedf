import type { Route } from './+types/return-photo';
import { isApiError } from '../lib/api/errors.ts';
import { createServerApi } from '../lib/api/ssr-client.server.ts';
import { PERSONAL_CACHE_CONTROL } from '../lib/access.ts';

/**
 * `/returns/photo/:id`: a photo of the client's own return, for the thumbnails on «Возвраты» (decision 0063). The
 * API answers it to the client's bearer only (`client-return-photo-post`), which an `<img>` cannot send; this
 * route reads the token from the visitor's cookie and passes the bytes on. Another client's photo, a draft or a
 * malformed id answer 404, a visitor without a valid session 401: an image has no login page to go to.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const photoId = Number(params.id);
  if (!/^\d+$/.test(params.id) || !Number.isSafeInteger(photoId) || photoId <= 0) {
    return new Response('Not found', { status: 404 });
  }
  const api = createServerApi(request, context);
  try {
    const photo = await api.fetchFile(
      'api:shop/client-return-photo-post',
      { photo_id: photoId },
      { signal: request.signal, handles: [401, 404, 422] },
    );
    return new Response(photo, {
      headers: { 'Content-Type': photo.type, 'Cache-Control': PERSONAL_CACHE_CONTROL },
    });
  } catch (error) {
    if (isApiError(error) && error.status === 401) return new Response('Unauthorized', { status: 401 });
    if (isApiError(error) && (error.status === 404 || error.status === 422)) {
      return new Response('Not found', { status: 404 });
    }
    throw error;
  }
}
