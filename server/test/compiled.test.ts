// The production build (server/scripts/build.mjs): `npm start` and the Docker image run server/dist/main.js with
// plain node. Built here into a folder of its own beside dist, then run for real on the embedded database.
import { fork, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { seedCacheEnv } from './helpers';
import { PRODUCTION_ENV, PRODUCTION_NODE_FLAGS } from '../../bench/src/bench-process';

const OUT = path.join(REPO_ROOT, 'server', `.build-test-${randomBytes(4).toString('hex')}`);
const DATA_DIR = mkdtempSync(path.join(os.tmpdir(), 'kade-compiled-'));

beforeAll(() => {
  const built = spawnSync(process.execPath, [path.join(REPO_ROOT, 'server', 'scripts', 'build.mjs'), '--outdir', OUT], { cwd: REPO_ROOT, encoding: 'utf8' });
  expect(built.status, built.stderr).toBe(0);
}, 300_000);
afterAll(() => {
  rmSync(OUT, { recursive: true, force: true });
  rmSync(DATA_DIR, { recursive: true, force: true });
});

/** Every module specifier the bundle still imports at run time. */
function importsOf(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  return [...code.matchAll(/(?:^|[\s;])(?:import|export)\s[^;'"]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/gm)].map((m) => (m[1] ?? m[2]) as string);
}

describe('the compiled server', () => {
  it('is plain JavaScript with the shared rules compiled in: it imports only packages and Node built-ins', () => {
    for (const entry of ['main.js', 'image-worker.js', 'migrate.js']) {
      const specifiers = importsOf(path.join(OUT, entry));
      expect(specifiers.length, entry).toBeGreaterThan(0);
      expect(specifiers.filter((s) => s.startsWith('@kade/') || s.startsWith('.') || s.endsWith('.ts') || s === 'tsx' || s.startsWith('tsx/')), entry).toEqual([]);
    }
    expect(importsOf(path.join(OUT, 'main.js'))).toContain('knex');
  });

  it('loads at start only what every server needs: image, Redis and embedded-database code come when used', () => {
    const code = readFileSync(path.join(OUT, 'main.js'), 'utf8');
    const atStart = [...code.matchAll(/^import\s[^;]*?from\s*"([^"]+)"/gm)].map((m) => m[1] as string);
    const later = [...code.matchAll(/import\(\s*"([^"]+)"\s*\)/g)].map((m) => m[1] as string);
    for (const heavy of ['sharp', '@redis/client', '@socket.io/redis-adapter', '@electric-sql/pglite']) {
      expect(atStart, heavy).not.toContain(heavy);
      expect(later, heavy).toContain(heavy);
    }
  });

  // npm start and the benchmark read server/node-flags.json; the Docker image and the server package repeat its flags.
  it('runs with the same node flags wherever production starts it: the Docker image and the server package', () => {
    const cmd = /^CMD\s+(\[.*\])\s*$/m.exec(readFileSync(path.join(REPO_ROOT, 'Dockerfile'), 'utf8'))?.[1];
    expect(JSON.parse(cmd ?? 'null')).toEqual(['node', ...PRODUCTION_NODE_FLAGS, 'server/dist/main.js']);
    const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'server', 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toBe(['node', ...PRODUCTION_NODE_FLAGS, 'dist/main.js'].join(' '));
  });

  it('runs with the same environment wherever production starts it: the Docker image sets every variable npm start does', () => {
    const dockerfile = readFileSync(path.join(REPO_ROOT, 'Dockerfile'), 'utf8');
    const set = new Map([...dockerfile.matchAll(/^ENV\s+(.+)$/gm)].flatMap((m) => (m[1] as string).split(/\s+/).map((pair) => pair.split('=') as [string, string])));
    expect(Object.keys(PRODUCTION_ENV).length).toBeGreaterThan(0);
    for (const [name, value] of Object.entries(PRODUCTION_ENV)) expect(set.get(name), name).toBe(value);
  });

  it('starts its image process from the compiled worker, without tsx', async () => {
    const child = fork(path.join(OUT, 'image-worker.js'), [], { execArgv: [], stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
    try {
      const first = await new Promise<unknown>((resolve, reject) => {
        // a hang guard, not a speed limit: sharp's first load on a loaded machine has taken tens of seconds
        const timer = setTimeout(() => reject(new Error('the compiled image worker did not say ready')), 150_000);
        child.once('message', (message) => {
          clearTimeout(timer);
          resolve(message);
        });
        child.once('exit', (code) => reject(new Error(`the compiled image worker stopped (${code})`)));
      });
      expect(first).toEqual({ ready: true });
    } finally {
      child.kill('SIGKILL');
    }
  }, 200_000);

  it('runs with plain node on the embedded database: migrates, seeds, serves the shop', async () => {
    const child = spawn(process.execPath, [...PRODUCTION_NODE_FLAGS, path.join(OUT, 'main.js')], {
      cwd: os.tmpdir(), // nothing is found relative to the working folder
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: '0', DATA_DIR, ...seedCacheEnv() },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const deadline = Date.now() + 240_000;
      let health: string | undefined;
      while (!health && Date.now() < deadline && child.exitCode === null) {
        health = /Health:\s+(http:\/\/\S+)/.exec(stdout)?.[1];
        if (!health) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(health, `${stdout}\n${stderr}`).toBeDefined();
      const base = new URL('/', health).toString();
      const answer = (await (await fetch(new URL('/api/category/get', base))).json()) as { success: boolean; data: Array<{ name: string }> };
      expect(answer.success).toBe(true);
      expect(answer.data.map((c) => c.name)).toContain('All Product'); // the demo seed ran, with the shared rules
      // the process is plain node on the bundle with production's flags: no loader flag, no TypeScript file among its arguments
      const cmdline = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      expect(cmdline.slice(1)).toEqual([...PRODUCTION_NODE_FLAGS, path.join(OUT, 'main.js')]);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 300_000);
});
