import { data } from 'react-router';
import { isApiError } from './api/errors.ts';

/** Ends a loader with the 404 page (status 404, rendered by the layout's error boundary as 'Page Not Found'). */
export function notFound(): never {
  throw data(null, { status: 404 });
}

/**
 * The API's answer, with its 404 turned into the page's 404: an unknown slug is an unknown page. So is a 422: the
 * API refused the address itself (a NUL character, text the database cannot hold), which no page can have. Any
 * other failure stays what it is (the error page with its own status).
 */
export async function orNotFound<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 422)) notFound();
    throw error;
  }
}

/** `?page=n` of a list page: 1 when absent; anything but a whole number from 1 names no page (404). */
export function pageParam(request: Request): number {
  const raw = new URL(request.url).searchParams.get('page');
  if (raw === null) return 1;
  if (!/^[1-9]\d{0,5}$/.test(raw)) notFound();
  return Number(raw);
}

/** A list page past the last one names no page (page 1 of an empty list is the list's empty state). */
export function requireListPage(page: number, lastPage: number): void {
  if (page > 1 && page > lastPage) notFound();
}
