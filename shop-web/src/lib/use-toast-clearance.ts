import { useLayoutEffect, type RefObject } from 'react';

/** The page-wide CSS variable the toaster's top edge reads (providers.tsx). */
export const TOAST_TOP_VARIABLE = '--toast-top';
/** The gap between the header's lower edge and the first toast, in px. */
const GAP_PX = 8;

/**
 * Keeps toasts clear of a sticky header (issue 36: a toast over the cart or account button took the tap): while the
 * header is mounted, the toaster starts below it, following the header's height as it wraps or changes.
 */
export function useToastClearance(header: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = header.current;
    if (!element) return undefined;
    const root = document.documentElement;
    const place = () => root.style.setProperty(TOAST_TOP_VARIABLE, `${Math.ceil(element.getBoundingClientRect().height) + GAP_PX}px`);
    place();
    if (typeof ResizeObserver === 'undefined') return () => root.style.removeProperty(TOAST_TOP_VARIABLE);
    const observer = new ResizeObserver(place);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(TOAST_TOP_VARIABLE);
    };
  }, [header]);
}
