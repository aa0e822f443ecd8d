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
// only (route.ts FastLaneRouteSpec). A route with `kept` has its answers read from the read model kept as bytes
// (kept-answers.ts): the same path and body, while the model has not changed, are answered with them, before the
// body is parsed.
// fast-lane.test.ts holds the two to the same answers, headers included.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseSafely } from '@hapi/bourne';
import type { Logger } from '../logger';
import { jsonAnswerHeaders } from './answer-headers';
import { envelopeJson } from './json-text';
import { KeptAnswers } from './kept-answers';
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

function parseJson(text: string): unknown {
  if (text === '') return {};
  if (!STRICT_JSON.test(text)) throw badJson();
  try {
    return parseSafely(text, { protoAction: 'error' }) as unknown;
  } catch {
    throw badJson();
  }
}

/** A request as the lane logs it and answers its errors. */
interface Asked {
  requestId: string;
  method: string;
  path: string;
}

/** A worked-out answer: its status, envelope, and when to try again (429 and 503). */
interface Outcome {
  status: number;
  envelope: Envelope;
  retryAfter: number | undefined;
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
  // method, then path: no key put together per request
  const lanes = new Map<string, Map<string, FastLaneRouteSpec>>();
  for (const spec of routes) {
    if (!spec.fastLane) continue;
    const method = spec.method.toUpperCase();
    const paths = lanes.get(method) ?? new Map<string, FastLaneRouteSpec>();
    lanes.set(method, paths);
    for (const path of typeof spec.path === 'string' ? [spec.path] : spec.path) paths.set(path, spec);
  }
  const allowed = allowedOriginFor(options.corsOrigins);
  const limitBytes = options.bodyLimitKb * 1024;

  /**
   * A request the lane took: its body read (a GET has none), then answered. Callbacks rather than promises up to
   * the kept answer (profiled: a kept answer is sent in the turn its body ends, with no promise made for it); a
   * question not kept goes on in `compute`.
   */
  function take(req: IncomingMessage, res: ServerResponse, spec: FastLaneRouteSpec, started: number): void {
    const request: Asked = { requestId: requestIdOf(req.headers['x-request-id'] as string | undefined), method: req.method as string, path: req.url as string };
    if (req.method === 'GET') {
      answer(req, res, spec, request, started, '');
      return;
    }
    const chunks: Buffer[] = [];
    let done = false;
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (done) return;
      done = true;
      answer(req, res, spec, request, started, chunks.length === 1 ? (chunks[0] as Buffer).toString('utf8') : Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', (error: unknown) => {
      if (done) return;
      done = true;
      if (!res.destroyed) guarded(req, res, () => finish(req, res, spec, request, started, failure(error, request), undefined));
    });
    // the caller went away before its body was all there: nothing to answer
    req.on('close', () => {
      done = true;
    });
  }

  /** The answer to a question whose body is `text`: the bytes kept for it, else worked out (`compute`). */
  function answer(req: IncomingMessage, res: ServerResponse, spec: FastLaneRouteSpec, request: Asked, started: number, text: string): void {
    guarded(req, res, () => {
      let key: string | undefined;
      if (spec.kept) {
        // the same question answered from the same read model: the bytes sent last time (kept-answers.ts)
        key = KeptAnswers.keyOf(request.path, text);
        const kept = spec.kept.get(key);
        if (kept) {
          if (res.destroyed) return;
          send(req, res, 200, request, undefined, kept.body, kept.length);
          logAnswer(options.logger, request, 200, started);
          return;
        }
      }
      void compute(req, res, spec, request, started, text, key).catch((error: unknown) => couldNotAnswer(req, res, error));
    });
  }

  async function compute(req: IncomingMessage, res: ServerResponse, spec: FastLaneRouteSpec, request: Asked, started: number, text: string, key: string | undefined) {
    let outcome: Outcome;
    let readAt: number | undefined;
    let holds: readonly string[] = [];
    try {
      const raw = req.method === 'GET' ? undefined : parseJson(text);
      const body = parseWith(spec.body, raw, 'body');
      // a fast-lane handler is given its body only (FastLaneRouteSpec)
      const result = await spec.handler({ body });
      outcome = { status: result.status ?? 200, envelope: ok(result.data, result.message ?? '', result.extras), retryAfter: undefined };
      readAt = result.readAt;
      holds = result.holds ?? [];
    } catch (error) {
      if (res.destroyed) return;
      outcome = failure(error, request);
    }
    finish(req, res, spec, request, started, outcome, outcome.status === 200 && readAt !== undefined ? key : undefined, readAt, holds);
  }

  function failure(error: unknown, request: Asked): Outcome {
    const failed = errorAnswer(error, options.logger, request);
    return { status: failed.status, envelope: failed.body, retryAfter: failed.retryAfterSeconds };
  }

  /**
   * Sends a worked-out answer; a 200 read from the model at `readAt` is kept under `keepAs`, with `holds`, the
   * products and variations whose stock it shows.
   */
  function finish(
    req: IncomingMessage,
    res: ServerResponse,
    spec: FastLaneRouteSpec,
    request: Asked,
    started: number,
    outcome: Outcome,
    keepAs: string | undefined,
    readAt?: number,
    holds: readonly string[] = [],
  ) {
    if (res.destroyed) return;
    // the read model's products from the JSON kept beside them (json-text.ts): the bytes JSON.stringify writes
    const text = envelopeJson(outcome.envelope);
    if (keepAs !== undefined && readAt !== undefined && spec.kept) {
      const bytes = KeptAnswers.bytesOf(text);
      spec.kept.keep(keepAs, bytes, readAt, holds);
      send(req, res, outcome.status, request, outcome.retryAfter, bytes, String(bytes.length));
    } else {
      send(req, res, outcome.status, request, outcome.retryAfter, text, String(Buffer.byteLength(text)));
    }
    logAnswer(options.logger, request, outcome.status, started);
  }

  /** Writes an answer: the headers Koa's envelope sets (answer-headers.ts), then the body's, as one list of names and values. */
  function send(req: IncomingMessage, res: ServerResponse, status: number, request: Asked, retryAfterSeconds: number | undefined, body: string | Buffer, length: string) {
    res.writeHead(status, jsonAnswerHeaders(req.headers, { requestId: request.requestId, path: request.path, retryAfterSeconds }, length));
    res.end(body);
  }

  /** Runs a step of the lane outside a promise: what it throws is logged and the connection closed, as Koa's would be. */
  function guarded(req: IncomingMessage, res: ServerResponse, step: () => void): void {
    try {
      step();
    } catch (error) {
      couldNotAnswer(req, res, error);
    }
  }

  function couldNotAnswer(req: IncomingMessage, res: ServerResponse, error: unknown): void {
    options.logger.error({ err: error, method: req.method, path: req.url }, 'the fast lane could not answer');
    res.destroy();
  }

  return function takeFastLane(req, res) {
    const spec = lanes.get(req.method as string)?.get(req.url as string);
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
      // the usual type as it is, any other written otherwise (case, spaces) as the parser would read it
      if (type === undefined ? length !== '0' : !JSON_TYPES.has(type) && !JSON_TYPES.has(type.toLowerCase().replace(/\s+/g, ''))) return false;
    }
    take(req, res, spec, performance.now());
    return true;
  };
}
