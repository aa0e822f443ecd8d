import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { BillDetails } from '../../../components/bill-details';
import { MinimumNotice, useShortfall } from '../../../components/minimum-notice';
import { cartAtom, sessionCheckedAtom } from '../../../state/atoms';
import { CartLines } from './cart-lines';
import { useProceed } from './use-proceed';
import './cart.css';
import { Loading } from '../../../components/loading';
import { paths } from '../../../lib/paths';

/** /cart: the cart as a page (the drawer's content), for phones and links. */
export default function CartPage() {
  const cart = useAtomValue(cartAtom);
  const checked = useAtomValue(sessionCheckedAtom);
  const proceed = useProceed();
  const shortfall = useShortfall(cart);
  const { t } = useTranslation();
  return (
    <section className="page-text cart-page">
      <h1>{t('cart.myCart')}</h1>
      {!checked ? (
        <Loading />
      ) : cart.length === 0 ? (
        <p className="empty">
          {t('cart.empty')} <Link to={paths.home}>{t('cart.shopNow')}</Link>
        </p>
      ) : (
        <>
          <CartLines lines={cart} />
          <BillDetails lines={cart} />
          <MinimumNotice shortfallPaise={shortfall} id="cart-minimum" />
          <button
            type="button"
            className="button button--primary cart-page__proceed"
            onClick={proceed}
            disabled={shortfall > 0}
            aria-describedby={shortfall > 0 ? 'cart-minimum' : undefined}
          >
            {t('cart.proceed')}
          </button>
        </>
      )}
    </section>
  );
}
