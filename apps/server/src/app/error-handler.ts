/**
 * The one place that shapes errors: `{ message, code, errors? }` with the status of
 * ARCHITECTURE.md. Nothing of a stack trace or an SQL message ever reaches the client.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type FieldError } from '../lib/errors';

const FASTIFY_STATUS_CODES: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'request.too_large',
    message: 'Request body is too large',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'request.unsupported_media_type',
    message: 'Unsupported content type',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'request.invalid_json',
    message: 'Request body is empty',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'request.invalid_json',
    message: 'Request body is not valid JSON',
  },
};

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      const body: { message: string; code: string; errors?: FieldError[] } = {
        message: error.message,
        code: error.code,
      };
      if (error.errors) body.errors = error.errors;
      return reply.status(error.status).send(body);
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        // instancePath is '/field/nested'; the form wants 'field.nested'.
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message,
      }));
      return reply.status(400).send({
        message: errors[0]?.message ?? 'Invalid request',
        code: 'validation_error',
        errors,
      });
    }

    if (error.code && FASTIFY_STATUS_CODES[error.code]) {
      const known = FASTIFY_STATUS_CODES[error.code]!;
      return reply.status(known.status).send({ message: known.message, code: known.code });
    }

    // Fastify's own 4xx (bad JSON, unsupported media type, rate limits…) keep their status.
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({
        message: error.message,
        code: error.code ? `request.${error.code.toLowerCase()}` : 'request.invalid',
      });
    }

    request.log.error({ err: error }, 'Unhandled error');
    return reply.status(500).send({ message: 'Something went wrong', code: 'internal_error' });
  });
}
