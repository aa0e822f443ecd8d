import cors from '@koa/cors';
import helmet from 'koa-helmet';
import type { Context, Middleware, Next } from 'koa';

/** helmet's options: the SPA is served from our own origin. */
const HELMET_OPTIONS: Parameters<typeof helmet>[0] = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      // react-hot-toast injects its styles at run time
      styleSrc: ["'self'", "'unsafe-inline'"],
      // 'self' covers the shop's own ws:/wss: origin (CSP Level 3); a bare ws:/wss: let a page talk to any host
      connectSrc: ["'self'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
  strictTransportSecurity: false, // set by the TLS proxy in production, never on plain http
};

export interface FixedHeaders {
  set: Array<[string, string | string[]]>;
  removed: string[];
}

/**
 * What helmet does to an answer with our options, worked out once by running it on a stand-in response:
 * none of our directives depends on the request (no nonce, no function), so every answer gets the same.
 */
async function helmetHeaders(): Promise<FixedHeaders> {
  const set = new Map<string, string | string[]>();
  const removed = new Set<string>();
  const res = {
    setHeader: (name: string, value: unknown) => {
      set.set(name, Array.isArray(value) ? value.map(String) : String(value));
      removed.delete(name.toLowerCase());
    },
    removeHeader: (name: string) => {
      set.delete(name);
      removed.add(name.toLowerCase());
    },
    getHeader: (name: string) => set.get(name),
  };
  const middleware = helmet(HELMET_OPTIONS) as Middleware;
  await middleware({ req: { headers: {}, method: 'GET', url: '/' }, res } as unknown as Context, async () => undefined);
  return { set: [...set], removed: [...removed] };
}

let pendingHeaders: Promise<FixedHeaders> | undefined;
let knownHeaders: FixedHeaders | undefined;

/** helmet's headers for every answer, worked out once per process (helmetHeaders). */
export function fixedSecurityHeaders(): Promise<FixedHeaders> {
  pendingHeaders ??= helmetHeaders().then((headers) => (knownHeaders = headers));
  return pendingHeaders;
}

/** The fixed security headers when they have been worked out, else undefined (and they are being worked out). */
export function knownSecurityHeaders(): FixedHeaders | undefined {
  if (!knownHeaders) void fixedSecurityHeaders();
  return knownHeaders;
}

let knownList: string[] | undefined;

/**
 * helmet's headers as one list of names and values (a header helmet gives several values appears once per value),
 * when they have been worked out, else undefined (and they are being worked out). What helmet removes
 * (X-Powered-By) neither Node nor Koa sets. answer-headers.ts puts them on every answer, on both paths.
 */
export function knownSecurityList(): readonly string[] | undefined {
  if (knownList) return knownList;
  const fixed = knownSecurityHeaders();
  if (!fixed) return undefined;
  knownList = fixed.set.flatMap(([name, value]) => (Array.isArray(value) ? value.flatMap((one) => [name, one]) : [name, value]));
  return knownList;
}

/** The origin a request may be answered for with CORS headers ('' for none): one of the configured, or any with '*'. */
export function allowedOriginFor(origins: readonly string[]): (origin: string) => string {
  return (origin) => {
    if (origins.includes('*')) return origin || '*';
    return origins.includes(origin) ? origin : '';
  };
}

/**
 * CORS for the configured origins only (the shop and the dashboard are same-origin and need none). A request
 * whose origin is not allowed (a same-origin call sends none) passes on without @koa/cors' async steps, its answer
 * getting only `Vary: Origin` as @koa/cors gives it (with every answer's headers, answer-headers.ts); an allowed one
 * goes through @koa/cors.
 */
export function corsFor(origins: readonly string[]): Middleware {
  const allowed = allowedOriginFor(origins);
  const allowedOrigin = (ctx: Context): string => allowed(ctx.get('Origin'));
  const withCors = cors({ credentials: true, exposeHeaders: ['X-Request-Id', 'Retry-After'], origin: allowedOrigin });
  return function corsForOrigin(ctx: Context, next: Next) {
    if (allowedOrigin(ctx) !== '') return withCors(ctx, next);
    return next();
  };
}
