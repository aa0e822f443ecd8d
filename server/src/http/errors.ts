/**
 * One error type for every failure we answer on purpose. It carries the HTTP status, a stable `code`
 * that tests and clients can rely on, a sentence for people, and the offending field when there is one.
 * 4xx messages are shown to the caller; anything else becomes a 500 that leaks nothing.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    status: number,
    code: string,
    message: string,
    options: { field?: string; details?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.status = status;
    this.code = code;
    this.field = options.field;
    this.details = options.details;
  }
}

export const badRequest = (message: string, field?: string, code = 'BAD_REQUEST') =>
  new AppError(400, code, message, field === undefined ? {} : { field });
export const unauthorized = (message = 'Please log in to continue.', code = 'UNAUTHORIZED') =>
  new AppError(401, code, message);
export const forbidden = (message = 'You do not have permission to do that.', code = 'FORBIDDEN') =>
  new AppError(403, code, message);
export const notFound = (message = 'Not found.', code = 'NOT_FOUND') => new AppError(404, code, message);
export const conflict = (message: string, code = 'CONFLICT', details?: Record<string, unknown>) =>
  new AppError(409, code, message, details === undefined ? {} : { details });
export const tooManyRequests = (message: string, retryAfterSeconds?: number) =>
  new AppError(429, 'RATE_LIMITED', message, retryAfterSeconds === undefined ? {} : { details: { retryAfterSeconds } });

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
