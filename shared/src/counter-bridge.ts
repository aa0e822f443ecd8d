// The counter bridge's contract (issue 32, item 3): what the counter app (desktop/) puts on `window.kadeCounter`
// for the dashboard page and its own settings page, declared once. The desktop's preload and main process
// implement it (desktop/src/ipc-channels.ts instantiates it with its settings); the dashboard calls the part it
// uses (shop-web/src/features/admin/print/bridge.ts). A method that changes shape on one side no longer compiles
// on the other.
import type { HandInSlipRequest } from './schemas/riders';

/** Every call answers `{ ok: true, data }` or `{ ok: false, error }` in words for the clerk; none throws across the bridge. */
export type BridgeResult<T> = { ok: true; data: T } | { ok: false; error: string };

/** How the receipt printer answers: printing, not answering, or not set up in the counter's settings. */
export type CounterPrinterState = 'connected' | 'offline' | 'not-configured';

/**
 * A print job's state. queued: waiting to print (failing when `lastError` is set: it is retried by itself);
 * sending: going to the printer now; held: old when the printer came back, waiting for the clerk; unknown: the
 * app stopped while it was printing, so it may or may not be on paper; printed; cancelled (skipped by the clerk).
 */
export type CounterJobState = 'queued' | 'sending' | 'printed' | 'held' | 'unknown' | 'cancelled';

/** A print job as the bridge shows it: everything but its bytes. */
export interface CounterJobView {
  id: string;
  /** The order's `_id`; with `copy`, the key that keeps an order from printing twice by accident. */
  orderId: string;
  /** The short order number staff read aloud. */
  orderCode: string;
  copy: number;
  reprint: boolean;
  /** A REVISED bill's revision (issue 33), part of the key with the order and copy; absent for the order's first receipt. */
  revision?: number;
  state: CounterJobState;
  attempts: number;
  lastError: string | null;
  createdAt: number;
  updatedAt: number;
  nextAttemptAt: number;
}

/** The printer's state; queued: waiting to print; failed: of those, the ones whose last try failed; held: waiting for the clerk. */
export interface CounterPrinterSummary {
  state: CounterPrinterState;
  queued: number;
  failed: number;
  held: number;
}

/** Whether the counter itself is signed in (its own session, apart from the person using the dashboard), and why not. */
export interface CounterSignInStatus {
  signedIn: boolean;
  staffName: string | null;
  /** Why it is signed out, in words for the clerk; null when signed in. */
  problem: string | null;
}

/**
 * The whole bridge. `Settings` is the counter's settings as its own schema reads them (desktop/src/config.ts);
 * only the counter's bundled settings page reads or saves them.
 */
export interface CounterBridgeApi<Settings = unknown> {
  /** Prints an order by its id (or short number): the counter loads it from the server and builds the receipt itself. */
  printOrder(orderId: string): Promise<BridgeResult<CounterJobView[]>>;
  reprintOrder(orderId: string): Promise<BridgeResult<CounterJobView>>;
  printerStatus(): Promise<BridgeResult<CounterPrinterSummary>>;
  testPrint(): Promise<BridgeResult<CounterJobView>>;
  /** The jobs not yet printed or skipped, oldest first: the print-jobs screen. */
  printJobs(): Promise<BridgeResult<CounterJobView[]>>;
  /** Print now (confirm a held or unknown job, or retry a failing one at once) or skip: answers how many changed. */
  resolveJobs(ids: string[], decision: 'print' | 'cancel'): Promise<BridgeResult<{ changed: number }>>;
  getSettings(): Promise<BridgeResult<Settings>>;
  saveSettings(settings: Partial<Settings>): Promise<BridgeResult<Settings>>;
  /** Takes the order on the server with the counter's session: it stops ringing on every counter. */
  acknowledgeOrder(orderId: string): Promise<BridgeResult<null>>;
  /** Signed in or out, and why: a signed-out counter shows a banner that does not go away. */
  counterStatus(): Promise<BridgeResult<CounterSignInStatus>>;
  /** Signs the counter in as a staff member: it then receives new orders live and reports itself. */
  signIn(mobile: string, password: string): Promise<BridgeResult<{ connected: boolean }>>;
  /** Opens the counter's own Settings window (where the clerk signs the counter in); the page learns nothing from it. */
  openSettings(): Promise<BridgeResult<null>>;
  /** Prints a day's summary (Z-report, day YYYY-MM-DD in the shop's zone): the counter loads the report with its own session. */
  printDaySummary(day: string): Promise<BridgeResult<CounterJobView>>;
  /** Prints a rider's hand-in slip: the counter loads that day's report with its own session and builds the slip. */
  printHandInSlip(slip: HandInSlipRequest): Promise<BridgeResult<CounterJobView>>;
}

/** The calls the dashboard page may make (the settings and the counter's sign-in are the counter's own settings page's). */
export const DASHBOARD_BRIDGE_CALLS = [
  'acknowledgeOrder',
  'printOrder',
  'reprintOrder',
  'printerStatus',
  'testPrint',
  'printJobs',
  'resolveJobs',
  'counterStatus',
  'openSettings',
  'printDaySummary',
  'printHandInSlip',
] as const satisfies ReadonlyArray<keyof CounterBridgeApi>;

/**
 * The bridge as the dashboard sees it. `printHandInSlip` may be missing: a counter app installed before hand-in
 * slips (issue 20) has none, and the dashboard then offers no slip.
 */
export type DashboardBridge = Pick<CounterBridgeApi, Exclude<(typeof DASHBOARD_BRIDGE_CALLS)[number], 'printHandInSlip'>> &
  Partial<Pick<CounterBridgeApi, 'printHandInSlip'>>;
