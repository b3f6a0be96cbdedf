import { isApiError } from '../../lib/api/index.ts';

/**
 * The back office's one reader of a write's refusal: the contract's message and its field errors
 * (`{ field: [messages] }`, first message each), keyed without `prefix` (`requisites.inn` → `inn` for the
 * requisites' form). 401 and 403 never get here (the admin caller's policy); anything that is not an API error is
 * rethrown.
 */
export function formFailure(error: unknown, prefix = ''): { message: string; fields: Record<string, string> } {
  if (!isApiError(error)) throw error;
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

/** The refusal in one line: the first field's message, else the contract's message. */
export function failureMessage(error: unknown): string {
  const { message, fields } = formFailure(error);
  return Object.values(fields)[0] ?? message;
}
