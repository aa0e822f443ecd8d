import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { SCRIPT_FACES, SCRIPT_FONT_WEIGHTS } from './src/i18n/script-fonts.ts';

const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt)$/;

/**
 * Writes a .gz and a .br copy beside every text file of the build (over 1 KB), compressed once at the
 * highest level, so the server sends compressed files without compressing on each request (a phone on a
 * slow network downloads about a third of the bytes).
 */
function precompress(): Plugin {
  return {
    name: 'kade-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const name of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(name)) continue;
        const file = path.join(dir, name);
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

const SCRIPT_FONTS_CSS = 'virtual:script-fonts.css';

/**
 * `virtual:script-fonts.css`: Sinhala and Tamil for phones that lack them (the delivery banner, the checkout's Tamil
 * notes, product names). One @font-face per face of src/i18n/script-fonts.ts and weight, its file the script subset
 * from the face's @fontsource package and its unicode-range that package's own for the subset (unicode.json): a
 * browser downloads a file only when a character of that script is on screen, and the body's font list names these
 * first (app/styles.css), which leaves every other letter to the system fonts. The packages' ready-made CSS does not
 * fit: their per-subset files carry no unicode-range, and their per-weight files add Latin subsets that would draw
 * every page's Latin text. No local() source: every phone draws the same glyphs. `swap` (issue 21): text is never
 * held blank while a face downloads; a shopper reading Sinhala or Tamil has the face fetched at start
 * (warmScriptFont), so their first screen is drawn with it, and English pages swap it in for the banner's few words.
 */
function scriptFonts(): Plugin {
  const resolved = `\0${SCRIPT_FONTS_CSS}`;
  const require = createRequire(import.meta.url);
  return {
    name: 'kade-script-fonts',
    resolveId: (id) => (id === SCRIPT_FONTS_CSS ? resolved : undefined),
    load(id) {
      if (id !== resolved) return undefined;
      const rules = Object.values(SCRIPT_FACES).flatMap(({ family, fontsource, subset }) => {
        const ranges = JSON.parse(readFileSync(require.resolve(`@fontsource/${fontsource}/unicode.json`), 'utf8')) as Record<string, string>;
        if (!ranges[subset]) throw new Error(`@fontsource/${fontsource} has no ${subset} subset`);
        return SCRIPT_FONT_WEIGHTS.map((weight) =>
          [
            `@font-face {`,
            `  font-family: '${family}';`,
            `  font-style: normal;`,
            `  font-display: swap;`,
            `  font-weight: ${weight};`,
            `  src: url('@fontsource/${fontsource}/files/${fontsource}-${subset}-${weight}-normal.woff2') format('woff2');`,
            `  unicode-range: ${ranges[subset]};`,
            `}`,
          ].join('\n'),
        );
      });
      return rules.join('\n');
    },
  };
}

/** The file the server reads to name, in a page's head, the scripts its first screen will ask for. */
export const FIRST_MODULES_FILE = 'first-modules.json';

/** The shop's first screens whose lazy chunk the server names in the page's head, by the page's name there. */
const FIRST_SCREENS = {
  home: '/src/features/catalogue/components/home-page.tsx',
  listing: '/src/features/catalogue/components/listing-page.tsx',
  search: '/src/features/search/components/search-page.tsx',
} as const;

/**
 * The screens a shopper needs with no network (issue 37 item 5): browsing, the cart, the checkout and the account
 * menu. Their chunks are listed in first-modules.json (`offline`) for the page to have the service worker keep them
 * (src/app/offline-screens.ts).
 */
const OFFLINE_SCREENS = [
  '/src/features/catalogue/components/home-page.tsx',
  '/src/features/catalogue/components/listing-page.tsx',
  '/src/features/catalogue/components/product-sheet.tsx',
  '/src/features/search/components/search-page.tsx',
  '/src/features/cart/components/cart-page.tsx',
  '/src/features/checkout/components/checkout-address-page.tsx',
  '/src/features/checkout/components/checkout-payment-page.tsx',
  '/src/features/checkout/components/success-page.tsx',
  '/src/features/account/components/user-menu-page.tsx',
] as const;

/**
 * Writes first-modules.json: for the home page, a listing and the search page, and for each language's catalogue,
 * the script files the app imports once the entry has run (a lazy chunk and the static imports the entry does not
 * already have), then those scripts' style sheets. The server names them in the page's head (modulepreload links,
 * and style preloads), so a phone fetches them beside the entry instead of one or two round trips after it
 * (server/src/http/static.ts). `offline`: the same for OFFLINE_SCREENS, together.
 */
function firstModules(): Plugin {
  return {
    name: 'kade-first-modules',
    apply: 'build',
    // Once written: Vite drops the chunks that held only a style sheet (two screens sharing checkout.css made one)
    // after generateBundle, though other chunks' `imports` still name them; only files written are listed.
    writeBundle(options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) return;
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (file: string, seen: Set<string>): void => {
        if (seen.has(file)) return;
        seen.add(file);
        for (const imported of byFile.get(file)?.imports ?? []) if (byFile.has(imported)) closure(imported, seen);
      };
      const inEntry = new Set<string>();
      closure(entry.fileName, inEntry);
      const firstOf = (test: (id: string) => boolean): string[] => {
        const chunk = chunks.find((each) => each.facadeModuleId !== null && test(each.facadeModuleId.replace(/\\/g, '/')));
        if (!chunk) throw new Error('first-modules: a lazy chunk the server preloads was not found in the build');
        const files = new Set<string>();
        closure(chunk.fileName, files);
        const scripts = [...files].filter((file) => !inEntry.has(file));
        // and their style sheets, which Vite's loader asks for (and waits on) before the chunk runs
        const sheets = scripts.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
        return [...scripts, ...new Set(sheets)].map((file) => `/${file}`);
      };
      const languages = Object.fromEntries(['en', 'si', 'ta'].map((language) => [language, firstOf((id) => id.endsWith(`/src/locales/${language}/shop.json`))]));
      const screens = Object.fromEntries(Object.entries(FIRST_SCREENS).map(([page, module]) => [page, firstOf((id) => id.endsWith(module))]));
      const offline = [...new Set(OFFLINE_SCREENS.flatMap((module) => firstOf((id) => id.endsWith(module))))];
      const modules = { ...screens, languages, offline };
      writeFileSync(path.join(options.dir ?? 'dist', FIRST_MODULES_FILE), `${JSON.stringify(modules, null, 2)}\n`);
    },
  };
}

/**
 * Puts the page's style sheets before its scripts in the head. Vite writes them after the entry and its ~20
 * modulepreload links, and over HTTP/1.1 (six connections to the shop) the sheet the first paint waits for was
 * asked for after every script: the phone painted nothing until the scripts had come.
 */
function stylesheetsFirst(): Plugin {
  return {
    name: 'kade-stylesheets-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const sheets = html.match(/\s*<link rel="stylesheet"[^>]*>/g) ?? [];
        const firstScript = html.indexOf('<script');
        if (sheets.length === 0 || firstScript < 0) return html;
        const without = sheets.reduce((page, sheet) => page.replace(sheet, ''), html);
        const at = without.indexOf('<script');
        return `${without.slice(0, at)}${sheets.map((sheet) => sheet.trim()).join('\n    ')}\n    ${without.slice(at)}`;
      },
    },
  };
}

