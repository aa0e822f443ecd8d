// The counter app's testing entry (@kade/desktop/testing): what the browser tests (shop-web/e2e) and the benchmarks
// (bench/) use of the counter's logic, re-exported in one place so that no other package imports its modules by
// path. The counter app itself does not import this file.
export { startAgent } from '../agent';
export { createCounter, SIGNED_OUT_TEXT, type Counter, type CounterOptions } from '../counter';
export type { BridgeApi } from '../ipc-channels';
export { BRIDGE_CALLS, guardedCall } from '../ipc-guard';
export { decodeEscPos } from '../printer/escpos-text';
export { mixedTamilOrder, sampleOrder } from '../printer/fixtures';
export type { PrintJob } from '../printer/print-queue';
export { receiptBytes, type ReceiptMode } from '../printer/receipt-bytes';
export { RecordingPrinter } from '../printer/recording-printer';
