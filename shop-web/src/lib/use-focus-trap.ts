import { useCallback, useEffect, type KeyboardEvent, type RefObject } from 'react';

/** What Tab can reach. */
export const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The focus of a dialog drawn in the page (a native <dialog> needs none of this: see useModalDialog). When it
 * mounts the focus moves in, to what `first` picks or else the container itself, and when it unmounts back to
 * what held it before, when that is still on the page. The returned key handler, put on the container, keeps
 * Tab and Shift+Tab inside it: from the last visible control to the first and back.
 */
export function useFocusTrap(container: RefObject<HTMLElement | null>, first: (node: HTMLElement) => HTMLElement | null | undefined) {
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const node = container.current;
    if (node) (first(node) ?? node).focus();
    return () => {
      // The opener may have gone with a reloaded list; then focus stays where the page puts it.
      if (opener?.isConnected) opener.focus();
    };
    // once, when the dialog opens
  }, []);

  return useCallback(
    (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || !container.current) return;
      const items = [...container.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
      const head = items[0];
      const tail = items[items.length - 1];
      if (!head || !tail) return;
      if (event.shiftKey && document.activeElement === head) {
        event.preventDefault();
        tail.focus();
      } else if (!event.shiftKey && document.activeElement === tail) {
        event.preventDefault();
        head.focus();
      }
    },
    [container],
  );
}
