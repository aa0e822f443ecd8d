// 'Cancel order' on a shopper's order card while the shop has not started packing it (the terms allow cancelling
// before packing, not after: shared SHOPPER_CANCELLABLE). A second step asks to confirm; the server decides
// (PUT /api/order/cancel), and a 409 TOO_LATE_TO_CANCEL, when the shop started packing meanwhile, is said as it is.
import { useTranslation } from 'react-i18next';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { normalizeStatus, shopperMayCancel, type OrderWire } from '@kade/shared';
import { ordersApi } from '../api/orders-api';
import { showError } from '../../../lib/show-error';


export function CancelOrder({ order, onChanged }: { order: OrderWire; onChanged: (order: OrderWire | undefined) => void }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const questionId = useId();
  const { t } = useTranslation();
  if (!shopperMayCancel(normalizeStatus(order.order_status))) return null;

  const cancel = async () => {
    setBusy(true);
    try {
      const answer = await ordersApi.cancel(order._id);
      toast.success(t('orders.cancel.done'));
      onChanged(answer.data);
    } catch (error) {
      showError(error);
      onChanged(undefined); // read the order again: the shop may have moved it meanwhile
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };

  if (!asking) {
    return (
      <button type="button" className="button button--ghost order-card__cancel" onClick={() => setAsking(true)}>
        {t('orders.cancel.cancel')}
      </button>
    );
  }
  return (
    <div className="order-card__confirm" role="group" aria-labelledby={questionId}>
      <p id={questionId}>{t('orders.cancel.confirm', { id: order.orderId })}</p>
      <button type="button" className="button order-card__cancel-yes" disabled={busy} onClick={() => void cancel()}>
        {t('orders.cancel.yes')}
      </button>
      <button type="button" className="button button--ghost" disabled={busy} onClick={() => setAsking(false)}>
        {t('orders.cancel.keep')}
      </button>
    </div>
  );
}
