import { useEffect, useRef } from 'react';

/**
 * A native <dialog> shown as a modal for as long as its component is on screen: opened when it mounts (the
 * browser then keeps focus inside it), closed when it unmounts, the focus given back to what held it before
 * when that is still on the page. Put the returned ref on the <dialog>.
 */
export function useModalDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const node = dialog.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (node && !node.open) node.showModal();
    return () => {
      node?.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return dialog;
}
