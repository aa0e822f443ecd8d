// The counter app's bridge, as the dashboard sees it. Inside the Kade counter app (desktop/) the preload puts
// it on `window.kadeCounter`; in any other browser it is missing and the desktop-only controls stay hidden.
// Its shape is declared once in @kade/shared (counter-bridge.ts), which the counter app implements; the
// counter-bridge browser test drives the two together.

import type { BridgeResult, CounterJobView, CounterPrinterState, CounterSignInStatus, DashboardBridge } from '@kade/shared';

/** What the dashboard says after sending a receipt to the counter's printer. */
export const COUNTER_PRINT_TEXT = {
  sent: 'Sent to the receipt printer.',
  reprintSent: 'Printed before: sent again as a REPRINT.',
  printerAway: 'The receipt printer is not answering: the receipt prints as soon as it is back.',
  testSent: 'Test page sent to the receipt printer.',
  daySummarySent: 'Day summary sent to the receipt printer.',
  handInSlipSent: 'Hand-in slip sent to the receipt printer.',
} as const;

/** The counter's banner while it is signed out (the same words as desktop/src/counter.ts SIGNED_OUT_TEXT). */
export const COUNTER_SIGNED_OUT_TEXT = 'This counter is signed out: orders will not ring or print';

/** The bridge's contract is shared with the counter app (@kade/shared counter-bridge): the dashboard's part of it. */
export type CounterBridge = DashboardBridge;
export type { BridgeResult, CounterJobView, CounterPrinterState, CounterSignInStatus };

/** The counter app's bridge, or undefined in an ordinary browser. */
export function counterBridge(): CounterBridge | undefined {
  const candidate = (window as unknown as { kadeCounter?: Partial<CounterBridge> }).kadeCounter;
  return candidate && typeof candidate.printOrder === 'function' && typeof candidate.printerStatus === 'function' ? (candidate as CounterBridge) : undefined;
}

