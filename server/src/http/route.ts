import type Router from '@koa/router';
import type { Context, Middleware, Next } from 'koa';
import type { z } from 'zod';
import {
  can,
  parseRequest,
  pathsOf,
  PERMISSION_NAMES,
  schemaOf,
  type Access,
  type AnswerOf,
  type Endpoint,
  type ExtrasOf,
  type HttpMethod,
  type ParsedBodyOf,
  type ParsedQueryOf,
} from '@kade/shared';
import { AppError, forbidden, unauthorized } from './errors';
import { ok, type EnvelopeExtras } from './envelope';
import type { KeptAnswers } from './kept-answers';
import type { AuthUser } from '../auth/caller';

/**
 * Who may call a route: anyone, any signed-in account (acting on what is its own), or a named permission of
 * `@kade/shared`'s role table. Every endpoint must say (ENDPOINTS); one that does not is refused at start.
 */
export type { Access };

export type { AuthUser };

export interface Handled<T, X = unknown> {
  data: T;
  message?: string;
  status?: number;
  /** Top-level fields beside `data` (e.g. a paged list's counts), as the endpoint declares them. */
  extras?: EnvelopeExtras & X;
  /** A file to download instead of the envelope (the day's report as CSV): its type, name and text. */
  file?: { contentType: string; fileName: string; body: string };
  /**
   * The read model's version this answer was read at (shop-service.ts `Read`): on a route with `kept`, the fast lane
   * keeps a 200 answer's bytes until the version moves on (kept-answers.ts). Never part of the answer.
   */
  readAt?: number | undefined;
  /** With `readAt`: the ids of the products and variations whose stock the answer shows (kept-answers.ts). */
  holds?: readonly string[];
}

interface RouteCommon<B, Q> {
  /** The declaration this route answers (`ENDPOINTS` of @kade/shared): everything below comes from it. */
  endpoint: Endpoint;
  method: HttpMethod;
  /** One path, or the path and its aliases (e.g. the spec's misspelt product route and the right spelling). */
  path: string | readonly string[];
  access: Access;
  body?: z.ZodType<B>;
  query?: z.ZodType<Q>;
  /** Set when the handler reads the raw request (uploads): the JSON body parser leaves it alone. */
  raw?: boolean;
}

/** A route Koa answers: its handler gets the context, the parsed body and query, and the caller. */
export interface KoaRouteSpec<B = unknown, Q = unknown> extends RouteCommon<B, Q> {
  fastLane?: false;
  handler(input: { ctx: Context; body: B; query: Q; user: AuthUser | undefined }): Promise<Handled<unknown>>;
}

/** What a fast-lane route's handler is given: its parsed body, and nothing else (no context, no caller). */
export interface FastLaneInput<B> {
  body: B;
}

/**
 * A hot public read answered on the fast lane (fast-lane.ts) when the request is plain, without Koa, and by Koa
 * otherwise. Its handler's type gives it nothing but `body`, so it cannot depend on a context or a caller the lane
 * never has. Public, with no raw body and no query (mountRoutes refuses such a route at start).
 */
export interface FastLaneRouteSpec<B = unknown> extends RouteCommon<B, undefined> {
  fastLane: true;
  access: 'public';
  query?: undefined;
  raw?: false;
  /** Where the lane keeps this route's answers that say which version of the read model they were read at. */
  kept?: KeptAnswers;
  handler(input: FastLaneInput<B>): Promise<Handled<unknown>>;
}

export type RouteSpec<B = unknown, Q = unknown> = KoaRouteSpec<B, Q> | FastLaneRouteSpec<B>;

/** What a handler of endpoint E answers: its declared `data` and the fields it declares beside it. */
export type HandledOf<E extends Endpoint> = Handled<AnswerOf<E>, ExtrasOf<E>>;

/** The handler of a route Koa answers, typed from its endpoint. */
export type KoaHandler<E extends Endpoint> = (input: { ctx: Context; body: ParsedBodyOf<E>; query: ParsedQueryOf<E>; user: AuthUser | undefined }) => Promise<HandledOf<E>>;

/** What the fast lane takes: a public endpoint with no query and no upload. */
export type FastLaneEndpoint = Endpoint & { readonly access: 'public'; readonly query?: undefined; readonly upload?: undefined };

/** How a route goes on the fast lane: `kept`, where the lane keeps its answers' bytes (kept-answers.ts). */
export interface FastLaneChoice {
  fastLane: true;
  kept?: KeptAnswers | undefined;
}

/** The handler of a fast-lane route: its parsed body only. */
export type FastLaneHandler<E extends Endpoint> = (input: FastLaneInput<ParsedBodyOf<E>>) => Promise<HandledOf<E>>;

/**
 * The route answering an endpoint of `ENDPOINTS`: method, path, access, schemas and upload come from the
 * declaration; the handler's answer is checked against the declared one. `{ fastLane: true }` (a server-side
 * choice) puts a public read on the fast lane; with `kept`, the lane keeps the bytes of its answers read from the
 * read model (those whose handler says `readAt`).
 */
