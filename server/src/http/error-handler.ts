import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { toFieldErrors, type ErrorBody, type FieldErrors } from '@detal/contract';
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
