import type { HandInSlipRequest, ReceiptOrder } from '@kade/shared';
import type { DesktopConfig } from './config';
import type { PrintJob, PrintJobView } from './printer/print-queue';
import type { PrinterState } from './printer/transport';

/**
 * The one narrow bridge between the dashboard page and the counter app: every channel name once, with what
 * it takes and what it answers. Handlers answer `{ ok: true, data }` or `{ ok: false, error }`, never throw
 * across the bridge.
 */
export const IPC = {
  printOrder: 'kade:print-order',
  reprintOrder: 'kade:reprint-order',
  printerStatus: 'kade:printer-status',
  testPrint: 'kade:test-print',
  printJobs: 'kade:print-jobs',
  resolveJobs: 'kade:resolve-jobs',
  getSettings: 'kade:get-settings',
  saveSettings: 'kade:save-settings',
  acknowledgeOrder: 'kade:acknowledge-order',
  counterStatus: 'kade:counter-status',
  signIn: 'kade:sign-in',
  openSettings: 'kade:open-settings',
  printDaySummary: 'kade:print-day-summary',
  printHandInSlip: 'kade:print-hand-in-slip',
} as const;

/** Whether the counter is signed in: the window shows a banner that will not go away while it is not. */
export interface CounterStatus {
  signedIn: boolean;
  staffName: string | null;
  /** Why it is signed out, in words for the clerk; null when signed in. */
  problem: string | null;
}

export type IpcResult<T> = { ok: true; data: T } | { ok: false; error: string };

/** An order as the dashboard holds it: what a receipt needs, and its ids. */
export type BridgeOrder = ReceiptOrder & { _id: string };

export interface BridgeApi {
  /** Prints an order by its id (or short number): the counter loads it from the server and builds the receipt itself. */
  printOrder(orderId: string): Promise<IpcResult<PrintJob[]>>;
  reprintOrder(orderId: string): Promise<IpcResult<PrintJob>>;
  /** The printer's state; queued: waiting to print; failed: of those, the ones whose last try failed; held: waiting for the clerk (held or unknown). */
  printerStatus(): Promise<IpcResult<{ state: PrinterState; queued: number; failed: number; held: number }>>;
  testPrint(): Promise<IpcResult<PrintJob>>;
  /** The jobs not yet printed or skipped, oldest first, without their bytes: the print-jobs screen. */
  printJobs(): Promise<IpcResult<PrintJobView[]>>;
  /** Print now (confirm a held or unknown job, or retry a failing one at once) or skip: answers how many changed. */
  resolveJobs(ids: string[], decision: 'print' | 'cancel'): Promise<IpcResult<{ changed: number }>>;
  getSettings(): Promise<IpcResult<DesktopConfig>>;
  saveSettings(settings: Partial<DesktopConfig>): Promise<IpcResult<DesktopConfig>>;
  /** Takes the order on the server with the counter's session: it stops ringing on every counter. */
  acknowledgeOrder(orderId: string): Promise<IpcResult<null>>;
  /** Signed in or out, and why: a signed-out counter shows a banner that does not go away. */
  counterStatus(): Promise<IpcResult<CounterStatus>>;
  /** Signs the counter in as a staff member: it then receives new orders live and reports itself. */
  signIn(mobile: string, password: string): Promise<IpcResult<{ connected: boolean }>>;
  /** Opens the counter's own Settings window (where the clerk signs the counter in); the page learns nothing from it. */
  openSettings(): Promise<IpcResult<null>>;
  /** Prints a day's summary (Z-report, day YYYY-MM-DD in the shop's zone): the counter loads the report with its own session. */
  printDaySummary(day: string): Promise<IpcResult<PrintJob>>;
  /**
   * Prints a rider's hand-in slip (issue 20): the page names the day, the rider and the hand-in; the counter loads
   * the day's report with its own session and builds the slip.
   */
  printHandInSlip(slip: HandInSlipRequest): Promise<IpcResult<PrintJob>>;
}