export function route<E extends Endpoint>(endpoint: E, handler: KoaHandler<E>): RouteSpec;
export function route<E extends FastLaneEndpoint>(endpoint: E, options: FastLaneChoice, handler: FastLaneHandler<E>): RouteSpec;
export function route<E extends Endpoint>(endpoint: E, ...rest: [KoaHandler<E>] | [FastLaneChoice, FastLaneHandler<E & FastLaneEndpoint>]): RouteSpec {
  const paths = pathsOf(endpoint);
  const common = {
    endpoint,
    method: endpoint.method,
    path: paths.length === 1 ? endpoint.path : paths,
    access: endpoint.access,
    ...(endpoint.body ? { body: schemaOf(endpoint.body) } : {}),
    ...(endpoint.query ? { query: schemaOf(endpoint.query) } : {}),
    ...(endpoint.upload ? { raw: true } : {}),
  };
  const spec = rest.length === 1 ? { ...common, handler: rest[0] } : { ...common, fastLane: rest[0].fastLane, ...(rest[0].kept ? { kept: rest[0].kept } : {}), handler: rest[1] };
  return spec as unknown as RouteSpec;
}

const ACCESS: readonly Access[] = ['public', 'user', ...PERMISSION_NAMES];

export function parseWith<T>(schema: z.ZodType<T> | undefined, value: unknown, where: 'body' | 'query'): T {
  if (!schema) return undefined as T;
  const result = parseRequest(schema, value ?? {});
  if (result.success) return result.data;
  const { message, field, rule } = result.error;
  // the rule ('tooLong' and its max …) lets a screen in Sinhala or Tamil say it in the shopper's language
  throw new AppError('VALIDATION', message, { field: field ?? where, details: { ...rule } });
}

/**
 * The one request pipeline (after Ghost's): check who is calling, validate the body and query with the
 * shared schemas, call the handler, wrap its answer in the envelope.
 */
function pipelineOf(spec: RouteSpec): Middleware {
  return async function routePipeline(ctx: Context) {
    const user = ctx.state.user as AuthUser | undefined;
    if (spec.access !== 'public' && !user) throw (ctx.state.authError as Error | undefined) ?? unauthorized();
    if (spec.access !== 'public' && spec.access !== 'user' && !can(user?.role, spec.access)) throw forbidden();
    const body = parseWith(spec.body, (ctx.request as { body?: unknown }).body, 'body');
    // ctx.query parses the query string: only for a route that reads one
    const query = parseWith(spec.query, spec.query ? ctx.query : undefined, 'query');
    const result = await (spec.fastLane ? spec.handler({ body }) : spec.handler({ ctx, body, query, user }));
    ctx.status = result.status ?? 200;
    if (result.file) {
      ctx.attachment(result.file.fileName);
      ctx.type = result.file.contentType;
      ctx.body = result.file.body;
      return;
    }
    ctx.body = ok(result.data, result.message ?? '', result.extras);
  };
}

/**
 * Mounts every route on the router and answers the middleware that dispatches to them. A request whose method and
 * path are exactly a fixed path's (every API path today) goes straight to its pipeline from a table; anything else (HEAD for a GET, a trailing slash, other letter case, no route at all) goes through the
 * router as before, which also answers 405 and 501. The router tests each of its ~90 patterns on every request
 * it sees (and reads the forwarded host first): the table spares the shop's calls that.
 */
export function mountRoutes(router: Router, routes: readonly RouteSpec[]): Middleware {
  const exact = new Map<string, Middleware>();
  const mounted = new Set<Endpoint>();
  for (const spec of routes) {
    const paths = typeof spec.path === 'string' ? [spec.path] : [...spec.path];
    // FastLaneRouteSpec's type refuses these; a route put together around route() (a cast) is refused here
    const declared: { fastLane?: boolean; access: Access; raw?: boolean; query?: unknown; endpoint?: Endpoint } = spec;
    if (declared.fastLane && (declared.access !== 'public' || declared.raw || declared.query)) {
      throw new Error(`Route ${spec.method.toUpperCase()} ${paths.join(', ')} is on the fast lane: it must be public, with no raw body and no query.`);
    }
    if (!ACCESS.includes(spec.access)) {
      throw new Error(`Route ${spec.method.toUpperCase()} ${paths.join(', ')} declares no access rule: say who may call it.`);
    }
    // a route put together without route() (a cast) names no declaration: nothing would keep clients in step with it
    if (!declared.endpoint) {
      throw new Error(`Route ${spec.method.toUpperCase()} ${paths.join(', ')} answers no endpoint: declare it in ENDPOINTS (@kade/shared) and mount it with route(endpoint, handler).`);
    }
    if (mounted.has(declared.endpoint)) {
      throw new Error(`Route ${spec.method.toUpperCase()} ${paths.join(', ')} is mounted twice: one endpoint, one route.`);
    }
    mounted.add(declared.endpoint);
    const pipeline = pipelineOf(spec);
    for (const path of paths) {
      router[spec.method](path, pipeline);
      // a pattern (':id', '*', '(…)') is matched by the router alone, which also sets its ctx.params
      if (!/[:*(]/.test(path)) exact.set(`${spec.method.toUpperCase()} ${path}`, pipeline);
    }
  }
  // the router's own middleware adds `params` and `router` to the context it is given: any Koa context will do
  const viaRouter = router.routes() as unknown as Middleware;
  return function dispatchRoute(ctx: Context, next: Next) {
    const pipeline = exact.get(`${ctx.method} ${ctx.path}`);
    return pipeline ? pipeline(ctx, next) : viaRouter(ctx, next);
  };
}

/** Every declared route as `METHOD path access`, for the authorization table test. */
export function describeRoutes(routes: readonly RouteSpec[]): Array<{ method: string; path: string; access: Access }> {
  return routes.flatMap((r) =>
    (typeof r.path === 'string' ? [r.path] : [...r.path]).map((path) => ({ method: r.method.toUpperCase(), path, access: r.access })),
  );
}
