// The messages between the order benchmark (bench-orders.ts) and its watcher process (bench-watch.ts).

/** Messages from the benchmark. */
export type WatchCommand =
  | { cmd: 'times'; ids: string[] }
  | { cmd: 'reconnects'; count: number; intervalMs: number }
  | { cmd: 'seen' }
  | { cmd: 'stop' };

/** Answers to the benchmark. */
export type WatchReply =
  | { cmd: 'ready' }
  | { cmd: 'times'; commitToSocket: Array<number | null>; socketAt: Array<number | null> }
  | { cmd: 'reconnects'; done: number; recovered: number; timedOut: number; catchUps: number; catchUpRequests: number }
  | { cmd: 'seen'; viaSocket: string[]; viaCatchUpOnly: string[] }
  | { cmd: 'error'; message: string };

/** How far back before the newest order seen a catch-up asks (an order's time is taken before its commit). */
export const CATCH_UP_MARGIN_MS = 2000;
