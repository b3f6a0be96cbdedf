import { isRouteErrorResponse } from 'react-router';
import { ERROR_PAGE_TITLES } from '@detal/contract/browser';

/** The HTTP status an error stands for: a thrown `data(…, { status })` keeps its own, anything else is 500. */
export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/** Spec section 2: 404 shows 'Page Not Found', any other status 'Internal Server Error'. */
export function errorTitle(status: number): string {
  return status === 404 ? ERROR_PAGE_TITLES.notFound : ERROR_PAGE_TITLES.other;
}
