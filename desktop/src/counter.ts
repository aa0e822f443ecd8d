import path from 'node:path';
import { buildDaySummary, buildHandInSlip, buildReceipt, ENDPOINTS, type OrderWire } from '@kade/shared';
import type { DesktopConfig } from './config';
import type { BridgeApi, BridgeOrder, CounterStatus, IpcResult } from './ipc-channels';
export type { CounterStatus };
import { randomUUID } from 'node:crypto';
import { formatRs, rupeesToPaise } from '@kade/shared';
import { OrderAlert } from './dispatcher/alert';
import { Dispatcher, type ShopOnReceipt } from './dispatcher/dispatcher';
import { numberOf, SessionVault, type SecretBox } from './session-vault';
import { Heartbeat } from './dispatcher/heartbeat';
import { ServerApi, ServerError } from './dispatcher/server-api';
import { daySummaryBytes, handInSlipBytes, receiptBytes } from './printer/receipt-bytes';
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

/** The banner a signed-out counter shows, and the notification it raises. */
export const SIGNED_OUT_TEXT = 'This counter is signed out: orders will not ring or print';
/** Why an account that may not see the order feed (a shopper's, a rider's) cannot sign a counter in. */
export const NOT_STAFF_TEXT = "This account may not run a counter (it does not see the shop's orders): sign in with a Staff or Admin account. An admin gives an account the Staff role on the dashboard's Users page.";
/** The alert id that keeps ringing while the counter is signed out. */
const SIGNED_OUT_ALERT = 'signed-out';
/** How often untaken orders are checked against the escalation time. */
const ESCALATION_CHECK_MS = 15_000;

export interface CounterOptions {
  userDataDir: string;
  /** Seals the session at rest (Electron's safeStorage in the app); without one the session lives in memory only. */
  secretBox?: SecretBox;
  /** Told whenever the counter signs in or out. */
  onStatus?: (status: CounterStatus) => void;
  /** How a clerk signs this counter in (the app's Settings page; the agent's variables). */
  signInHint?: string;
  playSound: () => void;
  /** A system notification (Electron's Notification in the app). */
  notify?: (title: string, body: string) => void;
  /** Opens the Settings window (the app's own page); without one (the headless agent) the call says where to sign in. */
  openSettings?: () => void;
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
  const vault = options.secretBox ? new SessionVault(options.userDataDir, options.secretBox) : undefined;
  /** Device cookies given to this run's logins (by server and number), for a counter with no vault. */
  const devices = new Map<string, string>();
  let dispatcher: Dispatcher | undefined;
  let heartbeat: Heartbeat | undefined;
  let api: ServerApi | undefined;
  let status: CounterStatus = { signedIn: false, staffName: null, problem: null };
  // The store on the receipt comes from the server's shop configuration once signed in; no name is written here.
  let shop: ShopOnReceipt = { shopName: '' };
  let takeAlertMinutes = 3;
  /** Untaken orders ringing here: when each arrived, and whether it has escalated yet. */
  const ringing = new Map<string, { order: OrderWire; escalated: boolean }>();

  const setStatus = (next: CounterStatus) => {
    status = next;
    options.onStatus?.(next);
  };

  /** Signed out and cannot come back by itself: say so, and ring, until someone signs in. Never silence. */
  function signedOut(problem: string): void {
    dispatcher?.stop();
    heartbeat?.stop();
    dispatcher = undefined;
    heartbeat = undefined;
    api = undefined;
    setStatus({ signedIn: false, staffName: null, problem });
    alert.raise(SIGNED_OUT_ALERT);
    options.notify?.(SIGNED_OUT_TEXT, problem);
  }

  const taken = (orderId: string) => {
    ringing.delete(orderId);
    alert.acknowledge(orderId);
  };

  /** An order untaken for longer than the shop's take-alert time is announced once more, loudly. */
  const escalation = setInterval(() => {
    const now = Date.now();
    for (const entry of ringing.values()) {
      const minutes = Math.floor((now - new Date(entry.order.createdAt).getTime()) / 60_000);
      if (!entry.escalated && minutes >= takeAlertMinutes) {
        entry.escalated = true;
        options.notify?.(`Order #${entry.order.orderId} is waiting ${minutes} min`, 'Nobody has taken it yet: take it on the Pending page.');
      }
    }
  }, ESCALATION_CHECK_MS);
  escalation.unref();

