// The fast lane: the shop's hottest public reads (the product sheet, a listing page, search, the category lists,
// the home page's shelves) answered straight from node:http, without Koa's context and middleware chain.
//
// Measured (issue 17, item 4): on the product sheet Koa's context, its eight middlewares and their promises cost
// about as much CPU as the read itself, so Kade served two thirds of what a plain node:http + pg server did with
// the same statement. A request takes the lane only when it is plain: one of those routes at its exact path (no
// query), GET without a body or POST with a JSON body of known length, no compressed body, and no origin that CORS
// must answer for. Everything else, and every other route, goes through Koa as before. An answer on the lane is the
// one Koa gives: the same envelope (ok, errorAnswer), the same headers (answer-headers.ts: request id, helmet's
// fixed set, `Vary: Origin`, `Cache-Control: no-store` for a caller's credentials), body parsing (strict JSON,
// prototype keys refused, as co-body's) and validation (the route's schema). Its handlers are given their body
// only (route.ts FastLaneRouteSpec).
// fast-lane.test.ts holds the two to the same answers, headers included.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseSafely } from '@hapi/bourne';
import type { Logger } from '../logger';
import { answerHeaders } from './answer-headers';
import { errorAnswer, logAnswer, ok, requestIdOf, type Envelope } from './envelope';
import { parseWith, type FastLaneRouteSpec, type RouteSpec } from './route';
import { allowedOriginFor, knownSecurityList } from './security';

/** Content types the lane reads as JSON (lowercased, spaces removed); any other goes to Koa. */
const JSON_TYPES = new Set(['application/json', 'application/json;charset=utf-8']);
/** As co-body's strict mode: a JSON body is an object or an array. */
const STRICT_JSON = /^[ \t\n\r]*[[{]/;
/** A content length as the lane takes it: digits only, no sign, no spaces. */
const LENGTH = /^\d{1,9}$/;

/** A body error as the body parser raises it, so that errorAnswer answers it the same way (400, not valid JSON). */
function badJson(): Error {
  return Object.assign(new SyntaxError('invalid JSON'), { status: 400 });
}

/** The caller went away before its body was all there: nothing to answer. */
const GONE = new Error('the request ended before its body');

/** The request's body as text; fails when the caller goes away before sending all of it. */
function readText(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let ended = false;
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      ended = true;
      resolve(chunks.length === 1 ? (chunks[0] as Buffer).toString('utf8') : Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', reject);
    req.on('close', () => {
      if (!ended) reject(GONE);
    });
  });
}

function parseJson(text: string): unknown {
  if (text === '') return {};
  if (!STRICT_JSON.test(text)) throw badJson();
  try {
    return parseSafely(text, { protoAction: 'error' }) as unknown;
  } catch {
    throw badJson();
  }
}

export interface FastLaneOptions {
  corsOrigins: readonly string[];
  bodyLimitKb: number;
  logger: Logger;
}

/**
 * The lane for these routes: a function that answers a plain request to one of the routes marked `fastLane` and
 * says true, or says false and leaves the request untouched for Koa.
 */
export function fastLane(routes: readonly RouteSpec[], options: FastLaneOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  const lanes = new Map<string, FastLaneRouteSpec>();
  for (const spec of routes) {
    if (!spec.fastLane) continue;
    for (const path of typeof spec.path === 'string' ? [spec.path] : spec.path) lanes.set(`${spec.method.toUpperCase()} ${path}`, spec);
  }
  const allowed = allowedOriginFor(options.corsOrigins);
  const limitBytes = options.bodyLimitKb * 1024;

  async function answer(req: IncomingMessage, res: ServerResponse, spec: FastLaneRouteSpec, started: number) {
    const requestId = requestIdOf(req.headers['x-request-id'] as string | undefined);
    const request = { requestId, method: req.method as string, path: req.url as string };
    let status: number;
    let envelope: Envelope;
    let retryAfter: number | undefined;
    try {
      const raw = req.method === 'GET' ? undefined : parseJson(await readText(req));
      const body = parseWith(spec.body, raw, 'body');
      // a fast-lane handler is given its body only (FastLaneRouteSpec)
      const result = await spec.handler({ body });
      status = result.status ?? 200;
      envelope = ok(result.data, result.message ?? '', result.extras);
    } catch (error) {
      if (error === GONE || res.destroyed) return;
      const failed = errorAnswer(error, options.logger, request);
      status = failed.status;
      envelope = failed.body;
      retryAfter = failed.retryAfterSeconds;
    }
    if (res.destroyed) return;
    const text = JSON.stringify(envelope);
    // the headers Koa's envelope sets (answerHeaders), then the body's, as one list of names and values (no header map to fill)
    const head = answerHeaders(req.headers, { requestId, path: request.path, retryAfterSeconds: retryAfter });
    head.push('Content-Type', 'application/json; charset=utf-8', 'Content-Length', String(Buffer.byteLength(text)));
    res.writeHead(status, head);
    res.end(text);
    logAnswer(options.logger, request, status, started);
  }

  return function takeFastLane(req, res) {
    const spec = lanes.get(`${req.method} ${req.url}`);
    if (!spec || !knownSecurityList()) return false;
    const headers = req.headers;
    if (headers['transfer-encoding'] !== undefined) return false;
    const encoding = headers['content-encoding'];
    if (encoding !== undefined && encoding.toLowerCase() !== 'identity') return false;
    if (headers.origin !== undefined && allowed(headers.origin) !== '') return false;
    const length = headers['content-length'];
    if (req.method === 'GET') {
      if (length !== undefined && length !== '0') return false;
    } else {
      if (length === undefined || !LENGTH.test(length) || Number(length) > limitBytes) return false;
      const type = headers['content-type'];
      if (type === undefined ? length !== '0' : !JSON_TYPES.has(type.toLowerCase().replace(/\s+/g, ''))) return false;
    }
    void answer(req, res, spec, performance.now()).catch((error: unknown) => {
      options.logger.error({ err: error, method: req.method, path: req.url }, 'the fast lane could not answer');
      res.destroy();
    });
    return true;
  };
}
