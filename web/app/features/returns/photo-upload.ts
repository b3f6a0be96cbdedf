import {
  RETURN_PHOTO_EMPTY_MESSAGE,
  RETURN_PHOTO_MAX_BYTES,
  RETURN_PHOTO_NOT_IMAGE_MESSAGE,
  returnPhotoTooLargeMessage,
} from '@detal/contract/browser';
import type { ReturnPhoto } from '@detal/contract';
import { createBrowserApi } from '../../lib/api/browser.ts';
import type { ApiEnvironment } from '../../lib/api/client.ts';
import { isApiError } from '../../lib/api/errors.ts';

/**
 * A return's photo sent from the browser straight to the API (issue 32), one file at a time with its progress:
 * the request layer as ever (token, headers, error messages), over XMLHttpRequest, the one browser API that reports
 * an upload's progress.
 */

/** What the browser can tell before sending: too large, empty, or not declared an image. The server reads the bytes. */
export function photoRefusal(file: { size: number; type: string }): string | null {
  if (file.size === 0) return RETURN_PHOTO_EMPTY_MESSAGE;
  if (file.size > RETURN_PHOTO_MAX_BYTES) return returnPhotoTooLargeMessage();
  if (file.type !== '' && !file.type.startsWith('image/')) return RETURN_PHOTO_NOT_IMAGE_MESSAGE;
  return null;
}

/** `fetch` for the request layer over XMLHttpRequest, reporting the share of the body sent (0 to 1). */
export function fetchWithProgress(onProgress: (sent: number) => void): ApiEnvironment['fetch'] {
  return (url, init) =>
    new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(init.method ?? 'GET', url);
      xhr.withCredentials = init.credentials === 'include';
      for (const [name, value] of Object.entries((init.headers ?? {}) as Record<string, string>)) {
        xhr.setRequestHeader(name, value);
      }
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
      xhr.onload = () =>
        resolve(
          new Response(xhr.status === 204 ? null : xhr.responseText, {
            status: xhr.status,
            headers: { 'content-type': xhr.getResponseHeader('content-type') ?? 'text/plain' },
          }),
        );
      xhr.onerror = () => reject(new TypeError('Network request failed'));
      xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
      init.signal?.addEventListener('abort', () => xhr.abort());
      xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
    });
}

export type PhotoUpload = { ok: true; photo: ReturnPhoto } | { ok: false; message: string };

/** Sends one photo; a refusal (not an image, too large) is its Russian message, shown beside the file. */
export async function uploadReturnPhoto(file: File, onProgress: (sent: number) => void): Promise<PhotoUpload> {
  const refusal = photoRefusal(file);
  if (refusal) return { ok: false, message: refusal };
  const api = createBrowserApi({ fetch: fetchWithProgress(onProgress) });
  try {
    const { photo } = await api.callShop('client-return-photo-upload-post', { file, handles: [413, 415, 422] });
    return { ok: true, photo };
  } catch (error) {
    if (!isApiError(error)) throw error;
    const body = error.body as { error?: unknown } | null;
    const field =
      body && typeof body.error === 'object' && body.error !== null
        ? Object.values(body.error as Record<string, string[]>)[0]?.[0]
        : undefined;
    return { ok: false, message: field ?? error.message };
  }
}
