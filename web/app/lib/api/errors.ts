import type { ErrorBody } from '@detal/contract';

/** Every failed call of the request layer rejects with this. `status` is 0 when no response arrived. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly method: string;
  readonly url: string;
  /** The parsed response body (the contract's error body when the server wrote it), or null. */
  readonly body: unknown;

  constructor(init: { message: string; status: number; method: string; url: string; body: unknown; cause?: unknown }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.method = init.method;
    this.url = init.url;
    this.body = init.body;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** Spec section 8: no response at all (network error or abort). */
export const NETWORK_FAILURE_MESSAGE = 'timeout';
/** Spec section 8: the session is not valid. */
export const UNAUTHORIZED_MESSAGE = 'invalid';

/** Shown when a failed response carries no text of its own. */
export function fallbackMessage(status: number): string {
  if (status === 404) return 'Не найдено';
  if (status === 422) return 'Проверьте введённые данные';
  if (status >= 500) return 'Внутренняя ошибка сервера. Попробуйте позже.';
  return `Не удалось выполнить запрос (код ${status})`;
}

/** Reads whatever part of the contract's error body a response carries; a malformed body reads as empty. */
export function readErrorBody(body: unknown): Partial<ErrorBody> {
  if (typeof body !== 'object' || body === null) return {};
  const { message, error } = body as Record<string, unknown>;
  const result: Partial<ErrorBody> = {};
  if (typeof message === 'string' && message.trim() !== '') result.message = message;
  if (typeof error === 'string' && error.trim() !== '') result.error = error;
  else if (typeof error === 'object' && error !== null && !Array.isArray(error)) {
    const fields: Record<string, string[]> = {};
    for (const [field, messages] of Object.entries(error)) {
      const list = (Array.isArray(messages) ? messages : [messages]).filter(
        (text): text is string => typeof text === 'string' && text !== '',
      );
      if (list.length > 0) fields[field] = list;
    }
    result.error = fields;
  }
  return result;
}

export interface CatalogueEffects {
  notify: (message: string) => void;
  removeToken: () => void;
}

/**
 * The error catalogue of spec section 8 for a response that arrived with a failure status: performs its effects
 * (notifications, token removal) and returns the message the re-thrown error carries.
 */
export function applyErrorCatalogue(status: number, responseBody: unknown, effects: CatalogueEffects): string {
  const { message, error } = readErrorBody(responseBody);
  switch (status) {
    case 401:
      effects.removeToken();
      return UNAUTHORIZED_MESSAGE;
    case 422: {
      const text = message ?? fallbackMessage(status);
      if (typeof error === 'object') {
        for (const messages of Object.values(error)) messages.forEach((fieldMessage) => effects.notify(fieldMessage));
      } else {
        effects.notify(text);
      }
      return text;
    }
    case 500: {
      const text = message ?? (typeof error === 'string' ? error : fallbackMessage(status));
      effects.notify(text);
      return text;
    }
    default: {
      const text = message ?? fallbackMessage(status);
      effects.notify(text);
      return text;
    }
  }
}

/** The message of a failure its caller handles: the server's own text, no effects. */
export function plainFailureMessage(status: number, responseBody: unknown): string {
  const { message, error } = readErrorBody(responseBody);
  return message ?? (typeof error === 'string' ? error : fallbackMessage(status));
}
