// The headless print agent against the real server and a recording TCP printer: signed in as staff from its
// settings, it prints every new order exactly once and reports itself online; restarted, it is still signed in
// without its password and prints what came in meanwhile.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAgent } from './agent';
import { ServerApi } from './dispatcher/server-api';
import { decodeEscPos } from './printer/escpos-text';
import { RecordingPrinter } from './printer/recording-printer';
import { ADMIN, eventually, shopper, staffAccount, STAFF_PASSWORD, startServer } from './testing/live-server';

describe('the headless print agent', () => {
  let root: string;
  let server: { url: string; process: ChildProcess };
  let printer: RecordingPrinter;

  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'kade-agent-'));
    server = await startServer(path.join(root, 'server-data'));
    printer = await new RecordingPrinter().start();
  }, 240_000);
  afterAll(async () => {
    await printer?.stop();
    server?.process.kill('SIGTERM');
    await new Promise((resolve) => server?.process.once('exit', resolve));
    rmSync(root, { recursive: true, force: true });
  });

  it('signs in as staff, prints each new order once, reports itself, and survives a restart signed in', async () => {
    const mobile = await staffAccount(server.url, 'Back Room Pi');
    const lines: string[] = [];
    const env = { KADE_SERVER_URL: server.url, KADE_PRINTER: printer.address, KADE_AGENT_DIR: path.join(root, 'agent'), KADE_COUNTER_NAME: 'Back room printer' };
    const agent = await startAgent({ env: { ...env, KADE_STAFF_MOBILE: mobile, KADE_STAFF_PASSWORD: STAFF_PASSWORD }, log: (l) => lines.push(l) });
    expect(agent.counter.status()).toMatchObject({ signedIn: true, staffName: 'Back Room Pi' });
    expect(lines.some((l) => l.startsWith('signed in as Back Room Pi'))).toBe(true);
    await eventually(() => agent.counter.dispatcher()?.connected === true);
    const buyer = await shopper(server.url);
    const printed = () => printer.jobs.map((bytes) => decodeEscPos(bytes).lines[0]);
    const first = await buyer.order();
    await eventually(() => printed().includes(`#${first.orderId}`));

    const admin = new ServerApi(server.url, undefined);
    await admin.login(ADMIN.mobile, ADMIN.password);
    const counters = await admin.request<Array<{ name: string; online: boolean; printer: string }>>('GET', '/api/counters');
    expect(counters.find((c) => c.name === 'Back room printer')).toMatchObject({ online: true, printer: 'connected' });
    await agent.stop();

    const meanwhile = await buyer.order();
    // no password this time: the sealed session carries it through the restart
    const again = await startAgent({ env, log: (l) => lines.push(l) });
    expect(again.counter.status()).toMatchObject({ signedIn: true });
    await eventually(() => printed().includes(`#${meanwhile.orderId}`));
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const order of [first, meanwhile]) expect(printed().filter((c) => c === `#${order.orderId}`)).toHaveLength(1);
    await again.stop();
  });
});
