/** Error fields map a field name to its Russian messages, as the contract's 422 body does. */
export type FieldErrors = Record<string, string[]>;

/**
 * A failure the client is meant to see. The error handler turns it into the contract's body
 * `{ message, error }` with this status; anything else becomes a generic 500.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly error: string | FieldErrors = message,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (message = 'Не найдено') => new HttpError(404, message, 'not_found');
export const unauthorized = (message = 'Требуется вход в личный кабинет') =>
  new HttpError(401, message, 'unauthorized');
export const forbidden = (message = 'Доступ запрещён') => new HttpError(403, message, 'forbidden');
export const conflict = (message: string, details?: Record<string, unknown>) =>
  new HttpError(409, message, 'conflict', details);
export const validationFailed = (fields: FieldErrors, message = 'Проверьте правильность заполнения полей') =>
  new HttpError(422, message, fields);
export const payloadTooLarge = () => new HttpError(413, 'Слишком большой запрос', 'payload_too_large');
export const tooManyRequests = () =>
  new HttpError(429, 'Слишком много запросов. Подождите немного и попробуйте снова', 'too_many_requests');
/** An endpoint of the contract whose module has not been built yet. */
export const unavailable = () => new HttpError(501, 'Этот раздел магазина ещё не подключён', 'unavailable');
