import { apiMessages } from '@fieldbook/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../db/postgres-errors.ts';
import { ApiError, type FieldError, notJson } from './errors.ts';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

/** Field errors from a schema validation failure, with dotted field names (`customer.id`, `lineItems.0.price`). */
function fieldErrorsOf(validation: ValidationIssue[]): FieldError[] {
  return validation.map((issue) => {
    const path =
      issue.params?.issue?.path?.map(String) ?? (issue.instancePath ?? '').split('/').filter(Boolean);
    return {
      field: path.join('.') || 'body',
      message: issue.params?.issue?.message ?? issue.message ?? 'Invalid value.',
    };
  });
}

function toApiError(error: FastifyError & { validation?: ValidationIssue[] }): ApiError {
  if (error instanceof ApiError) return error;
  if (error.validation)
    return new ApiError('VALIDATION_FAILED', apiMessages.invalidRequest, fieldErrorsOf(error.validation));
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('PAYLOAD_TOO_LARGE', 'The request body is too large.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return notJson();
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ApiError('VALIDATION_FAILED', 'The request body is not valid JSON.');
  }
  if (isDatabaseUnavailable(error))
    return new ApiError('SERVICE_UNAVAILABLE', apiMessages.databaseUnavailable);
  if (error.statusCode === 429) return new ApiError('RATE_LIMITED', 'Too many requests. Please slow down.');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new ApiError('VALIDATION_FAILED', error.message);
  }
  return new ApiError('INTERNAL', 'Something went wrong on our side. Please try again.');
}

/** Every error leaves in the one shape `{ error, message, fieldErrors }`; internals are logged, never sent. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const tooLarge = request.routeOptions.config.fileBody?.tooLarge;
    const apiError =
      tooLarge && error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? new ApiError('PAYLOAD_TOO_LARGE', tooLarge, [{ field: 'file', message: tooLarge }])
        : toApiError(error);
    if (apiError.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: apiError.code, message: apiError.message }, 'request refused');
    const retryAfter =
      apiError.retryAfterSeconds ?? (apiError.code === 'SERVICE_UNAVAILABLE' ? 5 : undefined);
    if (retryAfter !== undefined) void reply.header('retry-after', String(retryAfter));
    return reply.code(apiError.status).send(apiError.toBody());
  });
}
