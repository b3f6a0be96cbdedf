import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { toFieldErrors, type ErrorBody, type FieldErrors } from '@detal/contract';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './database-unavailable.ts';
import { HttpError, notFound, payloadTooLarge, validationFailed } from './errors.ts';

const badRequest = (message: string) => new HttpError(400, message, 'bad_request');

/** Fastify's own request failures, in the shop client's words. */
const frameworkErrors: Record<string, () => HttpError> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () => new HttpError(400, 'Некорректный JSON в теле запроса', 'invalid_json'),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => new HttpError(400, 'Тело запроса пустое, хотя указан тип JSON', 'empty_body'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => badRequest('Размер тела запроса не совпадает с заголовком Content-Length'),
  FST_ERR_CTP_BODY_TOO_LARGE: payloadTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () =>
    new HttpError(415, 'Неподдерживаемый тип содержимого: отправляйте JSON', 'unsupported_media_type'),
  FST_ERR_BAD_URL: () => badRequest('Некорректный адрес запроса'),
};

const internalError: ErrorBody = {
  message: 'Внутренняя ошибка сервера. Попробуйте повторить позже',
  error: 'internal_error',
};

export const DATABASE_UNAVAILABLE_BODY: ErrorBody = {
  message: 'База данных временно недоступна. Повторите попытку через несколько секунд',
  error: 'database_unavailable',
};

/**
 * The 422 field map of a schema validation failure. Fastify reports each issue's path as a JSON pointer
 * ('/item/id'); the contract names the field by its dotted path ('item.id'), and the whole value by '_'.
 */
function fieldErrorsOf(error: FastifyError): FieldErrors {
  return toFieldErrors(
    (error.validation ?? []).map((issue) => ({
      path: issue.instancePath.split('/').filter(Boolean),
      message: issue.message ?? 'Некорректное значение',
    })),
  );
}

const isFastifyError = (error: unknown): error is FastifyError =>
  error instanceof Error && ('code' in error || 'statusCode' in error || 'validation' in error);

const bodyOf = (error: HttpError): ErrorBody => ({ message: error.message, error: error.error });

/** Maps any failure to the contract's error body and its status. */
export function toErrorResponse(error: unknown): { statusCode: number; body: ErrorBody } {
  if (error instanceof HttpError) return { statusCode: error.statusCode, body: bodyOf(error) };
  if (isDatabaseUnavailable(error)) return { statusCode: 503, body: DATABASE_UNAVAILABLE_BODY };
  if (!isFastifyError(error)) return { statusCode: 500, body: internalError };
  if (error.validation) {
    const failure = validationFailed(fieldErrorsOf(error));
    return { statusCode: failure.statusCode, body: bodyOf(failure) };
  }
  const known = error.code ? frameworkErrors[error.code]?.() : undefined;
  if (known) return { statusCode: known.statusCode, body: bodyOf(known) };
  const statusCode = error.statusCode ?? 500;
  if (statusCode >= 400 && statusCode < 500) return { statusCode, body: bodyOf(badRequest('Некорректный запрос')) };
  return { statusCode: 500, body: internalError };
}

/** Fastify's error handler: the contract's body, the stack only in the log (with the request id). */
export function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const { statusCode, body } = toErrorResponse(error);
  if (body === DATABASE_UNAVAILABLE_BODY) reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
  if (statusCode >= 500 && !(error instanceof HttpError)) {
    // Response schema failures land here too: the handler produced data the contract does not allow. The body's
    // field names say what was sent; its values (names, phones, addresses) stay out of the log.
    const bodyFields = request.body && typeof request.body === 'object' ? Object.keys(request.body) : undefined;
    request.log.error({ err: error, bodyFields }, 'request failed');
  } else {
    request.log.info({ statusCode, error: body.error }, body.message);
  }
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
}

/** The error body for every failure and every unknown route. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(handleError);
  app.setNotFoundHandler((_request, reply) => {
    const error = notFound();
    return reply.code(error.statusCode).type('application/json; charset=utf-8').send(bodyOf(error));
  });
}

const REQUEST_TIMEOUT_BODY: ErrorBody = {
  message: 'Запрос не был получен целиком за отведённое время',
  error: 'request_timeout',
};
const BAD_REQUEST_BODY: ErrorBody = { message: 'Некорректный запрос', error: 'bad_request' };

/**
 * Failures of the connection before Fastify sees a request (Node's clientError): a request not received in time
 * is 408, anything unparsable 400, both in the contract's error shape; then the connection is closed.
 * `nothingSent`: whether the request's answer has not begun (by default: nothing ever written on the connection).
 */
export function answerClientError(
  error: Error & { code?: string },
  socket: Socket,
  nothingSent = socket.bytesWritten === 0,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, body] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', REQUEST_TIMEOUT_BODY]
      : [400, 'Bad Request', BAD_REQUEST_BODY];
  // Only when nothing of an answer has gone out yet: a second status line would corrupt the stream.
  if (socket.writable && nothingSent) {
    const json = JSON.stringify(body);
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}
