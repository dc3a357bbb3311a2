/**
 * Errors with a stable code and an HTTP status (ARCHITECTURE.md, API conventions). Services
 * throw them; the one error handler in app/error-handler.ts shapes every response.
 */
export interface FieldError {
  path: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors?: FieldError[],
    /** Extra response headers, such as Retry-After on a 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (code: string, message: string, errors?: FieldError[]) =>
  new AppError(400, code, message, errors);

/** A field error the way a form shows it: 400 with `errors: [{ path, message }]`. */
export const fieldError = (code: string, path: string, message: string) =>
  new AppError(400, code, message, [{ path, message }]);

export const unauthorized = (message = 'Authentication required', code = 'auth.unauthenticated') =>
  new AppError(401, code, message);

export const forbidden = (
  message = 'You do not have permission to do this',
  code = 'auth.forbidden',
) => new AppError(403, code, message);

/** Also the answer for another store's record: its existence is not ours to reveal. */
export const notFound = (message = 'Not found', code = 'not_found') =>
  new AppError(404, code, message);

export const conflict = (code: string, message: string, errors?: FieldError[]) =>
  new AppError(409, code, message, errors);

export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'rate_limited', message, undefined, {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

/**
 * The PostgreSQL error down `error`'s cause chain (Drizzle wraps the driver's), on either
 * driver: its SQLSTATE, and the constraint or DETAIL it names.
 */
export function postgresErrorOf(
  error: unknown,
): { code: string; constraint?: unknown; detail?: unknown } | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; detail?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return { code: candidate.code, constraint: candidate.constraint, detail: candidate.detail };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** PostgreSQL unique_violation, on either driver. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = postgresErrorOf(error);
  return found?.code === '23505' && (constraint === undefined || found.constraint === constraint);
}
