import { ERROR_CODES, type ErrorCode, type ErrorCodeWithStatus, type ErrorStatusOf } from '@kade/shared';

/**
 * One error type for every failure we answer on purpose. It carries a stable `code` from the shared list
 * (ERROR_CODES), the HTTP status that list gives the code, a sentence for people, and the offending field when
 * there is one. 4xx messages are shown to the caller; anything else becomes a 500 that leaks nothing.
 */
export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  readonly status: number;
  readonly code: C;
  readonly field: string | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    code: C,
    message: string,
    /** `status` only for the one other status the list names for the code (ACCOUNT_DISABLED's 401). */
    options: { status?: ErrorStatusOf<C>; field?: string; details?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.status = options.status ?? ERROR_CODES[code].status;
    this.code = code;
    this.field = options.field;
    this.details = options.details;
  }
}

export const badRequest = (message: string, field?: string, code: ErrorCodeWithStatus<400> = 'BAD_REQUEST') =>
  new AppError(code, message, field === undefined ? {} : { field });
export const unauthorized = (message = 'Please log in to continue.', code: ErrorCodeWithStatus<401> = 'UNAUTHORIZED') => new AppError(code, message);
export const forbidden = (message = 'You do not have permission to do that.', code: ErrorCodeWithStatus<403> = 'FORBIDDEN') => new AppError(code, message);
export const notFound = (message = 'Not found.', code: ErrorCodeWithStatus<404> = 'NOT_FOUND') => new AppError(code, message);
export const conflict = (message: string, code: ErrorCodeWithStatus<409>, details?: Record<string, unknown>) =>
  new AppError(code, message, details === undefined ? {} : { details });
export const tooManyRequests = (message: string, retryAfterSeconds?: number) =>
  new AppError('RATE_LIMITED', message, retryAfterSeconds === undefined ? {} : { details: { retryAfterSeconds } });

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
