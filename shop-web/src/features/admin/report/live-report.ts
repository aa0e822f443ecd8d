// When an open day report reads itself again (issue 20): which order events change its figures, and a gate that
// lets it read at most once a second however many events arrive together.
import { localDay, type CashHandInEventWire, type OrderStatusEventWire } from '@kade/shared';

/**
 * Whether an `order:status` changes the report of `day`: an order placed that day (its status, the day's cash and
 * delivery times are counted from when it was placed), or an order delivered now while the report is today's (its
 * rider's cash is counted by when it was collected; Delivered is final, so no later move takes cash away). A rider's
 * 'Could not deliver' comes as one of these too (back to Processing): it changes the report only through the order's
 * own day, as no cash moved.
 */
export function changesReport(event: Pick<OrderStatusEventWire, 'to'> & { order: { createdAt: string } }, day: string, today: string, timeZone: string): boolean {
  if (event.to === 'Delivered' && day === today) return true;
  const placed = Date.parse(event.order.createdAt);
  return Number.isFinite(placed) && localDay(placed, timeZone) === day;
}

/**
 * Whether a `cash:hand-in` changes the report of `day`: a hand-in recorded that day, or a void of one received that
 * day or before (the rider holds its amount again, so every later day's brought forward and outstanding change).
 * Days are YYYY-MM-DD, which compare in order as text.
 */
export function handInChangesReport(event: Pick<CashHandInEventWire, 'day' | 'voided'>, day: string): boolean {
  return event.day === day || (event.voided === true && event.day < day);
}

export interface Coalesced {
  /** Asks for a run: now when the last one was at least `gapMs` ago, else once when the gap is over. */
  request(): void;
  /** Drops a waiting run (the page went away). */
  cancel(): void;
}

/**
 * Runs `run` at most once every `gapMs`: the first request runs at once (on the next tick), requests inside the gap
 * become one run at its end, so a burst of events is one re-read and the last event is never left unread.
 */
export function coalesce(run: () => void, gapMs: number, now: () => number = Date.now): Coalesced {
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    request() {
      if (timer !== undefined) return;
      timer = setTimeout(
        () => {
          timer = undefined;
          last = now();
          run();
        },
        Math.max(0, last + gapMs - now()),
      );
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
