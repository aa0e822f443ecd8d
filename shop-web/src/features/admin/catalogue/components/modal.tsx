// One accessible dialog for the admin catalogue: role=dialog, labelled by its title, focus moved in on open
// (the first field, else the first control) and back to the opener on close, Tab kept inside, Escape closes.
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
const FIELDS = 'input:not([disabled]):not([type="file"]), select:not([disabled]), textarea:not([disabled])';

export function Modal({
  title,
  onClose,
  children,
  size = 'normal',
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  size?: 'normal' | 'wide' | 'full';
}) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const node = dialog.current;
    const first = node?.querySelector<HTMLElement>(FIELDS) ?? node?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? node)?.focus();
    return () => {
      // The opener may have gone with a reloaded list; then focus stays where the page puts it.
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close.current();
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const items = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
    if (items.length === 0) return;
    const first = items[0] as HTMLElement;
    const last = items[items.length - 1] as HTMLElement;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div className="cat-modal__backdrop" onMouseDown={(e) => e.target === e.currentTarget && close.current()}>
      <div
        ref={dialog}
        className={`cat-modal cat-modal--${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <header className="cat-modal__head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={() => close.current()}>
            ×
          </button>
        </header>
        <div className="cat-modal__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}

/** A confirmation: the question, Cancel and a red confirm button (busy while the call runs). */
export function ConfirmDialog({
  title,
  message,
  confirmLabel = 'Delete',
  onConfirm,
  onClose,
}: {
  title: string;
  message: string;
  confirmLabel?: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const busy = useRef(false);
  async function confirm() {
    if (busy.current) return;
    busy.current = true;
    try {
      await onConfirm();
    } finally {
      busy.current = false;
    }
  }
  return (
    <Modal title={title} onClose={onClose}>
      <p>{message}</p>
      <div className="cat-actions">
        <button type="button" className="button button--ghost" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="button button--danger" onClick={() => void confirm()}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}

/** The full-screen image viewer with its close button. */
export function ImageViewer({ url, name, onClose }: { url: string; name: string; onClose: () => void }) {
  return (
    <Modal title={name} onClose={onClose} size="full">
      <img className="cat-viewer__image" src={url} alt={name} />
    </Modal>
  );
}
