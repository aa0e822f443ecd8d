// What the Docker image's runtime stage carries: the server's production dependencies, nothing of any
// devDependencies. Docker cannot run here, so this runs what the Dockerfile's `deps` stage runs, in a folder of
// its own: the files its COPY lines name, then its RUN line (with this machine's Node and npm, from npm's cache
// when it has the packages). It takes what the runtime stage copies from that stage and checks that list of
// packages against the lock, then starts the compiled server by plain node from a folder holding only what the
// runtime stage copies (the web app left out: it is the build stage's, and compose.test.ts checks its COPY).
// Not checked here: the base image itself, and the build stage (it installs the dev tools, to build).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';

/** How long the compiled server may take to start before the test calls it hung. */
const START_HANG_GUARD_MS = 180_000;

interface Stage {
  name: string;
  lines: string[];
}
interface LockEntry {
  version?: string;
  dev?: boolean;
  hasInstallScript?: boolean;
  link?: boolean;
  resolved?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, LockEntry> };
const serverPackage = JSON.parse(read('server/package.json')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };

/** The Dockerfile's stages, each with its instructions (continued lines joined). */
function stages(): Stage[] {
  const lines = read('Dockerfile').replace(/\\\n\s*/g, '').split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));
  const out: Stage[] = [];
  for (const line of lines) {
    const from = /^FROM \S+ AS (\S+)$/.exec(line);
    if (from) out.push({ name: from[1] as string, lines: [] });
    else out.at(-1)?.lines.push(line);
  }
  return out;
}

/** Every package installed under these node_modules folders, as the lock names it (`node_modules/a/node_modules/b`). */
function installed(root: string, folders: string[]): string[] {
  const found: string[] = [];
  const walk = (relative: string) => {
    const dir = path.join(root, relative);
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      if (name.startsWith('.')) continue;
      const here = path.posix.join(relative, name);
      if (name.startsWith('@')) {
        for (const scoped of readdirSync(path.join(dir, name))) visit(path.posix.join(here, scoped));
      } else visit(here);
    }
  };
  const visit = (here: string) => {
    found.push(here);
    if (!lstatSync(path.join(root, here)).isSymbolicLink()) walk(path.posix.join(here, 'node_modules'));
  };
  for (const folder of folders) walk(folder);
  return found;
}

