// Builds the server for production (server/dist/): plain JavaScript that `npm start` and the Docker image run
// with `node`, so no TypeScript compiler or loader is in the running process. esbuild bundles our own code and
// the shared rules (@kade/shared is TypeScript: it is compiled into the bundle, never resolved at run time);
// every package of node_modules stays external and loads as it does under tsx. Each entry is one file:
//   dist/main.js          the server (server/src/main.ts)
//   dist/image-worker.js  the image process it forks (modules/files/image-process.ts finds it beside itself)
//   dist/migrate.js       `npm run db:migrate` without tsx
// `--outdir <folder directly under server/>` builds elsewhere (the test of the build does, beside the real one);
// the folder must be two levels under the repository, as dist is, since config.ts finds the root from there.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
// Packages stay in node_modules (their subpaths too); only our own workspace package is compiled in.
const external = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})].filter((name) => !name.startsWith('@kade/'));

const flag = process.argv.indexOf('--outdir');
const outdir = flag >= 0 ? path.resolve(process.argv[flag + 1] ?? '') : path.join(serverDir, 'dist');
if (path.dirname(outdir) !== serverDir) throw new Error(`--outdir must be a folder directly under ${serverDir}`);

await build({
  absWorkingDir: serverDir,
  entryPoints: {
    main: 'src/main.ts',
    'image-worker': 'src/modules/files/image-worker.ts',
    migrate: 'src/cli/migrate.ts',
  },
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  external,
  sourcemap: true,
  // The stack traces in logs point into the TypeScript sources.
  sourcesContent: false,
  logLevel: 'warning',
});
console.log(`built ${path.relative(process.cwd(), outdir) || '.'}/main.js, image-worker.js, migrate.js`);
