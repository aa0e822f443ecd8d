import type { BridgeResult, CounterBridgeApi, CounterSignInStatus, ReceiptOrder } from '@kade/shared';
import type { DesktopConfig } from './config';

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
export type CounterStatus = CounterSignInStatus;

export type IpcResult<T> = BridgeResult<T>;

/** An order as the dashboard holds it: what a receipt needs, and its ids. */
export type BridgeOrder = ReceiptOrder & { _id: string };

/** The bridge this app implements: the shared contract (@kade/shared counter-bridge) with this app's settings. */
export type BridgeApi = CounterBridgeApi<DesktopConfig>;
