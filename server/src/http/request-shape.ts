import { bodyParser } from '@koa/bodyparser';
import type { Context, Next } from 'koa';
import { AppError } from './errors';

// What a request must look like before anything reads it: a path that decodes, and a body that is JSON.

/**
 * Refuses a path whose %-escapes do not decode ('/%', '/%E0%A4%A'): every later step (the web app's files,
 * the stored files, the router) may then decode it without failing.
 */
export function wellFormedPath() {
  // a plain function, not async: it adds no promise to the requests it lets through
  return function checkPath(ctx: Context, next: Next) {
    try {
      decodeURIComponent(ctx.path);
    } catch {
      throw new AppError('BAD_PATH', 'The address holds a broken %-escape. Check the link and try again.', { field: 'path' });
    }
    return next();
  };
}

/** Methods that change something: they may carry a body, and it must be JSON. */
const BODY_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];
const JSON_TYPE = 'application/json';

/**
 * Whether a request with no content type carries body bytes: by its declared length, or, for a chunked body
 * (node's http.request sends a bodiless POST that way), by reading it. Such a body is never parsed, so
 * reading it loses nothing; reading stops at the first byte.
 */
function carriesBytes(ctx: Context): Promise<boolean> {
  const length = ctx.get('content-length');
  if (length !== '') return Promise.resolve(Number(length) > 0);
  if (ctx.get('transfer-encoding') === '') return Promise.resolve(false);
  const req = ctx.req;
  return new Promise((resolve, reject) => {
    const settle = (outcome: () => void) => {
      req.off('data', onData).off('end', onEnd).off('error', onError);
      outcome();
    };
    const onData = (chunk: Buffer) => {
      if (chunk.length > 0) settle(() => resolve(true));
    };
    const onEnd = () => settle(() => resolve(false));
    const onError = (error: Error) => settle(() => reject(error));
    req.on('data', onData).on('end', onEnd).on('error', onError);
  });
}

/**
 * The body of every call that changes something is JSON, or nothing. A browser lets any site post a form
 * (application/x-www-form-urlencoded, multipart/form-data or text/plain) with the shopper's cookies and
 * without asking; only a script on our own origin (or one CORS allows) can send application/json. So any
 * other content type, or body bytes with none, answers 415 before the route runs. A call with no body and
 * no content type (refresh-token) goes through. `rawPaths` are the routes that read the request themselves
 * (uploads: multipart, checked by ./upload.ts).
 */
export function jsonBodies(options: { rawPaths: ReadonlySet<string>; limitKb: number }) {
  const parser = bodyParser({
    enableTypes: ['json'],
    parsedMethods: BODY_METHODS,
    jsonLimit: `${options.limitKb}kb`,
    onError: (error) => {
      throw error; // raw-body's 413 and the JSON parser's 400 carry their status; the envelope words them
    },
  });
  const unsupported = () => new AppError('UNSUPPORTED_MEDIA_TYPE', `Send the request body as JSON (Content-Type: ${JSON_TYPE}).`, { field: 'content-type' });
  // Not async: GET and HEAD, which carry no body to parse, pass straight on, and a JSON body goes to the parser
  // without a promise of this function's own.
  return function parseJsonBody(ctx: Context, next: Next) {
    if (!BODY_METHODS.includes(ctx.method) || options.rawPaths.has(ctx.path)) return next();
    if (ctx.get('content-type') === '') {
      return carriesBytes(ctx).then((bytes) => {
        if (bytes) throw unsupported();
        return parser(ctx, next);
      });
    }
    if (ctx.request.type.trim().toLowerCase() !== JSON_TYPE) throw unsupported();
    return parser(ctx, next);
  };
}
