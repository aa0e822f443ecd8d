import { useEffect, useState } from 'react';
import { formatDateTime, formatWindowLabel, isWithinWindow, NIGHT_FLAG_WINDOW } from '@kade/shared';
import { useShopConfig } from './shop-config';

/** The current time, refreshed every `everyMs` (30 s by default) so hour-based states change on their own. */
export function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

export interface ShopClock {
  /** Add works and orders are taken (SHOP_HOURS); otherwise buttons read 'Run Out'. */
  shopOpen: boolean;
  /** Vegetable and Meat can be ordered (FRESH_HOURS). */
  freshOpen: boolean;
  /** The fresh hours for people, e.g. '(6 AM – 9 PM)'. */
  freshLabel: string;
  /** Product cards show 'Delivery from 6:30 AM' (00:45 to 06:15). */
  nightFlag: boolean;
}

/** The shop's hour-based states, on the shop's clock (TIME_ZONE), from the rules in @kade/shared. */
export function useShopClock(): ShopClock {
  const config = useShopConfig();
  const now = useNow();
  return {
    shopOpen: isWithinWindow(config.shopHours, now, config.timeZone),
    freshOpen: isWithinWindow(config.freshHours, now, config.timeZone),
    freshLabel: `(${formatWindowLabel(config.freshHours)})`,
    nightFlag: isWithinWindow(NIGHT_FLAG_WINDOW, now, config.timeZone),
  };
}

/** Formats dates and times in the shop's zone, en-IN. */
export function useFormatDateTime(): (date: Date | string | number) => string {
  const { timeZone } = useShopConfig();
  return (date) => formatDateTime(date, timeZone);
}
