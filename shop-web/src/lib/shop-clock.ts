import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { formatDate, formatDateTime } from '@kade/shared';
import { createTicker, SHOP_CLOCK_TICK_MS, shopClockAt, type ShopClock } from './shop-clock-state';
import { useShopConfig } from './shop-config';
import { useLanguage } from '../state/language';

export type { ShopClock } from './shop-clock-state';

/** The current time, refreshed every `everyMs` (30 s by default) so hour-based states change on their own. */
export function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** The one clock every card, tile and notice reads the shop's hours by. */
const shopTicker = createTicker(SHOP_CLOCK_TICK_MS, {
  now: () => Date.now(),
  every: (fn, ms) => {
    const timer = window.setInterval(fn, ms);
    return () => window.clearInterval(timer);
  },
});

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
