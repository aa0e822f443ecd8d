import { useEffect, useRef } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { BillDetails } from '../../../components/bill-details';
import { MinimumNotice, useShortfall } from '../../../components/minimum-notice';
import { cartAtom, cartDrawerOpenAtom } from '../../../state/atoms';
import { useFocusTrap } from '../../../lib/use-focus-trap';
import { CartLines } from './cart-lines';
import { useProceed } from './use-proceed';
import './cart.css';

/** The cart drawer: the items with their steppers, the bill details and Proceed ('Please Login' when anonymous). */
export function CartDrawer() {
  const open = useAtomValue(cartDrawerOpenAtom);
  return open ? <OpenCartDrawer /> : null;
}

/** The drawer while open: the focus moves in to its close button, stays inside on Tab, and goes back on closing. */
function OpenCartDrawer() {
  const setOpen = useSetAtom(cartDrawerOpenAtom);
  const cart = useAtomValue(cartAtom);
  const proceed = useProceed();
  const shortfall = useShortfall(cart);
  const { t } = useTranslation();
  const drawer = useRef<HTMLElement | null>(null);
  const keepFocus = useFocusTrap(drawer, (node) => node.querySelector<HTMLElement>('.drawer__head button'));

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setOpen]);

  return (
    <div className="drawer-backdrop" onClick={(event) => event.target === event.currentTarget && setOpen(false)}>
      <aside ref={drawer} className="drawer" role="dialog" aria-modal="true" aria-labelledby="cart-title" onKeyDown={keepFocus}>
        <header className="drawer__head">
          <h2 id="cart-title">{t('cart.myCart')}</h2>
          <button type="button" className="icon-button" onClick={() => setOpen(false)} aria-label={t('cart.close')}>
            ✕
          </button>
        </header>
        {cart.length === 0 ? <p className="empty">{t('cart.empty')}</p> : <CartLines lines={cart} />}
        {cart.length > 0 ? <BillDetails lines={cart} /> : null}
        <MinimumNotice shortfallPaise={shortfall} id="drawer-minimum" />
        <button
          type="button"
          className="button button--primary drawer__proceed"
          onClick={() => {
            setOpen(false);
            proceed();
          }}
          disabled={cart.length === 0 || shortfall > 0}
          aria-describedby={shortfall > 0 ? 'drawer-minimum' : undefined}
        >
          {t('cart.proceed')}
        </button>
      </aside>
    </div>
  );
}
