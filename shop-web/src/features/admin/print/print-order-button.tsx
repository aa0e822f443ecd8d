// 'Print Order Details': in an ordinary browser it opens the 72 mm print page; inside the counter app (its
// bridge present) it prints on the counter's thermal printer instead and says how that went.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import toast from 'react-hot-toast';
import { TEXT, type OrderWire } from '@kade/shared';
import { showError } from '../../../lib/show-error';
import { COUNTER_PRINT_TEXT as PRINT_TEXT, counterBridge } from './bridge';
import { printOrderOnCounter } from './counter-print';
import { fetchOrderForPrint } from './api/print-api';
import './controls.css';
import { paths } from '../../../lib/paths';

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
      const outcome = await printOrderOnCounter(bridge, orderId, order, fetchOrderForPrint);
      // a missing order prints nothing and says nothing (SPEC.md section 8)
      if (outcome.kind === 'refused') toast.error(outcome.error);
      else if (outcome.kind === 'sent' && outcome.printerAway) toast.error(PRINT_TEXT.printerAway);
      else if (outcome.kind === 'sent') toast.success(outcome.reprinted ? PRINT_TEXT.reprintSent : PRINT_TEXT.sent);
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
