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
      connectSrc: ["'self'", 'ws:', 'wss:'],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
  strictTransportSecurity: false, // set by the TLS proxy in production, never on plain http
};

interface FixedHeaders {
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

/**
 * Security headers for the API and the web app: helmet's, copied onto each answer from the set worked out
 * on the first request rather than recomputed by helmet's dozen middlewares every time.
 */
export function securityHeaders(): Middleware {
  let pending: Promise<FixedHeaders> | undefined;
  let fixed: FixedHeaders | undefined;
  return async function securityHeadersOnAnswer(ctx: Context, next: Next) {
    fixed ??= await (pending ??= helmetHeaders());
    for (const [name, value] of fixed.set) ctx.set(name, value);
    for (const name of fixed.removed) ctx.remove(name);
    return next();
  };
}

/** CORS for the configured origins only (the shop and the dashboard are same-origin and need none). */
export function corsFor(origins: readonly string[]): Middleware {
  return cors({
    credentials: true,
    exposeHeaders: ['X-Request-Id', 'Retry-After'],
    origin: (ctx: Context) => {
      const origin = ctx.get('Origin');
      if (origins.includes('*')) return origin || '*';
      return origins.includes(origin) ? origin : '';
    },
  });
}
