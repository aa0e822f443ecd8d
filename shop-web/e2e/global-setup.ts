// Starts two real servers for the browser tests, on a throwaway data folder seeded once with the demo
// catalogue: one at ordinary hours, and one whose SHOP_HOURS and FRESH_HOURS exclude the present time.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { windowAround } from '@kade/shared';
import { freePort } from '@kade/server/testing/port';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');

export interface Running {
  child: ChildProcess;
  url: string;
  log: string[];
}

/** A Kade server on `dataDir` (seeded on first start), listening on a free loopback port, serving WEB_DIST_DIR. */
export async function startServer(dataDir: string, env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const log: string[] = [];
  const child = spawn(tsx, [path.join(root, 'server', 'src', 'main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      // the cheapest scrypt the server takes (tests only): a production-cost hash is most of a second of a core
      PASSWORD_COST: '10',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      APP_SHELL_ONLY: 'true',
      APP_SHELL_UA_TOKEN: 'KadeShell',
      // Every browser test's shopper signs up from this one loopback address, as if they all shared one carrier
      // address: the per-address sign-up limit is raised for them (the limit itself is tested in the server's tests).
      RATE_LIMITS: 'register.address=1000/3600',
      // No minimum basket: the walks buy Rs.10 tea. The rule is the server's (server/test/minimum-order.test.ts);
      // the screens' notice is walked with an order whose total rounds to Rs.0, refused whatever the minimum.
      MIN_ORDER_RUPEES: '0',
      // Each test server has a database of its own: with REDIS_URL set (as in CI) it also needs Redis channels of its
      // own, or one server's order events reach the screens of another (another shop, to them).
      REDIS_PREFIX: `kade-e2e-${port}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server stopped while starting:\n${log.join('')}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return { child, url, log };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  child.kill('SIGTERM');
  throw new Error(`the server did not start in 180 s:\n${log.join('')}`);
}

export function stop(running: Running): Promise<void> {
  return new Promise((resolve) => {
    if (running.child.exitCode !== null) return resolve();
    const timer = setTimeout(() => running.child.kill('SIGKILL'), 10_000);
    running.child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    running.child.kill('SIGTERM');
  });
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  // E2E_DIST_DIR builds the app into a folder of its own (so two runs side by side never serve each other's
  // half-written build); by default the tests serve shop-web/dist, built when missing or when E2E_BUILD=1.
  const dist = process.env.E2E_DIST_DIR ? path.resolve(process.env.E2E_DIST_DIR) : path.join(root, 'shop-web', 'dist');
  if (!existsSync(path.join(dist, 'index.html')) || process.env.E2E_BUILD === '1') {
    const args = ['run', 'build', '--workspace', '@kade/shop-web', '--', '--outDir', dist, '--emptyOutDir'];
    const built = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('the web build failed');
  }
  process.env.WEB_DIST_DIR = dist;
  const seeded = mkdtempSync(path.join(os.tmpdir(), 'kade-e2e-open-'));
  const closedDir = mkdtempSync(path.join(os.tmpdir(), 'kade-e2e-closed-'));
  // Seed once (about 20 s), stop cleanly, then open a copy for the closed-hours server.
  await stop(await startServer(seeded, {}));
  rmSync(closedDir, { recursive: true, force: true });
  cpSync(seeded, closedDir, { recursive: true });
  // A third seeded copy, started only by the files that need a shop no other test places orders in (the ringer's).
  const quietDir = mkdtempSync(path.join(os.tmpdir(), 'kade-e2e-quiet-'));
  rmSync(quietDir, { recursive: true, force: true });
  cpSync(seeded, quietDir, { recursive: true });
  // A fourth, for the busy-mode walks (ordering.e2e.ts), which pause the whole shop: no other test may see that.
  const orderingDir = mkdtempSync(path.join(os.tmpdir(), 'kade-e2e-ordering-'));
  rmSync(orderingDir, { recursive: true, force: true });
  cpSync(seeded, orderingDir, { recursive: true });
  // A fifth, never opened before the busy-mode file's last walk starts a server on it: no staff dashboard has ever been
  // seen on it, so the shop is unattended from the start (a used copy is attended until a minute after its last one).
  const unattendedDir = mkdtempSync(path.join(os.tmpdir(), 'kade-e2e-unattended-'));
  rmSync(unattendedDir, { recursive: true, force: true });
  cpSync(seeded, unattendedDir, { recursive: true });
  // A sixth, for issue 36's dashboard walk (dashboard-care.e2e.ts), which counts the orders waiting in the new-order
  // bar: on the shared server another file takes every waiting order (admin-orders.e2e.ts) or adds its own.
  const careDir = mkdtempSync(path.join(os.tmpdir(), 'kade-e2e-care-'));
  rmSync(careDir, { recursive: true, force: true });
  cpSync(seeded, careDir, { recursive: true });
  // The open server's hours hold the next 10 hours and the closed one's start 2 hours from now, so the tests
  // mean the same at any time of day.
  const around = windowAround(new Date(), -60, 600);
  const away = windowAround(new Date(), 120, 180);
  const [open, closed] = await Promise.all([
    startServer(seeded, { SHOP_HOURS: around, FRESH_HOURS: around }),
    startServer(closedDir, { SHOP_HOURS: away, FRESH_HOURS: away }),
  ]);
  process.env.KADE_URL = open.url;
  process.env.KADE_CLOSED_URL = closed.url;
  process.env.KADE_DATA_DIR = seeded;
  process.env.KADE_QUIET_DATA_DIR = quietDir;
  process.env.KADE_ORDERING_DATA_DIR = orderingDir;
  process.env.KADE_UNATTENDED_DATA_DIR = unattendedDir;
  process.env.KADE_CARE_DATA_DIR = careDir;
  return async () => {
    await Promise.all([stop(open), stop(closed)]);
    rmSync(seeded, { recursive: true, force: true });
    rmSync(closedDir, { recursive: true, force: true });
    rmSync(quietDir, { recursive: true, force: true });
    rmSync(orderingDir, { recursive: true, force: true });
    rmSync(unattendedDir, { recursive: true, force: true });
    rmSync(careDir, { recursive: true, force: true });
  };
}
