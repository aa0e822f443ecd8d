import type { ReceiptOrder } from '@kade/shared';
import type { DesktopConfig } from './config';
import type { PrintJob } from './printer/print-queue';
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
  signIn: 'kade:sign-in',
} as const;

export type IpcResult<T> = { ok: true; data: T } | { ok: false; error: string };

/** An order as the dashboard holds it: what a receipt needs, and its ids. */
export type BridgeOrder = ReceiptOrder & { _id: string };

export interface BridgeApi {
  printOrder(order: BridgeOrder): Promise<IpcResult<PrintJob[]>>;
  reprintOrder(order: BridgeOrder): Promise<IpcResult<PrintJob>>;
  printerStatus(): Promise<IpcResult<{ state: PrinterState; queued: number; held: number }>>;
  testPrint(): Promise<IpcResult<PrintJob>>;
  printJobs(): Promise<IpcResult<PrintJob[]>>;
  resolveJobs(ids: string[], decision: 'print' | 'cancel'): Promise<IpcResult<null>>;
  getSettings(): Promise<IpcResult<DesktopConfig>>;
  saveSettings(settings: Partial<DesktopConfig>): Promise<IpcResult<DesktopConfig>>;
  acknowledgeOrder(orderId: string): Promise<IpcResult<null>>;
  /** Signs the counter in as a staff member: it then receives new orders live and reports itself. */
  signIn(mobile: string, password: string): Promise<IpcResult<{ connected: boolean }>>;
}