  /** Starts the live work of a signed-in session: the store's details, the dispatcher and the heartbeat. */
  async function startSession(session: ServerApi, staffName: string): Promise<void> {
    dispatcher?.stop();
    heartbeat?.stop();
    api = session;
    const config = await session.call(ENDPOINTS.shop.config, undefined, false);
    shop = { shopName: config.name, shopAddress: config.address, shopPhone: config.phone, footer: config.receiptFooter ?? '', timeZone: config.timeZone };
    takeAlertMinutes = config.takeAlertMinutes ?? takeAlertMinutes;
    const counterId = store.get().counterId ?? (await store.save({ counterId: randomUUID() })).counterId!;
    dispatcher = new Dispatcher({
      api: session,
      queue,
      settings: () => ({ autoPrint: store.get().autoPrint, copies: store.get().copies, receiptMode: store.get().receiptMode, shop }),
      lastSeen: store.get().lastSeen ?? new Date().toISOString(),
      saveLastSeen: (iso) => void store.save({ lastSeen: iso }).catch(() => undefined),
      onNewOrder: (order) => {
        // An order someone has already taken (seen in a catch-up) prints, but does not ring.
        if (order.acknowledgedBy) return;
        ringing.set(order._id, { order, escalated: false });
        alert.raise(order._id);
        options.notify?.(`New order #${order.orderId}`, `${formatRs(rupeesToPaise(order.totalAmt))} · ${order.Choose ?? ''}`.trim());
      },
      onAcknowledged: (order) => taken(order._id),
      // The server ended this session (logged out elsewhere, password reset, account disabled or no longer staff):
      // the sealed sign-in is useless now, and the counter says it is signed out instead of going quiet.
      onSessionOver: () => {
        if (api !== session) return;
        void vault?.clear().catch(() => undefined);
        signedOut(`The sign-in has ended (logged out, password changed, account disabled or no longer staff). ${options.signInHint ?? 'Sign in again on the Settings page.'}`);
      },
      onStatus: (change) => {
        if (change.to !== 'Pending') taken(change.order._id);
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
    alert.acknowledge(SIGNED_OUT_ALERT);
    setStatus({ signedIn: true, staffName, problem: null });
  }

  /** A ServerApi whose every rotated refresh token is sealed into the vault, so a restart finds the newest. */
  function sessionApi(serverUrl: string, session: { accessToken: string; refreshToken: string } | undefined, staffName: () => string): ServerApi {
    return new ServerApi(serverUrl, session, (next) => {
      if (next && vault) void vault.save({ serverUrl, refreshToken: next.refreshToken, staffName: staffName() }).catch(() => undefined);
    });
  }

  /** Signs in as staff, then listens for orders (alert, notification, auto-print) and reports the counter. */
  async function signIn(mobile: string, password: string): Promise<{ connected: boolean }> {
    let name = '';
    const serverUrl = store.get().serverUrl;
    const session = sessionApi(serverUrl, undefined, () => name);
    // the device cookie of this counter's last login as that number (OWASP's device cookie: strangers guessing the
    // number's password cannot lock the counter out), kept sealed across restarts and sign-outs, else for this run
    const device = devices.get(`${serverUrl} ${numberOf(mobile)}`) ?? (await vault?.deviceFor(serverUrl, mobile).catch(() => undefined));
    const issued = await session.login(mobile, password, device);
    if (issued) {
      devices.set(`${serverUrl} ${numberOf(mobile)}`, issued);
      await vault?.keepDevice(serverUrl, mobile, issued).catch(() => undefined);
    }
    // The server decides who may see the order feed: asked once before anything starts, so an account without the
    // permission is told so in one sentence, and no dispatcher runs to be refused.
    try {
      await session.call(ENDPOINTS.orders.list, { query: { scope: 'all', list: 'pending', limit: 1 } });
    } catch (error) {
      if (!(error instanceof ServerError && error.status === 403)) throw error;
      await session.call(ENDPOINTS.account.logout).catch(() => undefined);
      throw new Error(NOT_STAFF_TEXT, { cause: error });
    }
    const me = await session.call(ENDPOINTS.account.details);
    name = me.name;
    if (vault) await vault.save({ serverUrl: store.get().serverUrl, refreshToken: session.refreshToken ?? '', staffName: name }).catch(() => undefined);
    await startSession(session, name);
    return { connected: true };
  }

  /**
   * At start: the sealed session of this server, renewed; then the live connection and a catch-up of what was
   * missed. When there is none, or it cannot be renewed, the counter says it is signed out and rings.
   */
  async function restore(): Promise<boolean> {
    const saved = await vault?.load();
    const serverUrl = store.get().serverUrl;
    if (!saved || saved.serverUrl !== serverUrl) {
      signedOut(vault?.available === false ? 'This computer cannot keep the sign-in safely: sign in again after every restart.' : options.signInHint ?? 'Sign in on the Settings page (Counter → Settings…).');
      return false;
    }
    const session = sessionApi(serverUrl, { accessToken: '', refreshToken: saved.refreshToken }, () => saved.staffName);
    try {
      await session.refresh();
      await startSession(session, saved.staffName);
      return true;
    } catch (error) {
      const offline = !(error instanceof Error && 'status' in error);
      if (!offline) await vault?.clear();
      signedOut(offline ? `The shop server at ${serverUrl} is not answering: the counter keeps trying when you sign in again.` : `The saved sign-in has ended (logged out, password changed or account disabled). ${options.signInHint ?? 'Sign in again on the Settings page.'}`);
      return false;
    }
  }

  /**
   * The order to print, as the server has it, loaded with the counter's own session: a page hands the counter
   * an id, never the text to print.
   */
  async function loadOrder(orderId: string): Promise<OrderWire> {
    if (!api) throw new Error(SIGNED_OUT_TEXT);
    return api.call(ENDPOINTS.orders.details, { query: { orderId } });
  }

  const receiptFor = (order: BridgeOrder, reprint: boolean) => receiptBytes(buildReceipt(order, { ...shop, reprint }), { mode: store.get().receiptMode });

  const bridge: BridgeApi = {
    printOrder: (orderId) =>
      answer(async () => {
        const order = await loadOrder(orderId);
        return queue.enqueueOrder({ orderId: order._id, orderCode: order.orderId }, await receiptFor(order, false), store.get().copies);
      }),
    reprintOrder: (orderId) =>
      answer(async () => {
        const order = await loadOrder(orderId);
        return queue.reprint({ orderId: order._id, orderCode: order.orderId }, await receiptFor(order, true));
      }),
    printerStatus: () =>
      answer(async () => {
        const jobs = queue.list();
        return {
          state: await printerState(parsePrinterAddress(store.get().printer)),
          queued: jobs.filter((j) => j.state === 'queued').length,
          failed: jobs.filter((j) => j.state === 'queued' && j.lastError !== null).length,
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
    printJobs: () => answer(async () => queue.openJobs()),
    resolveJobs: (ids, decision) => answer(async () => ({ changed: await queue.resolve(ids, decision) })),
    getSettings: () => answer(async () => store.get()),
    saveSettings: (change: Partial<DesktopConfig>) => answer(() => store.save(change)),
    acknowledgeOrder: (orderId) =>
      answer(async () => {
        if (!api) throw new Error(SIGNED_OUT_TEXT);
        await api.call(ENDPOINTS.orders.acknowledge, { body: { orderId } });
        taken(orderId);
        return null;
      }),
    counterStatus: () => answer(async () => status),
    signIn: (mobile, password) => answer(() => signIn(mobile, password)),
    openSettings: () =>
      answer(async () => {
        if (!options.openSettings) throw new Error(options.signInHint ?? 'This counter has no Settings window.');
        options.openSettings();
        return null;
      }),
    printDaySummary: (day) =>
      answer(async () => {
        // Like an order, the report is loaded with the counter's own session: the page names a day, never the text.
        if (!api) throw new Error(SIGNED_OUT_TEXT);
        const report = await api.call(ENDPOINTS.reports.day, { query: { day } });
        const bytes = await daySummaryBytes(buildDaySummary(report, shop), { mode: store.get().receiptMode });
        // Always printed when asked (a new job each time), never queued by itself.
        return queue.reprint({ orderId: `day-summary-${report.day}-${Date.now()}`, orderCode: `Z ${report.day}` }, bytes);
      }),
    printHandInSlip: (slip) =>
      answer(async () => {
        // The page names the hand-in; the figures come from the server's report, read with the counter's session.
        if (!api) throw new Error(SIGNED_OUT_TEXT);
        const report = await api.call(ENDPOINTS.reports.day, { query: { day: slip.day } });
        const model = buildHandInSlip(report, slip.riderId, slip.handInId, shop);
        const bytes = await handInSlipBytes(model, { mode: store.get().receiptMode });
        return queue.reprint({ orderId: `hand-in-${slip.handInId}-${Date.now()}`, orderCode: `HAND-IN ${model.rider}` }, bytes);
      }),
  };

  if (!firstRun) await restore();

  return {
    firstRun,
    settings: store,
    queue,
    alert,
    bridge,
    status: () => status,
    restore,
    signIn,
    dispatcher: () => dispatcher,
    stop: async () => {
      clearInterval(escalation);
      dispatcher?.stop();
      heartbeat?.stop();
      alert.stop();
      await queue.stop();
    },
  };
}

export type Counter = Awaited<ReturnType<typeof createCounter>>;
