// One accessible dialog for the admin catalogue: role=dialog, labelled by its title, focus moved in on open
// (the first field, else the first control) and back to the opener on close, Tab kept inside, Escape closes.
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { TEXT } from '@kade/shared';
import { catalogueAdminApi } from '../api/catalogue-admin-api';
import { showError } from '../../../../lib/show-error';
import { FOCUSABLE, useFocusTrap } from '../../../../lib/use-focus-trap';

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

  // The first field, else the first control.
  const trapTab = useFocusTrap(dialog, (node) => node.querySelector<HTMLElement>(FIELDS) ?? node.querySelector<HTMLElement>(FOCUSABLE));

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close.current();
      return;
    }
    trapTab(event);
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

/** What the delete question is about: its name, and whether shoppers see it now. */
export interface DeletedItem {
  _id: string;
  name: string;
  publish: boolean;
}

/**
 * 'Permanent Delete' of a product or a variation, naming it (issue 36) around the spec's question: on Delete `remove`
 * runs, the server's message shows as a success toast and `onDeleted` follows. While it is published it offers
 * 'Unpublish instead' (PATCH publish false: kept, hidden from shoppers), then `onUnpublished`. A refusal shows as
 * every failure does and the question stays open.
 */
export function PermanentDeleteDialog({
  item,
  variationCount = 0,
  remove,
  onDeleted,
  onUnpublished,
  onClose,
}: {
  item: DeletedItem;
  /** A product's live variations, deleted with it. */
  variationCount?: number;
  remove: () => Promise<{ message: string }>;
  onDeleted: () => void;
  onUnpublished: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const busy = useRef(false);
  async function act(work: () => Promise<void>) {
    if (busy.current) return;
    busy.current = true;
    try {
      await work();
    } catch (error) {
      showError(error);
    } finally {
      busy.current = false;
    }
  }
  const remove_ = () =>
    act(async () => {
      const answer = await remove();
      toast.success(answer.message);
      onDeleted();
    });
  const unpublish = () =>
    act(async () => {
      await catalogueAdminApi.unpublish(item._id);
      toast.success(t('adminCatalogue.unpublishedDone', { name: item.name }));
      onUnpublished();
    });
  return (
    <Modal title={TEXT.permanentDelete} onClose={onClose}>
      <p className="cat-confirm__what">
        {variationCount > 0 ? t('adminCatalogue.deleteWithVariations', { name: item.name, count: variationCount }) : t('adminCatalogue.deleteWhat', { name: item.name })}
      </p>
      <p>{TEXT.confirmPermanentDelete}</p>
      <p className="cat-field__hint">{item.publish ? t('adminCatalogue.unpublishOffer') : t('adminCatalogue.alreadyHidden')}</p>
      <div className="cat-actions">
        <button type="button" className="button button--ghost" onClick={onClose}>
          Cancel
        </button>
        {item.publish ? (
          <button type="button" className="button button--ghost" onClick={() => void unpublish()}>
            {t('adminCatalogue.unpublishInstead')}
          </button>
        ) : null}
        <button type="button" className="button button--danger" onClick={() => void remove_()}>
          Delete
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