/** Where node looks for `name` from the package at `from` (a lock path: `server`, `node_modules/a/node_modules/b`), nearest first. */
function lookups(from: string, name: string): string[] {
  const out: string[] = [];
  for (let dir = from; ; ) {
    out.push(dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`);
    if (!dir) return out;
    const nested = dir.lastIndexOf('/node_modules/');
    dir = nested >= 0 ? dir.slice(0, nested) : '';
  }
}

/** Where node finds `name` from server/dist among these packages: server/node_modules first, then the root's. */
function resolvedFrom(packages: string[], name: string): string | undefined {
  return lookups('server', name).find((where) => packages.includes(where));
}

/**
 * Every package the server's production dependencies need, by the lock: its dependencies, then theirs (optional
 * and peer ones too), each found as node finds it. The shared rules' link is followed (they are compiled in).
 */
function productionClosure(): Set<string> {
  const seen = new Set<string>();
  const visit = (from: string) => {
    const entry = lock.packages[from];
    if (!entry) return;
    for (const name of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies, ...entry.peerDependencies })) {
      const where = lookups(from, name).find((candidate) => lock.packages[candidate]);
      if (!where || seen.has(where)) continue;
      seen.add(where);
      const found = lock.packages[where];
      visit(found?.link && found.resolved ? found.resolved : where);
    }
  };
  visit('server');
  return seen;
}

const DEV_TOOLS = ['eslint', 'vitest', 'lighthouse', 'puppeteer-core', 'playwright', '@playwright/test', 'typescript', 'tsx', 'esbuild', 'vite', 'electron', 'electron-builder', 'pino-pretty', 'fast-check', 'react'];

describe('the Docker image\'s runtime stage', () => {
  const all = stages();
  const deps = all.find((stage) => stage.name === 'deps');
  const runtime = all.find((stage) => stage.name === 'runtime');
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'kade-image-'));
  const depsDir = path.join(scratch, 'deps');
  const app = path.join(scratch, 'app');
  const build = path.join(REPO_ROOT, 'server', `.image-test-${randomBytes(4).toString('hex')}`);
  let packages: string[] = [];

  beforeAll(() => {
    expect(deps, 'a stage named deps').toBeDefined();
    expect(runtime, 'a stage named runtime').toBeDefined();
    mkdirSync(depsDir);
    for (const line of deps!.lines) {
      // COPY <files of the repository> <folder/>
      const copy = /^COPY (?!--)(.+) (\S+\/)$/.exec(line);
      if (copy) {
        mkdirSync(path.join(depsDir, copy[2] as string), { recursive: true });
        for (const source of (copy[1] as string).split(' ')) cpSync(path.join(REPO_ROOT, source), path.join(depsDir, copy[2] as string, path.basename(source)));
      }
      const run = /^RUN (.+)$/.exec(line);
      if (run) {
        const ran = spawnSync('sh', ['-c', run[1] as string], {
          cwd: depsDir,
          encoding: 'utf8',
          env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', npm_config_prefer_offline: 'true', npm_config_update_notifier: 'false' },
        });
        expect(ran.status, `${run[1]}\n${ran.stdout}\n${ran.stderr}`).toBe(0);
      }
    }
    // the runtime stage: what it copies from the deps stage, moved into a folder of its own
    mkdirSync(app);
    const fromDeps: string[] = [];
    for (const line of runtime!.lines) {
      const copy = /^COPY --from=deps \/app\/(\S+) (\S+)$/.exec(line);
      if (!copy) continue;
      fromDeps.push(copy[2] as string);
      mkdirSync(path.dirname(path.join(app, copy[2] as string)), { recursive: true });
      renameSync(path.join(depsDir, copy[1] as string), path.join(app, copy[2] as string));
    }
    packages = installed(app, fromDeps);
  }, 300_000);
  afterAll(() => {
    rmSync(scratch, { recursive: true, force: true });
    rmSync(build, { recursive: true, force: true });
  });

  it('takes its packages from the deps stage only: the build stage\'s node_modules (every dev tool) stay behind', () => {
    const copies = runtime!.lines.filter((line) => line.startsWith('COPY '));
    expect(copies.filter((line) => line.includes('node_modules') && !line.startsWith('COPY --from=deps '))).toEqual([]);
    expect(copies).toContain('COPY --from=deps /app/node_modules node_modules');
    expect(copies).toContain('COPY --from=deps /app/server/node_modules server/node_modules');
    const fromBuild = copies.filter((line) => line.startsWith('COPY --from=build ')).map((line) => line.split(' ')[2]);
    expect(fromBuild.sort()).toEqual(['/app/package.json', '/app/server/dist', '/app/server/package.json', '/app/shop-web/dist', '/app/shop-web/package.json']);
  });

  it('has only packages the server\'s production dependencies need, and none of the dev tools', () => {
    expect(packages.length).toBeGreaterThan(50);
    const unknown = packages.filter((where) => !lock.packages[where]);
    expect(unknown).toEqual([]);
    expect(packages.filter((where) => lock.packages[where]?.dev)).toEqual([]);
    // the lock's dev mark is for the whole repository (socket.io-client is the web app's): the server's own tree decides
    const needed = productionClosure();
    expect(packages.filter((where) => !needed.has(where))).toEqual([]);
    for (const tool of DEV_TOOLS) expect(packages.filter((where) => where.endsWith(`node_modules/${tool}`)), tool).toEqual([]);
    // nothing in it runs an install script: the RUN line skips them, so none may need one
    expect(packages.filter((where) => lock.packages[where]?.hasInstallScript)).toEqual([]);
    // no workspace links: the shared rules are compiled into server/dist
    expect(packages.filter((where) => where.startsWith('node_modules/@kade/'))).toEqual([]);
  });

  it('has every production dependency of the server, at the version the lock gives the server (its own p-limit too)', () => {
    for (const name of Object.keys(serverPackage.dependencies).filter((n) => !n.startsWith('@kade/'))) {
      const where = resolvedFrom(packages, name);
      expect(where, name).toBeDefined();
      const locked = lock.packages[`server/node_modules/${name}`] ?? lock.packages[`node_modules/${name}`];
      expect(lock.packages[where!]?.version, name).toBe(locked?.version);
    }
    expect(resolvedFrom(packages, 'p-limit')).toBe('server/node_modules/p-limit');
    expect(lock.packages['server/node_modules/p-limit']?.version).toBe(serverPackage.dependencies['p-limit']);
    for (const name of Object.keys(serverPackage.devDependencies).filter((n) => !productionClosure().has(`node_modules/${n}`))) {
      expect(resolvedFrom(packages, name), name).toBeUndefined();
    }
  });

  it('runs the compiled server by plain node with only what the runtime stage copies: it serves, and stores a picture with sharp', async () => {
    const built = spawnSync(process.execPath, [path.join(REPO_ROOT, 'server', 'scripts', 'build.mjs'), '--outdir', build], { cwd: REPO_ROOT, encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);
    // the build stage's files the runtime stage copies (its web app is not built here)
    for (const line of runtime!.lines) {
      const copy = /^COPY --from=build \/app\/(\S+) (\S+)$/.exec(line);
      if (!copy) continue;
      const source = copy[1] === 'server/dist' ? build : path.join(REPO_ROOT, copy[1] as string);
      if (copy[1] === 'shop-web/dist') continue;
      cpSync(source, path.join(app, copy[2] === './' ? path.basename(copy[1] as string) : (copy[2] as string)), { recursive: true });
    }
    const env = Object.fromEntries(runtime!.lines.filter((line) => line.startsWith('ENV ')).flatMap((line) => line.slice(4).split(/\s+/).map((pair) => pair.split('=') as [string, string])));
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(runtime!.lines.join('\n'))?.[1] ?? '[]') as string[];
    expect(cmd[0]).toBe('node');
    const child = spawn(process.execPath, cmd.slice(1), {
      cwd: app,
      env: {
        PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env,
        HOST: '127.0.0.1', PORT: '0', DATA_DIR: path.join(scratch, 'data'), LOG_LEVEL: 'warn',
        SEED_DEMO: 'false', ADMIN_MOBILE: '0770000009', ADMIN_PASSWORD: 'image-admin-pass-1',
      },
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      let base: string | undefined;
      // waits for the server's Health line or its exit; the bound only keeps a hung start from hanging the run
      // (a cold start on a loaded machine migrates PGlite and hashes the admin's password at the shop's cost)
      for (const deadline = Date.now() + START_HANG_GUARD_MS; !base && child.exitCode === null && Date.now() < deadline; ) {
        base = /Health:\s+(http:\/\/[^/\s]+)/.exec(out)?.[1];
        if (!base) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(base, out).toBeDefined();
      const health = (await (await fetch(`${base}/api/health`)).json()) as { data: { status: string; database: { kind: string } } };
      expect(health.data).toMatchObject({ status: 'ok', database: { kind: 'pglite' } });
      const login = (await (await fetch(`${base}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mobile: '0770000009', password: 'image-admin-pass-1' }) })).json()) as { data: { accesstoken: string } };
      const form = new FormData();
      const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#2a9d8f' } }).png().toBuffer();
      form.append('image', new Blob([new Uint8Array(png)]), 'image.png');
      const upload = await fetch(`${base}/api/file/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${login.data.accesstoken}` } });
      const stored = (await upload.json()) as { data: { url: string } };
      expect(upload.status, JSON.stringify(stored)).toBe(201);
      expect((await fetch(`${base}${stored.data.url}`)).headers.get('content-type')).toBe('image/webp');
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, START_HANG_GUARD_MS + 120_000);
});
