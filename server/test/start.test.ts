import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { seedCacheEnv } from './helpers';

const MAIN = path.join(REPO_ROOT, 'server', 'src', 'main.ts');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kade-start-'));
  dirs.push(dir);
  return dir;
}

interface Started {
  exited: Promise<{ code: number | null; stdout: string; stderr: string }>;
  stdout(): string;
  stop(): void;
}

/** Runs the real entry point (`npm start` runs the same file) with only the given environment. */
function startMain(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: '0', ...seedCacheEnv(), ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stdout, stderr })),
  );
  return { exited, stdout: () => stdout, stop: () => child.kill('SIGTERM') };
}

async function waitForUrl(started: Started, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = /Health:\s+(http:\/\/\S+)/.exec(started.stdout());
    if (match) return match[1] as string;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not print its URLs in time:\n${started.stdout()}`);
}

describe('starting the server', () => {
  it.each([
    [{ DATABASE_URL: 'mysql://localhost/kade' }, /^Kade cannot start: DATABASE_URL must be a PostgreSQL URL/],
    [{ DATABASE_URL: 'postgres://kade@127.0.0.1:1/kade' }, /^Kade cannot start: The database at postgres:\/\/kade@127\.0\.0\.1:1\/kade refused the connection: start PostgreSQL or fix DATABASE_URL\./],
    [{ SHOP_HOURS: 'all day' }, /^Kade cannot start: SHOP_HOURS must look like HH:MM-HH:MM/],
  ])('stops on %o with one line saying what to fix', async (env, message) => {
    const { code, stderr } = await startMain({ DATA_DIR: tempDir(), ...env }).exited;
    expect(code).toBe(1);
    expect(stderr.trim()).toMatch(message);
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });

  it('stops with one line when DATA_DIR cannot be written', async () => {
    const file = path.join(tempDir(), 'not-a-folder');
    writeFileSync(file, '');
    const { code, stderr } = await startMain({ DATA_DIR: path.join(file, 'data') }).exited;
    expect(code).toBe(1);
    expect(stderr.trim()).toMatch(/^Kade cannot start: DATA_DIR=.* cannot be written \(ENOTDIR\)/);
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });

  it('runs on the embedded database in DATA_DIR, seeds once, and starts again without seeding', async () => {
    const dataDir = tempDir();
    const first = startMain({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    const url = await waitForUrl(first, 240_000);
    const health = (await (await fetch(url)).json()) as { data: { database: { kind: string; reachable: boolean } } };
    expect(health.data.database).toEqual({ kind: 'pglite', reachable: true });
    expect(first.stdout()).toMatch(/Admin login: mobile 07\d{8}, password \S{12}/);
    expect(first.stdout()).toMatch(/Demo shopper: mobile 0771234567, password \S+/);
    const staffLine = /Demo staff \(counter app, print agent\): mobile 0771234568, password (\S+)/.exec(first.stdout());
    expect(staffLine).not.toBeNull();
    // kept in data/first-logins.json, where the README's print agent example reads it
    const saved = JSON.parse(readFileSync(path.join(dataDir, 'first-logins.json'), 'utf8')) as { demoStaff?: { mobile: string; password: string } };
    expect(saved.demoStaff).toEqual({ mobile: '0771234568', password: staffLine?.[1] });
    expect(first.stdout()).toContain('seeding the demo shop');
    const adminLine = /Admin login: .*/.exec(first.stdout())?.[0];
    first.stop();
    expect((await first.exited).code).toBe(0);

    const second = startMain({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    const again = await waitForUrl(second, 60_000);
    const health2 = (await (await fetch(again)).json()) as { data: { database: { kind: string } } };
    expect(health2.data.database.kind).toBe('pglite');
    expect(second.stdout()).not.toContain('seeding the demo shop');
    expect(/Admin login: .*/.exec(second.stdout())?.[0]).toBe(adminLine); // the same logins, printed again
    expect(second.stdout()).toContain(staffLine?.[0]);
    second.stop();
    expect((await second.exited).code).toBe(0);
  }, 300_000);
});
