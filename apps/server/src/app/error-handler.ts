/**
 * The one place that shapes errors: `{ message, code, errors? }` with the status of
 * ARCHITECTURE.md. Nothing of a stack trace or an SQL message ever reaches the client, and no
 * query parameter ever reaches the log (they hold password hashes, emails and names).
 */
import type {
  FastifyBaseLogger,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { outageWarner, unavailableReason } from '../db/unavailable';
import { AppError, type FieldError } from '../lib/errors';
import { loggableError } from './log-serializers';

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
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'request.invalid_length',
    message: 'Request body size does not match Content-Length',
  },
  // Raised before routing, so they reach handleFrameworkError rather than the error handler.
  FST_ERR_BAD_URL: { status: 400, code: 'request.bad_url', message: 'Invalid URL' },
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 414,
    code: 'request.url_too_long',
    message: 'URL is too long',
  },
};

/**
 * Fastify's `frameworkErrors` option: errors found while routing (a malformed %-escape, a path
 * parameter over maxParamLength) would otherwise answer Fastify's own body, echoing the URL.
 */
export function handleFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  // Raised before the onRequest hooks, which set it on every other answer (issue 27).
  void reply.header('x-request-id', request.id);
  const known = FASTIFY_STATUS_CODES[error.code];
  if (known) {
    void reply.status(known.status).send({ message: known.message, code: known.code });
    return;
  }
  request.log.error({ err: loggableError(error) }, 'Routing error');
  void reply.status(500).send({ message: 'Something went wrong', code: 'internal_error' });
}

/** What the log may keep of a failed query: no parameter values, no row contents. */
export interface DatabaseErrorRecord {
  /** SQLSTATE, e.g. 23505 unique_violation, 22021 invalid byte sequence. */
  code: string;
  severity?: string;
  constraint?: string;
  table?: string;
  column?: string;
  schema?: string;
  dataType?: string;
  routine?: string;
  /** The SQL text with its $1… placeholders — the values travel separately and stay out. */
  query?: string;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;
const SAFE_FIELDS = [
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
  'routine',
] as const;

/**
 * The PostgreSQL error somewhere down `error`'s cause chain (Drizzle wraps the driver's), as a
 * record safe to log. Deliberately leaves out the driver's `message` and `detail` ("Key
 * (email)=(…) already exists", "Failing row contains (…)") and Drizzle's message and `params`.
 */
export function databaseErrorOf(error: unknown): DatabaseErrorRecord | undefined {
  let query: string | undefined;
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 8; depth += 1) {
    const candidate = current as Record<string, unknown>;
    if (query === undefined && typeof candidate.query === 'string') query = candidate.query;
    if (
      typeof candidate.code === 'string' &&
      SQLSTATE.test(candidate.code) &&
      typeof candidate.severity === 'string'
    ) {
      const record: DatabaseErrorRecord = { code: candidate.code };
      for (const field of SAFE_FIELDS) {
        const value = candidate[field];
        if (typeof value === 'string' && value) record[field] = value;
      }
      if (query !== undefined) record.query = query.slice(0, 2000);
      return record;
    }
    current = candidate.cause;
  }
  return undefined;
}

/**
 * Where in the code it failed: the stack without its head, which repeats the message (and so
 * the parameters, which may span several lines). Nothing when the head is not recognisable.
 */
function stackFrames(error: unknown): string | undefined {
  const { stack, name, message } = error as { stack?: unknown; name?: unknown; message?: unknown };
  if (typeof stack !== 'string') return undefined;
  const head = `${String(name)}: ${String(message)}`;
  return stack.startsWith(head) ? stack.slice(head.length).trim() : undefined;
}

/**
 * Bad input the schemas should have refused but the database caught (a 4xx, so the client can
 * correct it), and conflicts a service did not name itself. Anything else is a 500.
 */
function statusOfDatabaseError(
  record: DatabaseErrorRecord,
): { status: number; code: string; message: string } | undefined {
  // Class 22, data exception: 22P02 not a number, 22003 out of range, 22021 NUL byte, 22001 too long.
  if (record.code.startsWith('22')) {
    return {
      status: 400,
      code: 'request.invalid_value',
      message: 'A value in the request is invalid',
    };
  }
  if (record.code === '23505') {
    return { status: 409, code: 'conflict.duplicate', message: 'This record already exists' };
  }
  if (record.code === '23503') {
    return {
      status: 409,
      code: 'conflict.reference',
      message: 'This record is linked to another record that is missing or still in use',
    };
  }
  return undefined;
}

function logDatabaseError(
  log: FastifyBaseLogger,
  error: unknown,
  record: DatabaseErrorRecord,
  level: 'warn' | 'error',
) {
  log[level]({ db: record, stack: stackFrames(error) }, 'Database error');
}

/**
 * Issue 27: PostgreSQL restarting or failing over. The request may be sent again as it was (a
 * transaction cut short rolled back; a sale's Idempotency-Key answers the first sale if its
 * commit did land); Retry-After covers a restart's usual few seconds.
 */
export const DATABASE_UNAVAILABLE = {
  status: 503,
  code: 'database.unavailable',
  message: 'The database is not reachable — try again',
  retryAfterSeconds: 5,
} as const;

export function registerErrorHandler(app: FastifyInstance) {
  // One warning per outage (then one every 10 s), not one per request answered 503.
  const warnUnavailable = outageWarner((message, details) =>
    app.log.warn(details, `${message}: answering 503`),
  );
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

    const unavailable = unavailableReason(error);
    if (unavailable) {
      warnUnavailable(unavailable);
      const { status, code, message, retryAfterSeconds } = DATABASE_UNAVAILABLE;
      return reply
        .status(status)
        .header('retry-after', String(retryAfterSeconds))
        .send({ message, code });
    }

    const database = databaseErrorOf(error);
    if (database) {
      const known = statusOfDatabaseError(database);
      // A 4xx here still means a schema or service missed a check: worth a warning.
      logDatabaseError(request.log, error, database, known ? 'warn' : 'error');
      if (known)
        return reply.status(known.status).send({ message: known.message, code: known.code });
      return reply.status(500).send({ message: 'Something went wrong', code: 'internal_error' });
    }

    request.log.error({ err: loggableError(error) }, 'Unhandled error');
    return reply.status(500).send({ message: 'Something went wrong', code: 'internal_error' });
  });
}
