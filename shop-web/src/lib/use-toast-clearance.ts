import { useLayoutEffect, type RefObject } from 'react';

/** The page-wide CSS variable the toaster's top edge reads (providers.tsx). */
export const TOAST_TOP_VARIABLE = '--toast-top';
/** The gap between the header's lower edge and the first toast, in px. */
const GAP_PX = 8;

/**
 * Keeps toasts clear of a sticky header (issue 36: a toast over the cart or account button took the tap): while the
 * header is mounted, the toaster starts below it, following the header's height as it wraps or changes.
 *
 * The height comes from the ResizeObserver's own entries (measured in the layout the browser does anyway), and the
 * variable is written only when it changes: a custom property written on the root element restyles the whole
 * page, and reading the header's box while the page's first render was being committed forced an extra layout of
 * it. A CPU profile of the home page at a phone's speed (issue 37's Lighthouse) put a quarter of a second there.
 */
export function useToastClearance(header: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = header.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const root = document.documentElement;
    let written = '';
    const observer = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (!entry) return;
      const height = entry.borderBoxSize?.[0]?.blockSize ?? entry.target.getBoundingClientRect().height;
      const value = `${Math.ceil(height) + GAP_PX}px`;
      if (value === written) return;
      written = value;
      root.style.setProperty(TOAST_TOP_VARIABLE, value);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(TOAST_TOP_VARIABLE);
    };
  }, [header]);
}
