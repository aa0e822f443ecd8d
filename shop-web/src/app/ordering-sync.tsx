// Keeps the ordering state (state/ordering.ts) current on every page, mounted once beside the routes: the
// `shop:ordering` event for signed-in users (anonymous shoppers have no socket), and for everyone a re-read of
// GET /api/shop/config each minute while the page is in view, when the window comes back into view, after a
// socket reconnect, and just after a pause or a reopening time the state names has passed.
import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { useOrderingEvents } from '../lib/realtime';
import { userAtom } from '../state/atoms';
import { useOrdering, useRefreshOrdering, useSetOrdering } from '../state/ordering';

/** How often a page in view re-reads whether the shop takes orders. */
export const ORDERING_REREAD_MS = 60_000;

/** The next time named in the state (a pause's end, a reopening), as epoch milliseconds, or null. */
function nextChange(times: ReadonlyArray<string | null | undefined>): number | null {
  const future = times.map((time) => (time ? Date.parse(time) : Number.NaN)).filter((at) => Number.isFinite(at) && at > Date.now());
  return future.length > 0 ? Math.min(...future) : null;
}

export function OrderingSync() {
  const signedIn = useAtomValue(userAtom) !== null;
  const ordering = useOrdering();
  const setOrdering = useSetOrdering();
  const refresh = useRefreshOrdering();

  useOrderingEvents({ onOrdering: setOrdering, onReconnect: () => void refresh() }, signedIn);

  useEffect(() => {
    const visible = () => document.visibilityState === 'visible';
    const timer = window.setInterval(() => {
      if (visible()) void refresh();
    }, ORDERING_REREAD_MS);
    // Coming back into view fires both focus and visibilitychange: one read for the two.
    let shownAt = 0;
    const onShow = () => {
      if (!visible() || Date.now() - shownAt < 2000) return;
      shownAt = Date.now();
      void refresh();
    };
    window.addEventListener('focus', onShow);
    document.addEventListener('visibilitychange', onShow);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', onShow);
      document.removeEventListener('visibilitychange', onShow);
    };
  }, [refresh]);

  // A timed pause ends by itself on the server: read the state again just after its end.
  const at = nextChange([ordering?.pause?.until, ordering?.reason?.until, ...(ordering?.options ?? []).map((option) => option.reason?.until)]);
  useEffect(() => {
    if (at === null) return undefined;
    // setTimeout holds at most about 24.8 days; a pause lasts a day at most.
    const timer = window.setTimeout(() => void refresh(), Math.min(at - Date.now() + 1500, 2 ** 31 - 1));
    return () => window.clearTimeout(timer);
  }, [at, refresh]);

  return null;
}
