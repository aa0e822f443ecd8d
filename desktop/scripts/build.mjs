// Builds the counter app's main process, preload and settings page for Electron (dist/), with esbuild.
import { readFile, writeFile } from 'node:fs/promises';
import { build } from 'esbuild';

// @napi-rs/canvas (the receipt pictures) is a native module: it stays in node_modules with its platform binary,
// as do the receipt fonts it reads from @fontsource/* (desktop/src/printer/receipt-fonts.ts resolves them there).
// The banner's import is renamed: esbuild cannot see it, and modules of ours import createRequire themselves.
const common = { bundle: true, platform: 'node', target: 'node22', external: ['electron', '@napi-rs/canvas'], sourcemap: true, logLevel: 'info' };
await build({ ...common, entryPoints: ['src/app.main.ts'], outfile: 'dist/app.main.mjs', format: 'esm', banner: { js: "import { createRequire as kadeCreateRequire } from 'node:module'; const require = kadeCreateRequire(import.meta.url);" } });
await build({ ...common, entryPoints: ['src/bridge.preload.ts'], outfile: 'dist/bridge.preload.cjs', format: 'cjs' });

// The settings page: its script bundled for the browser and inlined, so the page is one file that needs
// nothing but the bridge (its Content-Security-Policy allows inline scripts only).
const page = await build({ entryPoints: ['src/settings-page.dom.ts'], bundle: true, platform: 'browser', target: 'chrome130', format: 'iife', write: false, minify: true, logLevel: 'info' });
const script = page.outputFiles[0].text.replace(/<\/script/gi, '<\\/script');
const html = await readFile('static/settings.html', 'utf8');
await writeFile('dist/settings.html', html.replace('<!-- settings-script -->', () => `<script>${script}</script>`));
