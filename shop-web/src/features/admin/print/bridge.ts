// The counter app's bridge, as the dashboard sees it. Inside the Kade counter app (desktop/) the preload puts
// it on `window.kadeCounter`; in any other browser it is missing and the desktop-only controls stay hidden.
// The shape is the part of desktop/src/ipc-channels.ts BridgeApi the dashboard uses (the web app does not
// import the desktop package; the counter-bridge browser test checks the two still fit).

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

export type BridgeResult<T> = { ok: true; data: T } | { ok: false; error: string };

export type CounterPrinterState = 'connected' | 'offline' | 'not-configured';

/** A print job as the counter reports it (only what the dashboard reads). */
export interface CounterPrintJob {
  id: string;
  state: string;
}

/**
 * A job on the print-jobs screen. queued: waiting to print (failing when `lastError` is set: it is retried by
 * itself); sending: going to the printer now; held: old when the printer came back, waiting for the clerk;
 * unknown: the app stopped while it was printing, so it may or may not be on paper.
 */
export interface CounterJobView {
  id: string;
  orderId: string;
  orderCode: string;
  copy: number;
  reprint: boolean;
  state: 'queued' | 'sending' | 'held' | 'unknown' | 'printed' | 'cancelled';
  attempts: number;
  lastError: string | null;
  createdAt: number;
  updatedAt: number;
  nextAttemptAt: number;
}

/** Whether the counter itself is signed in (its own session, apart from the person using the dashboard). */
export interface CounterSignInStatus {
  signedIn: boolean;
  staffName: string | null;
  problem: string | null;
}

export interface CounterPrinterSummary {
  state: CounterPrinterState;
  queued: number;
  failed: number;
  held: number;
}

export interface CounterBridge {
  /** The counter loads the order by id with its own session and builds the receipt itself. */
  printOrder(orderId: string): Promise<BridgeResult<CounterPrintJob[]>>;
  reprintOrder(orderId: string): Promise<BridgeResult<CounterPrintJob>>;
  printerStatus(): Promise<BridgeResult<CounterPrinterSummary>>;
  testPrint(): Promise<BridgeResult<CounterPrintJob>>;
  printJobs(): Promise<BridgeResult<CounterJobView[]>>;
  resolveJobs(ids: string[], decision: 'print' | 'cancel'): Promise<BridgeResult<{ changed: number }>>;
  counterStatus(): Promise<BridgeResult<CounterSignInStatus>>;
  openSettings(): Promise<BridgeResult<null>>;
  /** Prints a day's summary (Z-report): the counter loads the day's report with its own session. */
  printDaySummary(day: string): Promise<BridgeResult<CounterPrintJob>>;
  /** Prints the slip of one rider's hand-in (issue 20): the counter loads that day's report with its own session. */
  printHandInSlip?(slip: { day: string; riderId: string; handInId: string }): Promise<BridgeResult<CounterPrintJob>>;
}

/** The counter app's bridge, or undefined in an ordinary browser. */
export function counterBridge(): CounterBridge | undefined {
  const candidate = (window as unknown as { kadeCounter?: Partial<CounterBridge> }).kadeCounter;
  return candidate && typeof candidate.printOrder === 'function' && typeof candidate.printerStatus === 'function' ? (candidate as CounterBridge) : undefined;
}

