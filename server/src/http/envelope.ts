import { randomUUID } from 'node:crypto';
import type { ErrorCode, SearchSuggestionsWire } from '@kade/shared';
import type { Context, Next } from 'koa';
import type { Logger } from '../logger';
import { answerHeaders } from './answer-headers';
import { isAppError } from './errors';
import { fixedSecurityHeaders, knownSecurityList } from './security';

/** Every answer has this shape: SPEC.md section 7's `{ success, error, message, data }`. */
export interface Envelope<T = unknown> {
  success: boolean;
  error: boolean;
  message: string;
  data?: T;
  code?: ErrorCode;
  field?: string;
  [extra: string]: unknown;
}

/**
 * Plain values a successful answer may carry beside `data` as top-level fields (the paged lists' `page`,
 * `totalPage`, `totalCount`, as the spec's clients read them; a search that found nothing, its `suggestions`). They never replace the envelope's own fields.
 */
export type EnvelopeExtras = Readonly<Record<string, string | number | boolean | null | Readonly<Record<string, number>> | SearchSuggestionsWire>>;

export function ok<T>(data: T, message = '', extras: EnvelopeExtras = {}): Envelope<T> {
  const envelope = { success: true, error: false, message, data };
  // The extras follow the envelope's fields and cannot overwrite them.
  return { ...envelope, ...extras, ...envelope };
}

/** A fault from a library that already knows its HTTP status (body too large, bad JSON, …). */
function httpStatusOf(error: unknown): number | undefined {
  const e = error as { status?: unknown; statusCode?: unknown; expose?: unknown };
  const status = typeof e.status === 'number' ? e.status : typeof e.statusCode === 'number' ? e.statusCode : undefined;
  return status !== undefined && status >= 400 && status < 500 ? status : undefined;
}

const LIBRARY_MESSAGES: Record<number, [ErrorCode, string]> = {
  400: ['BAD_REQUEST', 'The request body is not valid JSON.'],
  401: ['UNAUTHORIZED', 'Please log in to continue.'],
  403: ['FORBIDDEN', 'You do not have permission to do that.'],
  404: ['NOT_FOUND', 'Not found.'],
  405: ['METHOD_NOT_ALLOWED', 'That method is not allowed here.'],
  413: ['PAYLOAD_TOO_LARGE', 'The request is too large.'],
  415: ['UNSUPPORTED_MEDIA_TYPE', 'That content type is not supported here.'],
};

/** When to try again after every database connection stayed busy for as long as a request may wait for one. */
const POOL_RETRY_AFTER_SECONDS = 5;

/**
 * Every connection of a database pool was busy for as long as a request may wait for one: node-postgres's pool (the
 * hot statements, db/database.ts) or knex's. The shop is overloaded, not broken: 503 BUSY with a Retry-After, as the
 * hashing and picture queues answer, rather than a 500.
 */
function isPoolExhausted(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return message === 'timeout exceeded when trying to connect' || message.startsWith('Knex: Timeout acquiring a connection');
}

/** The request's id: the caller's X-Request-Id when it is a plain token of 8 to 64 characters, else a new one. */
export function requestIdOf(incoming: string | undefined): string {
  return incoming !== undefined && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
}

/** What a failed request answers: its status, the envelope, and when to try again (429 and 503). */
export interface ErrorAnswer {
  status: number;
  body: Envelope;
  retryAfterSeconds?: number;
}

/**
 * The answer for an error. An AppError answers with its own status, code and message; a library's 4xx with a
 * plain sentence; anything else is logged with the request id and answered 500 with a message that leaks nothing.
 */
