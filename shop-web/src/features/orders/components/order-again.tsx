// 'Order again' on a delivered order: the server fills the cart with what is still sold, capped by today's stock and
// rules (POST /api/cart/order-again), and says what went in and what could not; the cart here is then read again.
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { normalizeStatus, type OrderWire } from '@kade/shared';
import { ordersApi } from '../api/orders-api';
import { showError } from '../../../lib/show-error';
import { useCartActions } from '../../../state/cart-actions';
import { paths } from '../../../lib/paths';

export function OrderAgain({ order }: { order: OrderWire }) {
  const [busy, setBusy] = useState(false);
  const { reload } = useCartActions();
  const navigate = useNavigate();
  const { t, i18n } = useTranslation();
  if (normalizeStatus(order.order_status) !== 'Delivered') return null;

  const again = async () => {
    setBusy(true);
    try {
      const answer = await ordersApi.orderAgain(order._id);
      await reload();
      const complete = answer.data.skipped.length === 0 && answer.data.added.every((line) => line.quantity === line.asked);
      // English reads the server's own sentence (it names each item and quantity); Sinhala and Tamil are said
      // from the answer's lists
      const english = i18n.language === 'en';
      const skipped = answer.data.skipped.map((line) => line.name).join(', ');
      const count = answer.data.added.length;
      if (count === 0) toast.error(english ? answer.message : t('orders.again.none'));
      else if (complete) toast.success(english ? answer.message : t('orders.again.added', { count }));
      else toast(english ? answer.message : skipped ? t('orders.again.partial', { count, skipped }) : t('orders.again.fewer', { count }), { duration: 8000 });
      if (answer.data.added.length > 0) navigate(paths.cart);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <button type="button" className="button button--primary order-card__again" disabled={busy} onClick={() => void again()}>
      {busy ? t('orders.again.adding') : t('orders.again.button')}
    </button>
  );
}
