import cors from '@koa/cors';
import helmet from 'koa-helmet';
import type { Context, Middleware } from 'koa';

/** Security headers for the API and the web app. The SPA is served from our own origin. */
export function securityHeaders(): Middleware {
  return helmet({
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
  }) as Middleware;
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
