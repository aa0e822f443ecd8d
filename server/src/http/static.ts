import { existsSync } from 'node:fs';
import path from 'node:path';
import send from 'koa-send';
import type { Context, Next } from 'koa';

const HASHED = /^\/assets\//;

/** Paths the web app never answers: the API, stored files and Socket.IO. */
function notForWebApp(pathname: string): boolean {
  return pathname.startsWith('/api/') || pathname.startsWith('/files/') || pathname.startsWith('/socket.io');
}

/**
 * Serves the built shop-web: hashed files under /assets for a year, everything else revalidated, and
 * index.html for any other GET that is not an API or file route (the SPA's own routes).
 */
export function webApp(distDir: string) {
  const root = path.resolve(distDir);
  return async function serveWebApp(ctx: Context, next: Next) {
    // Requests it can never answer pass straight through, without waiting on the rest of the pipeline.
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || notForWebApp(ctx.path)) return next();
    await next();
    if (ctx.body != null || ctx.status !== 404) return;
    if (!existsSync(path.join(root, 'index.html'))) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The web app is not built yet: run npm run build (npm start does it for you).';
      return;
    }
    const file = decodeURIComponent(ctx.path);
    const isAsset = HASHED.test(file);
    try {
      if (file !== '/' && !file.endsWith('/') && existsSync(path.join(root, path.normalize(file)))) {
        await send(ctx, file, {
          root,
          maxage: isAsset ? 365 * 24 * 3600 * 1000 : 0,
          immutable: isAsset,
          // the build writes .br and .gz copies of its text files (shop-web/vite.config.ts): sent when accepted
          gzip: true,
          brotli: true,
        });
        ctx.vary('Accept-Encoding');
        ctx.set('Cache-Control', isAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
        return;
      }
    } catch {
      // fall through to the SPA
    }
    if (isAsset) return; // a missing hashed asset is a real 404, not the app
    await send(ctx, 'index.html', { root });
    ctx.vary('Accept-Encoding');
    ctx.set('Cache-Control', 'no-cache');
  };
}
