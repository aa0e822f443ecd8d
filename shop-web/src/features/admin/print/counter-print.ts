// What 'Print Order Details' does inside the counter app, apart from the screen: finds the order (the card knows only
// its short id), sends it to the counter by id, and an order printed before again as a REPRINT. The button says the
// outcome; an order that cannot be found prints nothing and says nothing (SPEC.md section 8).
import type { OrderWire } from '@kade/shared';
import type { CounterBridge } from './bridge';

export type CounterPrintOutcome =
  /** No such order: nothing sent, nothing said. */
  | { kind: 'missing' }
  /** The counter refused (signed out, no such order on its side): its words. */
  | { kind: 'refused'; error: string }
  /** Sent (or sent again as a REPRINT); `printerAway` when the printer is not answering now. */
  | { kind: 'sent'; reprinted: boolean; printerAway: boolean };

/**
 * Prints the order `orderId` on the counter: `known` when the screen has the order at hand, else `find` looks it up
 * (null when there is none). The bridge is called only for an order that was found.
 */
export async function printOrderOnCounter(
  bridge: Pick<CounterBridge, 'printOrder' | 'reprintOrder' | 'printerStatus'>,
  orderId: string,
  known: OrderWire | undefined,
  find: (orderId: string) => Promise<OrderWire | null>,
): Promise<CounterPrintOutcome> {
  const order = known ?? (await find(orderId));
  if (!order) return { kind: 'missing' };
  const first = await bridge.printOrder(order._id);
  if (!first.ok) return { kind: 'refused', error: first.error };
  let reprinted = false;
  if (first.data.length === 0) {
    const again = await bridge.reprintOrder(order._id);
    if (!again.ok) return { kind: 'refused', error: again.error };
    reprinted = true;
  }
  const status = await bridge.printerStatus();
  return { kind: 'sent', reprinted, printerAway: status.ok && status.data.state !== 'connected' };
}