export function errorAnswer(error: unknown, logger: Logger, request: { requestId: string; method: string; path: string }): ErrorAnswer {
  if (isAppError(error)) {
    const retry = error.details?.retryAfterSeconds;
    return {
      status: error.status,
      body: {
        success: false,
        error: true,
        code: error.code,
        message: error.message,
        ...(error.field === undefined ? {} : { field: error.field }),
        ...(error.details === undefined ? {} : { data: error.details }),
      },
      ...((error.status === 429 || error.status === 503) && typeof retry === 'number' ? { retryAfterSeconds: retry } : {}),
    };
  }
  const status = httpStatusOf(error);
  if (status !== undefined) {
    const [code, message] = LIBRARY_MESSAGES[status] ?? ['BAD_REQUEST', 'The request cannot be handled.'];
    return { status, body: { success: false, error: true, code, message } };
  }
  if (isPoolExhausted(error)) {
    logger.warn({ ...request }, 'no database connection came free in time');
    return {
      status: 503,
      body: { success: false, error: true, code: 'BUSY', message: 'The shop is very busy right now. Please try again in a few seconds.', data: { retryAfterSeconds: POOL_RETRY_AFTER_SECONDS } },
      retryAfterSeconds: POOL_RETRY_AFTER_SECONDS,
    };
  }
  logger.error({ err: error, ...request }, 'unhandled error');
  return {
    status: 500,
    body: { success: false, error: true, code: 'INTERNAL', message: `Something went wrong on our side. Please try again (reference ${request.requestId}).` },
  };
}

/** The access line of an answer: written for a 5xx, and for every answer when debug is on (never in production). */
export function logAnswer(logger: Logger, request: { requestId: string; method: string; path: string }, status: number, started: number): void {
  if (status < 500 && !logger.isLevelEnabled('debug')) return;
  const line = { ...request, status, ms: Math.round((performance.now() - started) * 10) / 10 };
  if (status >= 500) logger.error(line, 'request');
  else logger.debug(line, 'request');
}

/**
 * Sets an answer's headers (answerHeaders' list) on Koa's response, after the route has answered. Vary is merged:
 * ours (Origin) first, then what the answer itself varies on (the web app's Accept-Encoding), as when CORS set it
 * before the route; a name listed twice gets both values.
 */
function setAnswerHeaders(ctx: Context, head: readonly string[]): void {
  const seen = new Set<string>();
  for (let i = 0; i < head.length; i += 2) {
    const name = head[i] as string;
    const value = head[i + 1] as string;
    if (name === 'Vary') {
      const own = ctx.response.get('Vary') as string | string[] | undefined;
      ctx.set('Vary', value);
      if (own !== undefined && own.length > 0) ctx.vary(own);
    } else if (seen.has(name)) {
      ctx.append(name, value);
    } else {
      ctx.set(name, value);
    }
    seen.add(name);
  }
}

/** Request id, access log, the error envelope and every answer's headers (answerHeaders) in one place. */
export function envelopeMiddleware(logger: Logger) {
  return async function envelope(ctx: Context, next: Next) {
    const started = performance.now();
    const requestId = requestIdOf(ctx.get('x-request-id'));
    ctx.state.requestId = requestId;
    let retryAfterSeconds: number | undefined;
    try {
      await next();
      if (ctx.status === 404 && ctx.body == null && ctx.path.startsWith('/api/')) {
        ctx.status = 404;
        ctx.body = { success: false, error: true, code: 'NOT_FOUND', message: `There is no ${ctx.method} ${ctx.path}.` } satisfies Envelope;
      }
    } catch (error) {
      const answer = errorAnswer(error, logger, { requestId, method: ctx.method, path: ctx.path });
      ctx.status = answer.status;
      ctx.body = answer.body;
      retryAfterSeconds = answer.retryAfterSeconds;
    } finally {
      // helmet's headers are worked out on the first request (security.ts), then known for good
      if (!knownSecurityList()) await fixedSecurityHeaders();
      setAnswerHeaders(ctx, answerHeaders(ctx.headers, { requestId, path: ctx.path, retryAfterSeconds }));
      logAnswer(logger, { requestId, method: ctx.method, path: ctx.path }, ctx.status, started);
    }
  };
}
