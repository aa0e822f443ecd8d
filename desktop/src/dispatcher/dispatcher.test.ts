import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, eventually, packOrder, shopper, startServer, WAIT_MS } from '../testing/live-server';
import { decodeEscPos } from '../printer/escpos-text';
import { PrintQueue } from '../printer/print-queue';
import { RecordingPrinter } from '../printer/recording-printer';
import { parsePrinterAddress } from '../printer/transport';
import { Dispatcher, type DispatcherOptions } from './dispatcher';
import { formatRs, rupeesToPaise, type OrderWire } from '@kade/shared';
import { ServerApi } from './server-api';
import { Heartbeat } from './heartbeat';
import { printerState } from '../printer/transport';
import { createCounter } from '../counter';

describe('the dispatcher against the real server', () => {
  let dir: string;
  let server: { url: string; process: ChildProcess };
  let printer: RecordingPrinter;
  let queue: PrintQueue;
  let dispatcher: Dispatcher;
  let buyer: Awaited<ReturnType<typeof shopper>>;
  const alerted: string[] = [];
  const statuses: Array<{ to: string; by: string }> = [];
  /** What each dispatcher heard of revisions: its name, the order, the revision and the jobs it queued. */
  const revisions: Array<{ by: string; orderId: string; revision: number; queued: number }> = [];
  const settings: DispatcherOptions['settings'] = () => ({ autoPrint: true, copies: 1, receiptMode: 'text', shop: { shopName: 'Kade', timeZone: 'Asia/Colombo' } });
  const hearRevisions = (by: string): DispatcherOptions['onRevised'] => (order, queued) => revisions.push({ by, orderId: order._id, revision: order.revision ?? 0, queued });

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'kade-counter-'));
    server = await startServer(path.join(dir, 'server-data'));
    printer = await new RecordingPrinter().start();
    queue = await PrintQueue.open({ file: path.join(dir, 'print-queue.json'), printer: () => parsePrinterAddress(printer.address), retryMs: { first: 100, longest: 500 } });
    queue.start();
    const api = new ServerApi(server.url, undefined);
    await api.login(ADMIN.mobile, ADMIN.password);
    dispatcher = new Dispatcher({
      api,
      queue,
      settings,
      lastSeen: new Date().toISOString(),
      saveLastSeen: () => undefined,
      onNewOrder: (order) => alerted.push(order._id),
      onStatus: (change) => statuses.push({ to: change.to, by: change.by }),
      onRevised: hearRevisions('main'),
    });
    dispatcher.start();
    await eventually(() => dispatcher.connected);
    buyer = await shopper(server.url);
  }, 240_000);

  afterAll(async () => {
    dispatcher?.stop();
    await queue?.stop();
    await printer?.stop();
    server?.process.kill('SIGTERM');
    await new Promise((resolve) => server?.process.once('exit', resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  const printedCodes = () => printer.jobs.map((bytes) => decodeEscPos(bytes).lines[0]);

  it('alerts and prints an order a shopper places, once', async () => {
    const order = await buyer.order();
    await eventually(() => printedCodes().includes(`#${order.orderId}`));
    expect(alerted.filter((id) => id === order._id)).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(printedCodes().filter((c) => c === `#${order.orderId}`)).toHaveLength(1);
  });

  it('catches up on orders placed while it was disconnected, printing each once', async () => {
    const placed: OrderWire[] = [];
    for (let round = 0; round < 10; round++) {
      dispatcher.dropConnection(); // the network drops…
      placed.push(await buyer.order()); // …while an order comes in
      placed.push(await buyer.order());
      await eventually(() => dispatcher.connected);
    }
    await eventually(() => placed.every((o) => printedCodes().includes(`#${o.orderId}`)));
    for (const order of placed) {
      expect(printedCodes().filter((c) => c === `#${order.orderId}`), order.orderId).toHaveLength(1);
      expect(alerted.filter((id) => id === order._id), order.orderId).toHaveLength(1);
    }
  }, 180_000);

  it('hears when another counter takes an order', async () => {
    const order = await buyer.order();
    const other = new ServerApi(server.url, undefined);
    await other.login(ADMIN.mobile, ADMIN.password);
    await other.request('PUT', '/api/orders/update-status', { orderId: order._id, order_status: 'Processing' });
    await eventually(() => statuses.some((s) => s.to === 'Processing'));
  });

  it('reports the counter and its printer so admins see them online', async () => {
    const api = new ServerApi(server.url, undefined);
    await api.login(ADMIN.mobile, ADMIN.password);
    const counterId = '3f0c6a52-0d5e-4f7b-9a61-2a7d8e4b1c90';
    const heartbeat = new Heartbeat(api, async () => ({
      counterId,
      name: 'Front counter',
      printer: await printerState(parsePrinterAddress(printer.address)),
      queued: queue.list().filter((j) => j.state === 'queued').length,
      appVersion: '0.1.0',
    }));
    expect(await heartbeat.beat()).toBe(true);
    const counters = await api.request<Array<{ _id: string; online: boolean; printer: string }>>('GET', '/api/counters');
    expect(counters.find((c) => c._id === counterId)).toMatchObject({ online: true, printer: 'connected' });
  });

  it('works end to end from the counter: sign in, receive, alert, notify, print, report', async () => {
    const counterDir = mkdtempSync(path.join(os.tmpdir(), 'kade-counter-app-'));
    const counterPrinter = await new RecordingPrinter().start();
    const notices: string[] = [];
    let sounds = 0;
    const counter = await createCounter({ userDataDir: counterDir, playSound: () => (sounds += 1), notify: (title) => notices.push(title), env: { KADE_SERVER_URL: server.url } });
    try {
      await counter.bridge.saveSettings({ printer: counterPrinter.address, counterName: 'Till 2' });
      expect(await counter.bridge.signIn(ADMIN.mobile, 'wrong-password')).toMatchObject({ ok: false, error: 'Wrong mobile number or password.' });
      expect(await counter.bridge.signIn(ADMIN.mobile, ADMIN.password)).toEqual({ ok: true, data: { connected: true } });
      await eventually(() => counter.dispatcher()?.connected === true);
      const order = await buyer.order();
      await eventually(() => counterPrinter.jobs.some((bytes) => decodeEscPos(bytes).lines[0] === `#${order.orderId}`));
      expect(notices).toContain(`New order #${order.orderId}`);
      expect(sounds).toBeGreaterThan(0);
      expect(counter.alert.pending()).toContain(order._id);
      await counter.bridge.acknowledgeOrder(order._id);
      expect(counter.alert.pending()).not.toContain(order._id);
      const api = new ServerApi(server.url, undefined);
      await api.login(ADMIN.mobile, ADMIN.password);
      let till: { name: string; online: boolean } | undefined;
      for (const deadline = Date.now() + WAIT_MS; !till && Date.now() < deadline; ) {
        till = (await api.request<Array<{ name: string; online: boolean }>>('GET', '/api/counters')).find((c) => c.name === 'Till 2');
        if (!till) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(till).toMatchObject({ online: true });
    } finally {
      await counter.stop();
      await counterPrinter.stop();
      rmSync(counterDir, { recursive: true, force: true });
    }
  });

  // Last in the file: it restarts the dispatcher and its queue.
  it('prints one REVISED bill per revision when packing changes an order: not for ticks, not twice for an event heard twice, a catch-up or a restart', async () => {
    const staff = new ServerApi(server.url, undefined);
    await staff.login(ADMIN.mobile, ADMIN.password);
    const order = await buyer.order(2);
    const printedOf = (mark: string) => printer.jobs.map((bytes) => decodeEscPos(bytes).lines).filter((lines) => lines[0] === `#${order.orderId}` && lines[1] === mark);
    const revisedJobs = (revision: number) => queue.list().filter((job) => job.orderId === order._id && job.revision === revision);
    const heard = (by: string, revision: number) => revisions.filter((r) => r.by === by && r.orderId === order._id && r.revision === revision);
    await eventually(() => printedCodes().includes(`#${order.orderId}`));

    // found in full: an order:revised that only ticks lines, at revision 0, prints nothing
    expect((await packOrder(staff, order, buyer.productId, 2)).revision).toBe(0);
    await eventually(() => heard('main', 0).length >= 1);
    expect(queue.list().filter((job) => job.orderId === order._id).map((job) => job.revision ?? 0)).toEqual([0]);

    // a second listener on the same queue: the event arrives twice
    const twin = new Dispatcher({ api: staff, queue, settings, lastSeen: new Date().toISOString(), saveLastSeen: () => undefined, onNewOrder: () => undefined, onRevised: hearRevisions('twin') });
    twin.start();
    await eventually(() => twin.connected);
    const revised = await packOrder(staff, { ...order, order_status: 'Processing' }, buyer.productId, 1);
    expect(revised).toMatchObject({ revision: 1, originalTotalAmt: order.totalAmt });
    // each hears it (the twin perhaps twice: its first catch-up, on connecting, may already read the packed order),
    // and between them they queue it once
    await eventually(() => heard('main', 1).length >= 1 && heard('twin', 1).length >= 1);
    // between them the queue holds the bill once (read from the queue itself: which listener's hearing added it, and
    // when it says so, depends on the order the two event handlers finish on a loaded machine)
    await eventually(() => revisedJobs(1).length >= 1);
    expect(revisedJobs(1)).toHaveLength(1);
    await eventually(() => printedOf(' REVISED 1 ').length === 1);
    const bill = printedOf(' REVISED 1 ')[0]!;
    const rs = (rupees: number) => formatRs(rupeesToPaise(rupees));
    expect(bill[2]).toBe(`COLLECT ${rs(revised.totalAmt)}`);
    const text = bill.join('\n');
    expect(text).toMatch(/ {2}2 -> 1 x Rs\./);
    expect(text).toMatch(/ {2}Removed 1 +-Rs\./);
    expect(text).toMatch(new RegExp(`Original total +${rs(order.totalAmt)}`));
    expect(text).toMatch(new RegExp(`NEW TOTAL +${rs(revised.totalAmt)}`));
    twin.stop();

    // a reconnect: the catch-up reads the packed order again
    const before = heard('main', 1).length;
    dispatcher.dropConnection();
    await eventually(() => dispatcher.connected);
    await dispatcher.catchUp();
    expect(heard('main', 1).length).toBeGreaterThan(before);
    expect(revisedJobs(1)).toHaveLength(1);

    // a restart: a new dispatcher with nothing in memory, the queue opened again from its file
    dispatcher.stop();
    await queue.stop();
    queue = await PrintQueue.open({ file: path.join(dir, 'print-queue.json'), printer: () => parsePrinterAddress(printer.address), retryMs: { first: 100, longest: 500 } });
    queue.start();
    dispatcher = new Dispatcher({ api: staff, queue, settings, lastSeen: order.createdAt, saveLastSeen: () => undefined, onNewOrder: () => undefined, onRevised: hearRevisions('restarted') });
    dispatcher.start();
    await eventually(() => dispatcher.connected);
    await dispatcher.catchUp();
    expect(heard('restarted', 1).length).toBeGreaterThan(0);
    expect(heard('restarted', 1).every((r) => r.queued === 0)).toBe(true);
    expect(revisedJobs(1)).toHaveLength(1);

    // a second revision prints its own bill, once
    expect((await packOrder(staff, revised, buyer.productId, 0)).revision).toBe(2);
    await eventually(() => printedOf(' REVISED 2 ').length === 1);
    expect(printedOf(' REVISED 2 ')[0]![2]).toBe('COLLECT Rs.0.00');
    await queue.drain();
    expect(printedOf(' REVISED 1 ')).toHaveLength(1);
    expect(printedOf(' REVISED 2 ')).toHaveLength(1);
    expect(queue.list().filter((job) => job.orderId === order._id).map((job) => job.revision ?? 0)).toEqual([0, 1, 2]);
  }, 90_000);
});
