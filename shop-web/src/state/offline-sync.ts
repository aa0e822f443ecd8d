// What runs when the network is back (or the app starts with one) for a signed-in shopper (issue 37 item 5): first
// the cart changes made offline are sent (state/offline-cart.ts), then the order waiting in the outbox
// (state/outbox.ts), in that order, since the server places an order only for the cart it holds.
import { ENDPOINTS } from '@kade/shared';
import { ApiError, call } from '../lib/api-client';
import type { CartLine } from './atoms';
import { cartEdits, cartOps, quantities, type CartOp } from './offline-cart';
import { exclusively } from './outbox';

/** The Web Lock held while a tab sends the offline cart changes: two tabs never send the same differences twice. */
export const CART_EDITS_LOCK = 'kade-cart-edits';

async function sendOp(op: CartOp): Promise<void> {
  if (op.kind === 'remove') await call(ENDPOINTS.cart.remove, { body: { _id: op.itemId } });
  else if (op.kind === 'set') await call(ENDPOINTS.cart.setQuantity, { body: { _id: op.itemId, qty: op.qty } });
  else await call(ENDPOINTS.cart.merge, { body: { items: [{ productId: op.productId, quantity: op.quantity }] } });
}

let sending: Promise<CartLine[] | null> | null = null;

/**
 * Sends the shopper's offline cart changes, round after round until none came meanwhile; answers the server's cart
 * after them, or null when nothing waited or the network failed again (the changes then stay kept). A change the
 * server refuses (a product no longer sold) is left out; the cart read afterwards shows what the server kept.
 */
export function sendCartEdits(userId: string): Promise<CartLine[] | null> {
  if (sending) return sending;
  sending = (async () => {
    if (!cartEdits.waiting(userId)) return null;
    const sent = await exclusively(CART_EDITS_LOCK, () => sendRounds(userId));
    // another tab is sending them: this one shows what it has until its own next read
    return sent;
  })()
    .catch(() => null)
    .finally(() => {
      sending = null;
    });
  return sending;
}

/** Round after round until no change came meanwhile (read again each round: another tab may have sent them). */
async function sendRounds(userId: string): Promise<CartLine[]> {
  for (;;) {
    const round = cartEdits.read(userId);
    if (!round) break;
    const server = (await call(ENDPOINTS.cart.list)).data;
    const wanted = quantities(round.lines);
    for (const op of cartOps(round.base, wanted, server)) {
      try {
        await sendOp(op);
      } catch (error) {
        if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500 || error.status === 401) throw error;
      }
      // sent (or refused for good): a failure later in the round does not send this one again
      cartEdits.settled(userId, op.productId, wanted[op.productId] ?? 0);
    }
    if (cartEdits.sent(userId, round) === 'done') break;
  }
  return (await call(ENDPOINTS.cart.list)).data;
}
