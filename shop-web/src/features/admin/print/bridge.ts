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
} as const;

export type BridgeResult<T> = { ok: true; data: T } | { ok: false; error: string };

export type CounterPrinterState = 'connected' | 'offline' | 'not-configured';

/** A print job as the counter reports it (only what the dashboard reads). */
export interface CounterPrintJob {
  id: string;
  state: string;
}

export interface CounterBridge {
  /** The counter loads the order by id with its own session and builds the receipt itself. */
  printOrder(orderId: string): Promise<BridgeResult<CounterPrintJob[]>>;
  reprintOrder(orderId: string): Promise<BridgeResult<CounterPrintJob>>;
  printerStatus(): Promise<BridgeResult<{ state: CounterPrinterState; queued: number; held: number }>>;
  testPrint(): Promise<BridgeResult<CounterPrintJob>>;
}

/** The counter app's bridge, or undefined in an ordinary browser. */
export function counterBridge(): CounterBridge | undefined {
  const candidate = (window as unknown as { kadeCounter?: Partial<CounterBridge> }).kadeCounter;
  return candidate && typeof candidate.printOrder === 'function' && typeof candidate.printerStatus === 'function' ? (candidate as CounterBridge) : undefined;
}

