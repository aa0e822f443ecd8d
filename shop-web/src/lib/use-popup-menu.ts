import { useEffect, useRef, useState } from 'react';

/**
 * A small menu that opens from a button (the header's language and account menus): `open` and `setOpen`, and
 * `box`, the ref of the element holding both the button and the menu. While open, a press outside the box or
 * Escape closes it.
 */
export function usePopupMenu() {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (box.current && !box.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return { open, setOpen, box };
}
