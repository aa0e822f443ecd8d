// 'Print Order Details': in an ordinary browser it opens the 72 mm print page; inside the counter app (its
// bridge present) it prints on the counter's thermal printer instead and says how that went.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import toast from 'react-hot-toast';
import { TEXT, type OrderWire } from '@kade/shared';
import { showError } from '../../../lib/show-error';
import { COUNTER_PRINT_TEXT as PRINT_TEXT, counterBridge, type CounterBridge } from './bridge';
import { fetchOrderForPrint } from './api/print-api';
import './controls.css';
import { paths } from '../../../lib/paths';

/** Prints through the bridge (by id: the counter loads the order itself); an order already printed is printed again as an explicit reprint. */
async function printOnCounter(bridge: CounterBridge, order: OrderWire): Promise<void> {
  const first = await bridge.printOrder(order._id);
  if (!first.ok) {
    toast.error(first.error);
    return;
  }
  let reprinted = false;
  if (first.data.length === 0) {
    const again = await bridge.reprintOrder(order._id);
    if (!again.ok) {
      toast.error(again.error);
      return;
    }
    reprinted = true;
  }
  const status = await bridge.printerStatus();
  if (status.ok && status.data.state !== 'connected') toast.error(PRINT_TEXT.printerAway);
  else toast.success(reprinted ? PRINT_TEXT.reprintSent : PRINT_TEXT.sent);
}

/**
 * The print control of an order (`orderId` is the short id shown on the card). Pass `order` when it is at
 * hand, so the counter prints it without asking the server again.
 */
export function PrintOrderButton({ orderId, order }: { orderId: string; order?: OrderWire }) {
  const bridge = counterBridge();
  const [busy, setBusy] = useState(false);
  if (!bridge) {
    return (
      <Link className="btn print-btn" to={paths.dashboard.print(orderId)}>
        {TEXT.printOrderDetails}
      </Link>
    );
  }
  const print = async () => {
    setBusy(true);
    try {
      const found = order ?? (await fetchOrderForPrint(orderId));
      if (found) await printOnCounter(bridge, found); // a missing order prints nothing (SPEC.md section 8)
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn print-btn" onClick={() => void print()} disabled={busy} aria-busy={busy}>
      {TEXT.printOrderDetails}
    </button>
  );
}
