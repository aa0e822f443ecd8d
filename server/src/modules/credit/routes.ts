import type { Knex } from 'knex';
import { checkoutTotals, ENDPOINTS, rupeesToPaise, type OrderLine } from '@kade/shared';
import { route, type RouteSpec } from '../../http/route';
import { readUploadedFile } from '../../http/upload';
import type { ImageService } from '../files/service';
import type { CartService } from '../cart/service';
import type { CreditLedger } from './ledger';
import type { ProblemService } from './problems';
import type { PromoService } from './promos';

/** The calls of issue 35: problem reports, store credit and promo codes. */
export function creditRoutes(deps: { problems: ProblemService; ledger: CreditLedger; promos: PromoService; cart: CartService; images: ImageService; db: Knex }): RouteSpec[] {
  const { problems, ledger, promos, cart, images, db } = deps;
  return [
    // a shopper's proof: stored and checked as every upload is, within the account's allowance
    route(ENDPOINTS.problems.photo, async ({ ctx, user }) => {
      await images.countUpload(user!.id);
      const file = await readUploadedFile(ctx, 'image');
      const stored = await images.store(file.buffer, { originalName: file.originalName, uploadedBy: user!.id });
      return { data: { url: stored.url }, message: 'Photo added.', status: 201 };
    }),
    route(ENDPOINTS.problems.report, async ({ user, body }) => ({ data: await problems.report(user!, body), status: 201, message: 'Thank you: the shop will look at it soon.' })),
    route(ENDPOINTS.problems.mine, async ({ user, query }) => ({ data: await problems.mine(user!, query.orderId) })),
    route(ENDPOINTS.problems.list, async ({ query }) => ({ data: await problems.list(query.status) })),
    route(ENDPOINTS.problems.decide, async ({ user, body }) => {
      const decided = await problems.decide(user!, body);
      return { data: decided, message: decided.status === 'APPROVED' ? 'Refund approved.' : 'Report declined.' };
    }),
    route(ENDPOINTS.problems.paid, async ({ user, body }) => ({ data: await problems.paid(user!, body), message: 'Refund marked as paid.' })),
    route(ENDPOINTS.credit.mine, async ({ user }) => ({ data: await ledger.read(user!.id) })),
    route(ENDPOINTS.credit.issue, async ({ user, body }) => {
      const entry = await db.transaction((trx) =>
        ledger.issue(trx, { userId: body.userId, amountPaise: rupeesToPaise(body.amount), reason: body.reason, orderId: body.orderId ?? null, actorId: user!.id }),
      );
      return { data: entry, status: 201, message: 'Credit issued.' };
    }),
    route(ENDPOINTS.promoCodes.create, async ({ user, body }) => ({ data: await promos.create(user!, body), status: 201, message: 'Promo code created.' })),
    route(ENDPOINTS.promoCodes.list, async () => ({ data: await promos.list() })),
    route(ENDPOINTS.promoCodes.remove, async ({ body }) => ({ data: await promos.remove(body._id), message: 'Promo code deleted.' })),
    route(ENDPOINTS.promoCodes.check, async ({ user, body }) => {
      // the cart as checkout totals it (weighed lines at their asked grams): the promo applies after its basket discount
      const lines: OrderLine[] = (await cart.list(user!.id)).map((item) => {
        const product = item.productId;
        const pricePaise = rupeesToPaise(product.price);
        return product.sellBy === 'WEIGHT' && product.stepGrams
          ? { sellBy: 'WEIGHT', pricePaise, discount: product.discount, askedGrams: item.quantity * product.stepGrams }
          : { pricePaise, discount: product.discount, quantity: item.quantity };
      });
      const { estimate } = checkoutTotals(lines);
      return { data: await promos.check(user!, body.code, estimate.subtotalPaise) };
    }),
  ];
}
