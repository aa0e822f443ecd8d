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
  if (keptFromCaches(request, answer.path)) head.push('Cache-Control', 'no-store');
  return head;
}

/** Whether the answer must say `Cache-Control: no-store`: an API answer to a request carrying credentials. */
function keptFromCaches(request: RequestCredentials, path: string): boolean {
  return path.startsWith('/api/') && carriesCredentials(request);
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The fast lane's two lists of a JSON answer without Retry-After (answerHeaders' list, then Content-Type and
 * Content-Length), for a request without credentials and one with: the same names and values for every such answer
 * but the request id and the length, so each is built once (when the security headers are known) and copied.
 */
let jsonTemplates: { plain: readonly string[]; noStore: readonly string[] } | undefined;

/**
 * answerHeaders' list for a JSON answer of `length` bytes, with Content-Type and Content-Length after it: what the
 * fast lane writes. A list of its own each time (a copy of the template for the request's kind, its id and length set).
 */
export function jsonAnswerHeaders(request: RequestCredentials, answer: AnswerFacts, length: string): string[] {
  if (answer.retryAfterSeconds !== undefined) {
    const head = answerHeaders(request, answer);
    head.push('Content-Type', JSON_TYPE, 'Content-Length', length);
    return head;
  }
  if (!jsonTemplates) {
    const plain = answerHeaders({}, { requestId: '', path: '/' });
    jsonTemplates = { plain: [...plain, 'Content-Type', JSON_TYPE, 'Content-Length', ''], noStore: [...plain, 'Cache-Control', 'no-store', 'Content-Type', JSON_TYPE, 'Content-Length', ''] };
  }
  const head = (keptFromCaches(request, answer.path) ? jsonTemplates.noStore : jsonTemplates.plain).slice();
  head[1] = answer.requestId;
  head[head.length - 1] = length;
  return head;
}
