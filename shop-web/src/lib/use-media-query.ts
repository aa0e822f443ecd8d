import { useSyncExternalStore } from 'react';
import { NARROW_BREAKPOINT_PX } from './ui-constants';

/** True while the media query matches. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** True below the narrow breakpoint (768 px). */
export function useIsNarrow(): boolean {
  return useMediaQuery(`(max-width: ${NARROW_BREAKPOINT_PX - 0.02}px)`);
}
