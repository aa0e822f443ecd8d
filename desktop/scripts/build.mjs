// Builds the counter app's main process and preload for Electron (dist/), with esbuild.
import { build } from 'esbuild';

const common = { bundle: true, platform: 'node', target: 'node22', external: ['electron'], sourcemap: true, logLevel: 'info' };
await build({ ...common, entryPoints: ['src/app.main.ts'], outfile: 'dist/app.main.mjs', format: 'esm', banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" } });
await build({ ...common, entryPoints: ['src/bridge.preload.ts'], outfile: 'dist/bridge.preload.cjs', format: 'cjs' });
