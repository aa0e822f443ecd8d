// The headers every answer carries, built in one place for both ways a request is answered: Koa's chain (the
// envelope sets them on the answer, envelope.ts) and the fast lane (fast-lane.ts writes them as they are).
import { carriesCredentials } from './auth';
import { knownSecurityList } from './security';

/** The request headers the answer's headers depend on. */
export interface RequestCredentials {
  authorization?: string | undefined;
  cookie?: string | undefined;
}

/** What is known of the answer when its headers are written. */
export interface AnswerFacts {
  requestId: string;
  /** The request's path (no query): only an API answer is kept from caches for a signed-in caller. */
  path: string;
  /** When to try again, for a 429 or a 503 that says so. */
  retryAfterSeconds?: number | undefined;
}

/**
 * The answer's headers as names and values, in the order they are sent: the request id, helmet's fixed security
 * headers, `Vary: Origin`, `Retry-After` when the answer has one, and `Cache-Control: no-store` for an API answer to
 * a request carrying a session's credentials (it is that person's: no browser or proxy may keep it, issue 30).
 * Callable once the security headers are worked out (security.ts `fixedSecurityHeaders`); both paths wait for that.
 */
export function answerHeaders(request: RequestCredentials, answer: AnswerFacts): string[] {
  const security = knownSecurityList();
  if (!security) throw new Error('the security headers are not worked out yet: await fixedSecurityHeaders() first');
  const head = ['X-Request-Id', answer.requestId, ...security, 'Vary', 'Origin'];
  if (answer.retryAfterSeconds !== undefined) head.push('Retry-After', String(answer.retryAfterSeconds));
  if (answer.path.startsWith('/api/') && carriesCredentials(request)) head.push('Cache-Control', 'no-store');
  return head;
}
