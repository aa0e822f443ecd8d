// The shop's hour-based states as the screens read them (issue 17): computed once per tick of one shared clock,
// not once per product card. Plain TypeScript (no React, no storage), so the unit tests run it in Node.
import { formatClock, formatWindowLabel, isWithinWindow, NIGHT_FLAG_WINDOW, parseTimeWindow, type Language, type ShopConfigWire } from '@kade/shared';

export interface ShopClock {
  /** Add works and orders are taken (SHOP_HOURS); otherwise buttons read 'Run Out'. */
  shopOpen: boolean;
  /** Vegetable and Meat can be ordered (FRESH_HOURS). */
  freshOpen: boolean;
  /** The fresh hours in the shopper's language, e.g. '(6 AM – 9 PM)', '(06:00 – 21:00)'. */
  freshLabel: string;
  /** Product cards show 'Delivery from 6:30 AM' (00:45 to 06:15). */
  nightFlag: boolean;
  /** When the shop opens (SHOP_HOURS' start) in the shopper's language, for the night flag: '6:30 AM', '06:30'. */
  opensAt: string;
}

/** How often the shop's hour-based states are read again. */
export const SHOP_CLOCK_TICK_MS = 30_000;

/**
 * One ticking clock for every part of the screen that reads the shop's hours: a single timer however many
 * product cards are drawn (a timer per card re-drew each card on its own every 30 s), and the same moment
 * for all of them. A store for useSyncExternalStore; `now` is read again when nobody has listened for a tick.
 */
export function createTicker(everyMs: number, clock: { now: () => number; every: (fn: () => void, ms: number) => () => void }) {
  let now = clock.now();
  let stop: (() => void) | undefined;
  const listeners = new Set<() => void>();
  return {
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      stop ??= clock.every(() => {
        now = clock.now();
        for (const each of listeners) each();
      }, everyMs);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          stop?.();
          stop = undefined;
        }
      };
    },
    snapshot(): number {
      // unwatched for a tick or more (no screen showed the hours): start again from the real time
      if (!stop && clock.now() - now >= everyMs) now = clock.now();
      return now;
    },
  };
}

let lastClock: { config: ShopConfigWire; language: Language; now: number; clock: ShopClock } | undefined;

/** The shop's hour-based states at `now`; the same object for the same settings, language and moment. */
export function shopClockAt(config: ShopConfigWire, language: Language, now: number): ShopClock {
  if (lastClock && lastClock.config === config && lastClock.language === language && lastClock.now === now) return lastClock.clock;
  const at = new Date(now);
  const clock: ShopClock = {
    shopOpen: isWithinWindow(config.shopHours, at, config.timeZone),
    freshOpen: isWithinWindow(config.freshHours, at, config.timeZone),
    freshLabel: `(${formatWindowLabel(config.freshHours, language)})`,
    nightFlag: isWithinWindow(NIGHT_FLAG_WINDOW, at, config.timeZone),
    opensAt: formatClock(parseTimeWindow(config.shopHours).startMinute, language),
  };
  lastClock = { config, language, now, clock };
  return clock;
}
