import { useMemo, useSyncExternalStore } from 'react';
import { formatDate, formatDateTime } from '@kade/shared';
import { createTicker, SHOP_CLOCK_TICK_MS, shopClockAt, type ShopClock } from './shop-clock-state';
import { useShopConfig } from './shop-config';
import { useLanguage } from '../state/language';

export type { ShopClock } from './shop-clock-state';

/** The screen's tickers, one per interval, each one timer however many components read it. */
const tickers = new Map<number, ReturnType<typeof createTicker>>();

function tickerFor(everyMs: number): ReturnType<typeof createTicker> {
  let ticker = tickers.get(everyMs);
  if (!ticker) {
    ticker = createTicker(everyMs, {
      now: () => Date.now(),
      every: (fn, ms) => {
        const timer = window.setInterval(fn, ms);
        return () => window.clearInterval(timer);
      },
    });
    tickers.set(everyMs, ticker);
  }
  return ticker;
}

/**
 * The current time (ms), refreshed every `everyMs` (30 s by default) so time-based states change on their own:
 * every component asking for the same interval shares one timer and one moment (each Pending card's waiting mark).
 */
export function useNow(everyMs = 30_000): number {
  const ticker = tickerFor(everyMs);
  return useSyncExternalStore(ticker.subscribe, ticker.snapshot);
}

/** The one clock every card, tile and notice reads the shop's hours by. */
const shopTicker = tickerFor(SHOP_CLOCK_TICK_MS);

/** The shop's hour-based states, on the shop's clock (TIME_ZONE), from the rules in @kade/shared; its hours as the shopper's language writes them. */
export function useShopClock(): ShopClock {
  const config = useShopConfig();
  const language = useLanguage();
  const now = useSyncExternalStore(shopTicker.subscribe, shopTicker.snapshot);
  return shopClockAt(config, language, now);
}

/** Formats dates and times in the shop's zone, en-IN (the staff's screens). */
export function useFormatDateTime(): (date: Date | string | number) => string {
  const { timeZone } = useShopConfig();
  return (date) => formatDateTime(date, timeZone);
}

/** Formats dates and times in the shop's zone as the shopper's language writes them (si-LK, ta-LK, en-IN). */
export function useShopperDateTime(): { dateTime: (date: Date | string | number) => string; date: (date: Date | string | number) => string } {
  const { timeZone } = useShopConfig();
  const language = useLanguage();
  return useMemo(
    () => ({ dateTime: (date) => formatDateTime(date, timeZone, language), date: (date) => formatDate(date, timeZone, language) }),
    [timeZone, language],
  );
}
