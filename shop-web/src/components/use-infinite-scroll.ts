import { useEffect, useRef } from 'react';

/**
 * Calls `onReach` when the returned sentinel comes within `marginPx` of the viewport's bottom. A new
 * `version` (the item count) observes afresh, so a sentinel still in view after a page loads fires again.
 */
export function useSentinel(onReach: () => void, enabled: boolean, marginPx: number, version: number) {
  const ref = useRef<HTMLDivElement | null>(null);
  const callback = useRef(onReach);
  useEffect(() => {
    callback.current = onReach;
  });
  useEffect(() => {
    const node = ref.current;
    if (!node || !enabled) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin: `0px 0px ${marginPx}px 0px` },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled, marginPx, version]);
  return ref;
}
