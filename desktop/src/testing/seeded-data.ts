// The desktop tests' global setup: seeds one shop data folder with the demo catalogue (its images rendered: the
// slow part) in the background while the first tests run, for live-server.ts to copy for each test file's server
// instead of every file seeding its own. Nothing waits for it but the files that start a server.
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from './live-server';

export default function setup(project: TestProject): () => Promise<void> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'kade-desktop-seed-'));
  const dir = path.join(root, 'server-data');
  const done = path.join(root, 'done.json');
  project.provide('kadeSeededData', { dir, done });
  // Written whole, then named: a test that sees the file reads all of it.
  const finish = (result: { ok: boolean; error?: string }) => {
    writeFileSync(`${done}.part`, JSON.stringify(result));
    renameSync(`${done}.part`, done);
  };
  const seeded = (async () => {
    try {
      const server = await startServer(dir, { seed: true });
      server.process.kill('SIGTERM');
      await new Promise((resolve) => server.process.once('exit', resolve));
      finish({ ok: true });
    } catch (error) {
      finish({ ok: false, error: String(error) });
    }
  })();
  return async () => {
    await seeded;
    rmSync(root, { recursive: true, force: true });
  };
}
