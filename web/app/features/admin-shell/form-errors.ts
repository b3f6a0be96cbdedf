import { redirect } from 'react-router';
import { isApiError } from '../../lib/api/index.ts';
import { paths } from '../../paths.ts';

/**
 * A back office write's failure for a form: the contract's message and its field errors (`{ field: [messages] }`,
 * first message each), keyed without `prefix` (`requisites.inn` → `inn` for the requisites' form). A 401 goes to
 * the sign-in page; anything that is not an API error is rethrown.
 */
export function formFailure(error: unknown, prefix = ''): { message: string; fields: Record<string, string> } {
  if (!isApiError(error)) throw error;
  if (error.status === 401) throw redirect(paths.adminLogin());
  const body = error.body as { error?: unknown } | null;
  const fields: Record<string, string> = {};
  if (body && typeof body.error === 'object' && body.error !== null) {
    for (const [path, messages] of Object.entries(body.error as Record<string, string[]>)) {
      const key = prefix && path.startsWith(prefix) ? path.slice(prefix.length) : path;
      if (messages[0]) fields[key] = messages[0];
    }
  }
  return { message: error.message, fields };
}
