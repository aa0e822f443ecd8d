// The server's clock as this phone can know it (issue 33: a substitution's countdown ends when the server says,
// not when the phone's own clock, perhaps minutes off, says). Every API answer carries a Date header; the
// difference between it and the phone's clock at arrival is kept, and the countdowns read `serverNow()`.

/** The server's Date header has whole seconds: its true moment lies half a second after, on average. */
const HEADER_ROUNDING_MS = 500;

/**
 * How far the server's clock is ahead of the phone's (ms, negative when behind), from an answer's Date header
 * and the phone's time when the answer arrived; null when the header is missing or unreadable.
 */
export function clockOffsetMs(dateHeader: string | null | undefined, receivedAt: number): number | null {
  if (!dateHeader) return null;
  const at = Date.parse(dateHeader);
  return Number.isFinite(at) ? at + HEADER_ROUNDING_MS - receivedAt : null;
}

/** Whole seconds left until `expiresAt` (ISO 8601) at the server's moment `serverNowMs`; 0 once it has passed. */
export function secondsLeft(expiresAt: string, serverNowMs: number): number {
  const end = Date.parse(expiresAt);
  if (!Number.isFinite(end)) return 0;
  return Math.max(0, Math.ceil((end - serverNowMs) / 1000));
}

/** A countdown as m:ss (4:05), the digits every language of the shop writes. */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

let offset = 0;

/** Notes an answer's Date header (the API client calls it for every answer). */
export function noteServerDate(dateHeader: string | null, receivedAt = Date.now()): void {
  const next = clockOffsetMs(dateHeader, receivedAt);
  if (next !== null) offset = next;
}

/** The server's time now, as well as the last answer told it (the phone's own clock before any answer). */
export function serverNow(): number {
  return Date.now() + offset;
}
