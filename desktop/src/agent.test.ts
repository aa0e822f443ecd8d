// The headless print agent against the real server and a recording TCP printer: signed in as staff from its
// settings (the demo staff account the server's first start made, as the README's example does), it prints every
// new order exactly once and reports itself online; restarted, it is still signed in without its password and
// prints what came in meanwhile. The command itself, signed in with an account that may not run a counter, says
// so in one line at every try and keeps trying, until the account becomes staff.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRs, rupeesToPaise } from '@kade/shared';
import { startAgent } from './agent';
import { ServerApi } from './dispatcher/server-api';
import { decodeEscPos } from './printer/escpos-text';
import { RecordingPrinter } from './printer/recording-printer';
import { NOT_STAFF_TEXT } from './counter';
import { ADMIN, eventually, packOrder, ROOT, shopper, STAFF_PASSWORD, startServer } from './testing/live-server';

/** The logins the server's first start printed and kept in its data folder (data/first-logins.json). */
function firstLogins(dataDir: string): { demoStaff: { mobile: string; password: string }; demoShopper: { mobile: string; password: string } } {
  return JSON.parse(readFileSync(path.join(dataDir, 'first-logins.json'), 'utf8'));
}

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

  it('signs in as the demo staff account, prints each new order once, reports itself, and survives a restart signed in', async () => {
    const { demoStaff } = firstLogins(path.join(root, 'server-data'));
    expect(demoStaff.mobile).toBe('0771234568');
    const lines: string[] = [];
    const env = { KADE_SERVER_URL: server.url, KADE_PRINTER: printer.address, KADE_AGENT_DIR: path.join(root, 'agent'), KADE_COUNTER_NAME: 'Back room printer' };
    const agent = await startAgent({ env: { ...env, KADE_STAFF_MOBILE: demoStaff.mobile, KADE_STAFF_PASSWORD: demoStaff.password }, log: (l) => lines.push(l) });
    expect(agent.counter.status()).toMatchObject({ signedIn: true, staffName: 'Demo Staff' });
    expect(lines.some((l) => l.startsWith('signed in as Demo Staff; printing every new order'))).toBe(true);
    // it was never signed out: it signed in at its first try
    expect(lines.filter((l) => l.startsWith('signed out'))).toEqual([]);
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
    expect(lines.filter((l) => l.startsWith('signed out'))).toEqual([]);
    await again.stop();
  });

  it('prints the REVISED bill of an order packed short once, and again not after a restart; a revision packed while it was down prints once it is back', async () => {
    const { demoStaff } = firstLogins(path.join(root, 'server-data'));
    const env = { KADE_SERVER_URL: server.url, KADE_PRINTER: printer.address, KADE_AGENT_DIR: path.join(root, 'agent-revised'), KADE_STAFF_MOBILE: demoStaff.mobile, KADE_STAFF_PASSWORD: demoStaff.password };
    const agent = await startAgent({ env, log: () => undefined });
    await eventually(() => agent.counter.dispatcher()?.connected === true);
    const buyer = await shopper(server.url);
    const staff = new ServerApi(server.url, undefined);
    await staff.login(ADMIN.mobile, ADMIN.password);
    const bills = (orderCode: string, mark: string) => printer.jobs.map((bytes) => decodeEscPos(bytes).lines).filter((lines) => lines[0] === `#${orderCode}` && lines[1] === mark);
    const first = await buyer.order(3);
    await eventually(() => printer.jobs.some((bytes) => decodeEscPos(bytes).lines[0] === `#${first.orderId}`));
    const packed = await packOrder(staff, first, buyer.productId, 2); // over real HTTP: one short
    expect(packed.revision).toBe(1);
    await eventually(() => bills(first.orderId, ' REVISED 1 ').length === 1);
    const bill = bills(first.orderId, ' REVISED 1 ')[0]!;
    expect(bill[2]).toBe(`COLLECT ${formatRs(rupeesToPaise(packed.totalAmt))}`);
    expect(bill.some((line) => line.startsWith('  3 -> 2 x Rs.'))).toBe(true);
    await agent.stop();

    // while it is down, a second order is packed short (another product: a short line leaves the first out of stock)
    const other = await shopper(server.url);
    expect(other.productId).not.toBe(buyer.productId);
    const second = await other.order(2);
    await packOrder(staff, second, other.productId, 1);
    const again = await startAgent({ env, log: () => undefined });
    await eventually(() => again.counter.dispatcher()?.connected === true);
    await again.counter.dispatcher()!.catchUp(); // the catch-up after connecting, or one more: both read the packed orders again
    await eventually(() => bills(second.orderId, ' REVISED 1 ').length === 1);
    const open = await again.counter.bridge.printJobs();
    expect(open).toEqual({ ok: true, data: [] }); // nothing else waiting to print
    expect(bills(first.orderId, ' REVISED 1 ')).toHaveLength(1);
    expect(bills(second.orderId, ' REVISED 1 ')).toHaveLength(1);
    await again.stop();
  });

  it('as a command, signed in with a shopper\'s account: says so in one line at every try, keeps trying, and signs in once the account is staff', async () => {
    const admin = new ServerApi(server.url, undefined);
    await admin.login(ADMIN.mobile, ADMIN.password);
    const mobile = `07${String(Date.now()).slice(-8)}`;
    const made = await admin.request<{ user: { _id: string } }>('POST', '/api/users/create', { name: 'Not Yet Staff', mobile, password: STAFF_PASSWORD });
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'desktop', 'src', 'cli', 'counter-agent.ts')], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '',
        KADE_SERVER_URL: server.url, KADE_PRINTER: printer.address, KADE_AGENT_DIR: path.join(root, 'agent-shopper'),
        KADE_STAFF_MOBILE: mobile, KADE_STAFF_PASSWORD: STAFF_PASSWORD, KADE_AGENT_RETRY_SECONDS: '1',
      },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const refusals = () => out.split('\n').filter((line) => line.includes(`signed out: could not sign in as ${mobile}: ${NOT_STAFF_TEXT}`));
    try {
      // three tries, a second apart: each one line, and the process is still there after each
      await eventually(() => refusals().length >= 3 || child.exitCode !== null);
      expect(child.exitCode).toBeNull();
      expect(err).toBe('');
      const lines = out.trim().split('\n').map((line) => line.replace(/^\S+ /, ''));
      expect(lines[0]).toMatch(/^print agent for http:\/\/127\.0\.0\.1:\d+ on printer tcp:\/\/127\.0\.0\.1:\d+; folder /);
      // nothing but the header and one line per try: no second line for the same try, no stack, no "signed in"
      expect(lines.slice(1).every((line) => line === `signed out: could not sign in as ${mobile}: ${NOT_STAFF_TEXT} (trying again in 1 s)`), out).toBe(true);

      // an admin makes the account staff: the next try signs in
      await admin.request('PUT', '/api/users/update-role', { _id: made.user._id, role: 'STAFF' });
      await eventually(() => out.includes('signed in as Not Yet Staff; printing every new order') || child.exitCode !== null);
      expect(child.exitCode).toBeNull();
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(out).toContain('stopping');
  });
});
