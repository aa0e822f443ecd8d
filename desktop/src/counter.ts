import path from 'node:path';
import { buildReceipt } from '@kade/shared';
import type { DesktopConfig } from './config';
import type { BridgeApi, BridgeOrder, IpcResult } from './ipc-channels';
import { randomUUID } from 'node:crypto';
import { formatRs, rupeesToPaise } from '@kade/shared';
import { OrderAlert } from './dispatcher/alert';
import { Dispatcher } from './dispatcher/dispatcher';
import { Heartbeat } from './dispatcher/heartbeat';
import { ServerApi } from './dispatcher/server-api';
import { receiptBytes } from './printer/receipt-bytes';
import { PrintQueue } from './printer/print-queue';
import { parsePrinterAddress, printerState } from './printer/transport';
import { SettingsStore } from './settings-store';

async function answer<T>(work: () => Promise<T>): Promise<IpcResult<T>> {
  try {
    return { ok: true, data: await work() };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

export interface CounterOptions {
  userDataDir: string;
  shopName?: string;
  timeZone?: string;
  playSound: () => void;
  /** A system notification (Electron's Notification in the app). */
  notify?: (title: string, body: string) => void;
  env?: Record<string, string | undefined>;
  appVersion?: string;
}

/**
 * The counter app's logic in plain Node, built once by the Electron main process (which only adds windows and
 * IPC wiring): settings, the print queue, the new-order alert, and the handlers behind the bridge.
 */
export async function createCounter(options: CounterOptions) {
  const store = new SettingsStore(options.userDataDir, options.env ?? {});
  const { firstRun } = await store.load();
  const queue = await PrintQueue.open({ file: path.join(options.userDataDir, 'print-queue.json'), printer: () => parsePrinterAddress(store.get().printer) });
  queue.start();
  const alert = new OrderAlert(() => {
    if (store.get().sound) options.playSound();
  });
  let dispatcher: Dispatcher | undefined;
  let heartbeat: Heartbeat | undefined;

  /** Signs in as staff, then listens for orders (alert, notification, auto-print) and reports the counter. */
  async function signIn(mobile: string, password: string): Promise<{ connected: boolean }> {
    dispatcher?.stop();
    heartbeat?.stop();
    const settings = store.get();
    const api = new ServerApi(settings.serverUrl, undefined);
    await api.login(mobile, password);
    const counterId = settings.counterId ?? (await store.save({ counterId: randomUUID() })).counterId!;
    dispatcher = new Dispatcher({
      api,
      queue,
      settings: () => ({
        autoPrint: store.get().autoPrint,
        copies: store.get().copies,
        receiptMode: store.get().receiptMode,
        shopName: options.shopName ?? 'Kade',
        timeZone: options.timeZone ?? 'Asia/Colombo',
      }),
      lastSeen: store.get().lastSeen ?? new Date().toISOString(),
      saveLastSeen: (iso) => void store.save({ lastSeen: iso }).catch(() => undefined),
      onNewOrder: (order) => {
        alert.raise(order._id);
        options.notify?.(`New order #${order.orderId}`, `${formatRs(rupeesToPaise(order.totalAmt))} · ${order.Choose ?? ''}`.trim());
      },
    });
    dispatcher.start();
    heartbeat = new Heartbeat(api, async () => {
      const jobs = queue.list();
      return {
        counterId,
        name: store.get().counterName,
        printer: await printerState(parsePrinterAddress(store.get().printer)),
        queued: jobs.filter((j) => j.state === 'queued').length,
        appVersion: options.appVersion ?? '0.1.0',
      };
    });
    heartbeat.start();
    return { connected: true };
  }

  const receiptFor = (order: BridgeOrder, reprint: boolean) =>
    receiptBytes(buildReceipt(order, { shopName: options.shopName ?? 'Kade', timeZone: options.timeZone ?? 'Asia/Colombo', reprint }), { mode: store.get().receiptMode });

  const bridge: BridgeApi = {
    printOrder: (order) => answer(async () => queue.enqueueOrder({ orderId: order._id, orderCode: order.orderId }, await receiptFor(order, false), store.get().copies)),
    reprintOrder: (order) => answer(async () => queue.reprint({ orderId: order._id, orderCode: order.orderId }, await receiptFor(order, true))),
    printerStatus: () =>
      answer(async () => {
        const jobs = queue.list();
        return {
          state: await printerState(parsePrinterAddress(store.get().printer)),
          queued: jobs.filter((j) => j.state === 'queued').length,
          held: jobs.filter((j) => j.state === 'held' || j.state === 'unknown').length,
        };
      }),
    testPrint: () =>
      answer(async () => {
        if (!parsePrinterAddress(store.get().printer)) throw new Error('Set the printer first: a device path such as /dev/usb/lp0 or tcp://192.168.1.50:9100.');
        const test: BridgeOrder = {
          _id: `test-${Date.now()}`,
          orderId: 'TEST',
          createdAt: new Date(),
          order_status: 'Pending',
          products: [{ quantity: 1, product_details: { name: 'Test print: if you can read this, the printer works', unit: '', price: 0 } }],
          totalAmt: 0,
        };
        return queue.reprint({ orderId: test._id, orderCode: 'TEST' }, await receiptFor(test, false));
      }),
    printJobs: () => answer(async () => queue.list()),
    resolveJobs: (ids, decision) => answer(async () => (await queue.resolve(ids, decision), null)),
    getSettings: () => answer(async () => store.get()),
    saveSettings: (change: Partial<DesktopConfig>) => answer(() => store.save(change)),
    acknowledgeOrder: (orderId) => answer(async () => (alert.acknowledge(orderId), null)),
    signIn: (mobile, password) => answer(() => signIn(mobile, password)),
  };

  return {
    firstRun,
    settings: store,
    queue,
    alert,
    bridge,
    dispatcher: () => dispatcher,
    stop: async () => {
      dispatcher?.stop();
      heartbeat?.stop();
      alert.stop();
      await queue.stop();
    },
  };
}

export type Counter = Awaited<ReturnType<typeof createCounter>>;
