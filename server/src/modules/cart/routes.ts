import { ENDPOINTS, TEXT } from '@kade/shared';
import { route, type RouteSpec } from '../../http/route';
import { orderAgainMessage, type CartService } from './service';

/** The calls of SPEC.md section 7 under /api/cart, and the merge of a phone cart at login. */
export function cartRoutes({ cart }: { cart: CartService }): RouteSpec[] {
  return [
    route(ENDPOINTS.cart.add, async ({ user, body }) => ({ data: await cart.add(user!.id, body.productId), message: TEXT.itemAdded })),
    route(ENDPOINTS.cart.list, async ({ user }) => ({ data: await cart.list(user!.id) })),
    route(ENDPOINTS.cart.setQuantity, async ({ user, body }) => {
      const item = await cart.setQuantity(user!.id, body._id, body.qty);
      return { data: item, message: item ? 'Quantity updated.' : TEXT.itemRemoved };
    }),
    route(ENDPOINTS.cart.setSubstitution, async ({ user, body }) => ({ data: await cart.setSubstitution(user!.id, body._id, body.substitution), message: 'Saved.' })),
    route(ENDPOINTS.cart.remove, async ({ user, body }) => {
      await cart.remove(user!.id, body._id);
      return { data: null, message: TEXT.itemRemoved };
    }),
    route(ENDPOINTS.cart.merge, async ({ user, body }) => ({ data: await cart.merge(user!.id, body), message: 'Cart updated.' })),
    route(ENDPOINTS.cart.orderAgain, async ({ user, body }) => {
      const result = await cart.orderAgain(user!.id, body.orderId);
      return { data: result, message: orderAgainMessage(result) };
    }),
  ];
}
