// The counter as a clerk relies on it, against the real server and a recording TCP printer: it stays signed in
// across restarts and prints what came in while it was down, once each; two counters ring for one order, one
// takes it, both stop; a counter whose session cannot be restored says so and rings; receipts carry the store's
// own name and address from the server.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCounter, SIGNED_OUT_TEXT, type Counter } from './counter';
import { ServerApi } from './dispatcher/server-api';
import { decodeEscPos } from './printer/escpos-text';
import { RecordingPrinter } from './printer/recording-printer';
import { keyFileBox } from './session-vault';
import { ADMIN, eventually, shopper, staffAccount, STAFF_PASSWORD, startServer } from './testing/live-server';

describe('a counter a clerk can rely on', () => {
  let root: string;
  let server: { url: string; process: ChildProcess };
  let printer: RecordingPrinter;
  let buyer: Awaited<ReturnType<typeof shopper>>;
  const counters: Counter[] = [];

  /** A counter on its own user-data folder, sealing its session with a key kept there (the OS keychain's stand-in). */
  async function counterAt(dir: string, sounds: string[] = [], notes: string[] = []): Promise<Counter> {
    const counter = await createCounter({
      userDataDir: dir,
      secretBox: keyFileBox(path.join(dir, 'keychain.key')),
      playSound: () => sounds.push('ring'),
      notify: (title) => notes.push(title),
      env: { KADE_SERVER_URL: server.url, KADE_PRINTER: printer.address },
    });
    counters.push(counter);
    return counter;
  }

  const printedCodes = () => printer.jobs.map((bytes) => decodeEscPos(bytes).lines[0]);

  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'kade-counter-session-'));
    // a number's failure ceiling of 6 an hour (the default is 100), met by a stranger in the device cookie's test
    server = await startServer(path.join(root, 'server-data'), { env: { RATE_LIMITS: 'login.number=6/3600' } });
    printer = await new RecordingPrinter().start();
    buyer = await shopper(server.url);
  }, 240_000);

  afterAll(async () => {
    for (const counter of counters) await counter.stop();
    await printer?.stop();
    server?.process.kill('SIGTERM');
    await new Promise((resolve) => server?.process.once('exit', resolve));
    rmSync(root, { recursive: true, force: true });
  });

  it('stays signed in across a restart and prints the orders placed while it was down, once each', async () => {
    const dir = path.join(root, 'counter-a');
    const mobile = await staffAccount(server.url, 'Nimal Counter');
    const first = await counterAt(dir);
    await first.settings.save({ printer: printer.address });
    expect((await first.bridge.signIn(mobile, STAFF_PASSWORD)).ok).toBe(true);
    expect(first.status()).toEqual({ signedIn: true, staffName: 'Nimal Counter', problem: null });
    await eventually(() => first.dispatcher()?.connected === true);
    const before = await buyer.order();
    await eventually(() => printedCodes().includes(`#${before.orderId}`));
    // the store's own header, from the server's configuration (SHOP_NAME is the demo's here)
    const receipt = decodeEscPos(printer.jobs.at(-1)!).lines.map((l) => l.trim());
    const config = (await (await fetch(`${server.url}/api/shop/config`)).json()) as { data: { name: string; address: string; phone: string } };
    expect(receipt).toEqual(expect.arrayContaining([config.data.name, config.data.phone]));

    await first.stop(); // the app closes, or the PC restarts
    const missed = [await buyer.order(), await buyer.order()];
    const again = await counterAt(dir);
    expect(again.status()).toMatchObject({ signedIn: true, staffName: 'Nimal Counter' });
    for (const order of missed) await eventually(() => printedCodes().includes(`#${order.orderId}`));
    // one more order, placed once the catch-up is done: the queue prints oldest first, one at a time, so a second
    // ticket of an earlier order (the catch-up's and the live event's both taken) would be printed before this one's
    const after = await buyer.order();
    await eventually(() => printedCodes().includes(`#${after.orderId}`));
    for (const order of [before, ...missed, after]) expect(printedCodes().filter((c) => c === `#${order.orderId}`)).toHaveLength(1);
    await again.stop();
  });

  it('prints an order the dashboard names by id, loading it itself, with the copies set, and a reprint marked REPRINT', async () => {
    const counter = await counterAt(path.join(root, 'counter-print'));
    await counter.settings.save({ printer: printer.address, autoPrint: false, copies: 2 });
    await counter.bridge.signIn(await staffAccount(server.url, 'Print Clerk'), STAFF_PASSWORD);
    const order = await buyer.order();
    const jobsBefore = printer.jobs.length;
    const first = await counter.bridge.printOrder(order.orderId);
    expect(first.ok && first.data.length).toBe(2);
    await eventually(() => printer.jobs.length === jobsBefore + 2);
    expect(decodeEscPos(printer.jobs.at(-1)!).lines[0]).toBe(`#${order.orderId}`);
    expect(await counter.bridge.printOrder(order._id)).toEqual({ ok: true, data: [] }); // printed already: not by accident again
    await counter.bridge.reprintOrder(order._id);
    await eventually(() => printer.jobs.length === jobsBefore + 3);
    expect(decodeEscPos(printer.jobs.at(-1)!).lines.join('\n')).toContain('REPRINT');
    expect(await counter.bridge.printOrder('NOSUCH')).toEqual({ ok: false, error: 'There is no such order.' });
  });

  it('rings on two counters for one order; one takes it, both stop, and the other\'s take answers 409', async () => {
    const sounds: { a: string[]; b: string[] } = { a: [], b: [] };
    const one = await counterAt(path.join(root, 'counter-1'), sounds.a);
    const two = await counterAt(path.join(root, 'counter-2'), sounds.b);
    for (const [counter, name] of [[one, 'Kamala One'], [two, 'Sunil Two']] as const) {
      await counter.settings.save({ autoPrint: false });
      expect((await counter.bridge.signIn(await staffAccount(server.url, name), STAFF_PASSWORD)).ok).toBe(true);
      await eventually(() => counter.dispatcher()?.connected === true);
    }
    const order = await buyer.order();
    await eventually(() => one.alert.pending().includes(order._id) && two.alert.pending().includes(order._id));
    expect(sounds.a.length).toBeGreaterThan(0);
    expect(sounds.b.length).toBeGreaterThan(0);
    expect(await one.bridge.acknowledgeOrder(order._id)).toEqual({ ok: true, data: null });
    await eventually(() => !one.alert.pending().includes(order._id) && !two.alert.pending().includes(order._id));
    const late = await two.bridge.acknowledgeOrder(order._id);
    expect(late).toEqual({ ok: false, error: 'Kamala One already took this order.' });
  });

  it('says it is signed out, and rings, when its saved session has ended', async () => {
    const dir = path.join(root, 'counter-ended');
    const mobile = await staffAccount(server.url, 'Ended Session');
    const first = await counterAt(dir);
    await first.bridge.signIn(mobile, STAFF_PASSWORD);
    await first.stop();
    // the account's password is reset elsewhere: every session ends
    const admin = new ServerApi(server.url, undefined);
    await admin.login(ADMIN.mobile, ADMIN.password);
    const found = await admin.request<{ users: Array<{ _id: string; mobile: string }> }>('GET', `/api/users/list?search=${mobile}`);
    await admin.request('PUT', '/api/users/update-status', { _id: found.users.find((u) => u.mobile === mobile)!._id, status: 'Disabled' });
    const sounds: string[] = [];
    const notes: string[] = [];
    const restarted = await counterAt(dir, sounds, notes);
    expect(restarted.status()).toMatchObject({ signedIn: false, staffName: null, problem: expect.stringMatching(/has ended.*Sign in again/) });
    expect(sounds.length).toBeGreaterThan(0);
    expect(notes).toContain(SIGNED_OUT_TEXT);
    expect(await restarted.bridge.counterStatus()).toMatchObject({ ok: true, data: { signedIn: false } });
  });

  it('says it is signed out, and rings, the moment its session is ended while it runs; signing in again brings it back', async () => {
    const dir = path.join(root, 'counter-cut');
    const mobile = await staffAccount(server.url, 'Cut Session');
    const sounds: string[] = [];
    const notes: string[] = [];
    const statuses: boolean[] = [];
    const counter = await createCounter({
      userDataDir: dir,
      secretBox: keyFileBox(path.join(dir, 'keychain.key')),
      playSound: () => sounds.push('ring'),
      notify: (title) => notes.push(title),
      onStatus: (status) => statuses.push(status.signedIn),
      env: { KADE_SERVER_URL: server.url, KADE_PRINTER: printer.address },
    });
    counters.push(counter);
    await counter.settings.save({ autoPrint: false });
    expect((await counter.bridge.signIn(mobile, STAFF_PASSWORD)).ok).toBe(true);
    await eventually(() => counter.dispatcher()?.connected === true);

    // an admin disables the account: the server cuts the counter's socket and refuses to renew its session
    const admin = new ServerApi(server.url, undefined);
    await admin.login(ADMIN.mobile, ADMIN.password);
    const found = await admin.request<{ users: Array<{ _id: string; mobile: string }> }>('GET', `/api/users/list?search=${mobile}`);
    const id = found.users.find((u) => u.mobile === mobile)!._id;
    await admin.request('PUT', '/api/users/update-status', { _id: id, status: 'Disabled' });
    await eventually(() => counter.status().signedIn === false);
    expect(counter.status().problem).toMatch(/sign-in has ended/);
    expect(statuses.at(-1)).toBe(false);
    expect(notes).toContain(SIGNED_OUT_TEXT);
    await eventually(() => sounds.length > 0);
    expect(counter.dispatcher()).toBeUndefined();

    // re-enabled and signed in again: it rings for orders again
    await admin.request('PUT', '/api/users/update-status', { _id: id, status: 'Active' });
    expect((await counter.bridge.signIn(mobile, STAFF_PASSWORD)).ok).toBe(true);
    expect(counter.status()).toMatchObject({ signedIn: true, staffName: 'Cut Session', problem: null });
    await eventually(() => counter.dispatcher()?.connected === true);
    const order = await buyer.order();
    await eventually(() => counter.alert.pending().includes(order._id));
    expect(counter.alert.pending()).not.toContain('signed-out');
  });
  it("signs in past a stranger's guesses at its number with the device cookie of its last login there, after a restart too", async () => {
    const dir = path.join(root, 'counter-device');
    const mobile = await staffAccount(server.url, 'Device Clerk');
    const first = await counterAt(dir);
    await first.settings.save({ autoPrint: false });
    expect((await first.bridge.signIn(mobile, STAFF_PASSWORD)).ok).toBe(true);
    await first.stop();
    // kept sealed beside the session (the keychain's stand-in here), never in clear text
    const kept = readFileSync(path.join(dir, 'devices.bin')).toString('latin1');
    expect(kept.length).toBeGreaterThan(0);
    expect(kept).not.toContain('d1.');

    // a stranger meets the number's failure ceiling: from then on even the right password is refused to strangers
    const guess = (password: string) =>
      fetch(`${server.url}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mobile, password }) });
    for (let i = 0; i < 6; i++) expect((await guess(`wrong-guess-${i}`)).status).toBe(401);
    expect((await guess(STAFF_PASSWORD)).status).toBe(429);

    // the clerk had signed out (the session is gone), the counter starts again and the clerk signs in: it is let in
    rmSync(path.join(dir, 'session.bin'));
    const again = await counterAt(dir);
    expect(again.status().signedIn).toBe(false);
    expect((await again.bridge.signIn(mobile, STAFF_PASSWORD)).ok).toBe(true);
    expect(again.status()).toMatchObject({ signedIn: true, staffName: 'Device Clerk', problem: null });
    await again.stop();

    // a counter that never signed in as that number is a stranger, and is told so
    const stranger = await counterAt(path.join(root, 'counter-stranger'));
    const refused = await stranger.bridge.signIn(mobile, STAFF_PASSWORD);
    expect(refused).toMatchObject({ ok: false });
    expect(refused.ok ? '' : refused.error).toMatch(/too many|try again/i);
    expect(stranger.status().signedIn).toBe(false);
  });
});
