import { useEffect, useRef } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { TEXT } from '@kade/shared';
import { AddToCart } from '../../../components/add-to-cart';
import { Price } from '../../../components/price';
import { imageAt } from '../../../lib/images';
import { cartAtom, cartDrawerOpenAtom, userAtom } from '../../../state/atoms';
import { BillDetails } from './bill-details';
import './cart.css';

/** The cart drawer: the items with their steppers, the bill details and Proceed ('Please Login' when anonymous). */
export function CartDrawer() {
  const [open, setOpen] = useAtom(cartDrawerOpenAtom);
  const cart = useAtomValue(cartAtom);
  const user = useAtomValue(userAtom);
  const navigate = useNavigate();
  const closeRef = useRef<HTMLButtonElement | null>(null);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [open, setOpen]);

  if (!open) return null;

  const proceed = () => {
    if (!user) {
      toast.error(TEXT.pleaseLogin);
      setOpen(false);
      navigate('/login');
      return;
    }
    setOpen(false);
    navigate('/checkout');
  };

  return (
    <div className="drawer-backdrop" onClick={(event) => event.target === event.currentTarget && setOpen(false)}>
      <aside className="drawer" role="dialog" aria-modal="true" aria-labelledby="cart-title">
        <header className="drawer__head">
          <h2 id="cart-title">My Cart</h2>
          <button ref={closeRef} type="button" className="icon-button" onClick={() => setOpen(false)} aria-label="Close cart">
            ✕
          </button>
        </header>
        {cart.length === 0 ? (
          <p className="empty">Your cart is empty.</p>
        ) : (
          <ul className="cart-lines">
            {cart.map((line) => (
              <li key={line._id} className="cart-line">
                <img src={imageAt(line.productId.image[0], 160)} alt="" width={56} height={56} />
                <div className="cart-line__text">
                  <span className="cart-line__name">{line.productId.name}</span>
                  <span className="cart-line__unit">{line.productId.unit}</span>
                  <Price price={line.productId.price} discount={line.productId.discount} />
                  {line.problem ? <span className="cart-line__problem">{line.problem === 'OUT_OF_STOCK' ? TEXT.outOfStock : 'Not available as it is'}</span> : null}
                </div>
                <AddToCart product={line.productId} compact />
              </li>
            ))}
          </ul>
        )}
        {cart.length > 0 ? <BillDetails lines={cart} /> : null}
        <button type="button" className="button button--primary drawer__proceed" onClick={proceed} disabled={cart.length === 0 && !!user}>
          {TEXT.proceed}
        </button>
      </aside>
    </div>
  );
}
