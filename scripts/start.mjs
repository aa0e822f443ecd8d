#!/usr/bin/env node
// `npm start`: on a fresh clone, install what is missing, build what is stale (the web app, the server), then run
// the compiled server on the embedded database (or DATABASE_URL). Plain Node only: this runs before any dependency is installed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireSupportedNode } from './supported-node.mjs';

requireSupportedNode('npm start');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function mtime(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function newest(dir) {
  if (!existsSync(dir)) return 0;
  let latest = mtime(dir);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : mtime(full));
  }
  return latest;
}

function run(args, what) {
  console.log(`> ${what}`);
  const result = spawnSync(npm, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`Kade cannot start: "${npm} ${args.join(' ')}" failed. Fix the error above and run npm start again.`);
    process.exit(result.status ?? 1);
  }
}

// 1. Dependencies: install when node_modules is missing or older than the lock file.
const installed = path.join(root, 'node_modules', '.package-lock.json');
if (!existsSync(installed) || mtime(path.join(root, 'package-lock.json')) > mtime(installed)) {
  run(['ci', '--no-audit', '--no-fund'], 'Installing dependencies (first start only)');
}

// 2. The web app: build when any of its sources (or the shared rules) changed since the last build.
const builtAt = mtime(path.join(root, 'shop-web', 'dist', 'index.html'));
const sourcesAt = Math.max(
  newest(path.join(root, 'shop-web', 'src')),
  newest(path.join(root, 'shop-web', 'public')),
  mtime(path.join(root, 'shop-web', 'index.html')),
  mtime(path.join(root, 'shop-web', 'vite.config.ts')),
  newest(path.join(root, 'shared', 'src')),
);
if (builtAt === 0 || sourcesAt > builtAt) {
  run(['run', 'build', '--workspace', '@kade/shop-web'], 'Building the web app');
}

// 3. The server, compiled to plain JavaScript (server/dist, by esbuild): built when its sources or the shared
//    rules changed since the last build, so the running process holds no TypeScript compiler or loader.
const serverBuiltAt = mtime(path.join(root, 'server', 'dist', 'main.js'));
const serverSourcesAt = Math.max(
  newest(path.join(root, 'server', 'src')),
  mtime(path.join(root, 'server', 'scripts', 'build.mjs')),
  mtime(path.join(root, 'server', 'package.json')),
  newest(path.join(root, 'shared', 'src')),
);
if (serverBuiltAt === 0 || serverSourcesAt > serverBuiltAt) {
  run(['run', 'build', '--workspace', '@kade/server'], 'Building the server');
}

// 4. The server, with the node flags and environment production runs it with (server/node-flags.json): migrates,
//    seeds once, serves.
//    Signals pass through so the server stops cleanly.
const { flags, env: productionEnv } = JSON.parse(readFileSync(path.join(root, 'server', 'node-flags.json'), 'utf8'));
const child = spawn(process.execPath, [...flags, path.join(root, 'server', 'dist', 'main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...productionEnv, ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
