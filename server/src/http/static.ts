import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import send from 'koa-send';
import type { Context, Next } from 'koa';
import { BOOT_ELEMENT_ID } from '@kade/shared';
import { escapeHtml, firstPaintHtml, type FirstPaint } from './first-paint';

const gzipAsync = promisify(gzip);

const HASHED = /^\/assets\//;

/** Paths the web app never answers: the API, stored files and Socket.IO. */
function notForWebApp(pathname: string): boolean {
  return pathname.startsWith('/api/') || pathname.startsWith('/files/') || pathname.startsWith('/socket.io');
}

/**
 * Serves the built shop-web: hashed files under /assets for a year, everything else revalidated, and
 * index.html for any other GET that is not an API or file route (the SPA's own routes).
 */
export interface WebAppOptions {
  /**
   * What the page needs first, written into index.html as JSON (never run as a script, so the CSP holds) so
   * the app renders without asking for it: the shop's settings, and on the home page its shelves. Called for
   * every page the SPA serves; when it fails the page is sent without it and the app asks as before.
   */
  bootData?: (ctx: Context) => Promise<BootPage | undefined>;
  /** Told when bootData fails (the page still goes out). */
  onBootError?: (error: unknown) => void;
}

/** What a page goes out with: its boot data, and the pictures its first screen shows (preloaded from the head). */
export interface BootPage {
  data: object;
  /** Images the browser should fetch at once, as the page's <img> asks for them (same srcset and sizes). */
  images?: ReadonlyArray<{ href: string; srcset?: string | undefined; sizes?: string | undefined }>;
  /**
   * The scripts the first screen will import once the entry has run, named in the head (modulepreload) so they
   * come beside the entry: the page's own (the home page's, a listing's, the search page's), and the shopper's
   * language catalogue, and their style sheets (preloaded, not applied). Looked up in the build's first-modules.json;
   * a build without it (or a name it lacks) adds nothing.
   */
  scripts?: { page?: FirstScreen | undefined; language?: string };
  /** The home page's header frame and banner, drawn inside #root before the script has run (first-paint.ts). */
  firstPaint?: FirstPaint;
}

/** The shop's pages whose own scripts the build lists (shop-web/vite.config.ts FIRST_SCREENS). */
export type FirstScreen = 'home' | 'listing' | 'search';

/** first-modules.json as the web build writes it (shop-web/vite.config.ts). */
type FirstModules = { [page in FirstScreen]?: string[] } & { languages?: Record<string, string[]> };

/** The build's own script and style files for a page (only hashed files under /assets/ are ever named). */
function scriptsFor(first: FirstModules, wanted: BootPage['scripts']): string[] {
  const files = [...(wanted?.page ? (first[wanted.page] ?? []) : []), ...(wanted?.language ? (first.languages?.[wanted.language] ?? []) : [])];
  return files.filter((file) => typeof file === 'string' && /^\/assets\/[\w.-]+\.(js|css)$/.test(file));
}

/** JSON safe inside an HTML <script> element: no `</script>`, `<!--` or line separators can end or bend it. */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The build's index.html and first-modules.json, read again only when index.html changes (a new build under a
 * running server writes both): one stat a page. A build without first-modules.json, or with one that does not
 * parse, names no scripts.
 */
function buildReader(root: string) {
  const index = path.join(root, 'index.html');
  let cached: { mtimeMs: number; html: string; first: FirstModules } | undefined;
  return async (): Promise<{ html: string; first: FirstModules }> => {
    const { mtimeMs } = await stat(index);
    if (cached?.mtimeMs !== mtimeMs) {
      const [html, first] = await Promise.all([
        readFile(index, 'utf8'),
        readFile(path.join(root, 'first-modules.json'), 'utf8')
          .then((text) => JSON.parse(text) as FirstModules)
          .catch((): FirstModules => ({})),
      ]);
      cached = { mtimeMs, html, first };
    }
    return cached;
  };
}

/** Sends index.html with the boot data in its head, compressed when the browser takes gzip. */
async function sendIndexWithBoot(ctx: Context, html: string, boot: BootPage, scripts: readonly string[]): Promise<void> {
  // a lazy chunk's style sheet is fetched, not applied: the app's loader adds it (crossorigin, as here) before the
  // chunk runs, and finds it already here
  const modules = scripts.map((file) =>
    file.endsWith('.css') ? `<link rel="preload" as="style" crossorigin href="${escapeHtml(file)}">` : `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}">`,
  );
  const preloads = (boot.images ?? []).map(
    (image) =>
      `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(image.href)}"` +
      (image.srcset ? ` imagesrcset="${escapeHtml(image.srcset)}"` : '') +
      (image.sizes ? ` imagesizes="${escapeHtml(image.sizes)}"` : '') +
      '>',
  );
  // the pictures before the head's first script (after the style sheet): over HTTP/1.1's six connections the
  // banner otherwise waited behind the ~20 scripts the head names
  const firstScript = html.indexOf('<script');
  const early = firstScript >= 0 && firstScript < html.indexOf('</head>');
  const withPictures = early ? `${html.slice(0, firstScript)}${preloads.join('')}${html.slice(firstScript)}` : html;
  const element = `${modules.join('')}${early ? '' : preloads.join('')}<script type="application/json" id="${BOOT_ELEMENT_ID}">${jsonForHtml(boot.data)}</script>`;
  // in the head when there is one; else at the end (read by id once the document is parsed)
  const withHead = withPictures.includes('</head>') ? withPictures.replace('</head>', `${element}</head>`) : `${withPictures}${element}`;
  const page = boot.firstPaint ? withHead.replace('<div id="root"></div>', `<div id="root">${firstPaintHtml(boot.firstPaint)}</div>`) : withHead;
  ctx.type = 'text/html; charset=utf-8';
  ctx.vary('Accept-Encoding');
  if (ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = await gzipAsync(page);
  } else {
    ctx.body = page;
  }
}

export function webApp(distDir: string, options: WebAppOptions = {}) {
  const root = path.resolve(distDir);
  const readBuild = buildReader(root);
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
    // the page carries this moment's settings (and shelves): never kept by a cache without asking again
    ctx.set('Cache-Control', 'no-cache');
    if (options.bootData) {
      let boot: BootPage | undefined;
      try {
        boot = await options.bootData(ctx);
      } catch (error) {
        options.onBootError?.(error);
      }
      if (boot) {
        const { html, first } = await readBuild();
        await sendIndexWithBoot(ctx, html, boot, boot.scripts ? scriptsFor(first, boot.scripts) : []);
        return;
      }
    }
    await send(ctx, 'index.html', { root });
    ctx.vary('Accept-Encoding');
    ctx.set('Cache-Control', 'no-cache');
  };
}