/**
 * Writes the entry's style sheet into index.html as a <style> element (the CSP allows inline styles; the file is
 * still written for anything that names it). A phone then paints the first screen from the page alone, one round
 * trip sooner than when it had to ask for the sheet first, and the page is never drawn unstyled. The sheet is
 * small (about 4 KB compressed); its url()s are absolute (/assets/…), so they mean the same inside the page.
 */
function inlineEntryStylesheet(): Plugin {
  return {
    name: 'kade-inline-entry-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (link, file: string) => {
          const asset = context.bundle?.[file];
          if (asset?.type !== 'asset') return link;
          const css = typeof asset.source === 'string' ? asset.source : Buffer.from(asset.source).toString('utf8');
          return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
        });
      },
    },
  };
}

// The server serves the built app (dist/) and the API on one origin; in `vite dev` the API is proxied.
export default defineConfig({
  plugins: [react(), scriptFonts(), firstModules(), stylesheetsFirst(), inlineEntryStylesheet(), precompress()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
    assetsInlineLimit: 2048,
    // Every module the entry imports statically in one chunk (the app's, react's, the router's, i18next's, …)
    // instead of the ~30 small shared chunks the default split made of them: over HTTP/1.1's six connections a
    // phone on a slow network asked for them in five or six rounds before the first screen could run. Their
    // dependencies are not pulled in after them (includeDependenciesRecursively), so what only lazy pages import
    // (zod's schemas, the dashboard's chart) stays in their chunks.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'first-screen', tags: ['$initial'], includeDependenciesRecursively: false }] } } },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/files': 'http://127.0.0.1:3000',
      '/socket.io': { target: 'ws://127.0.0.1:3000', ws: true },
    },
  },
});
