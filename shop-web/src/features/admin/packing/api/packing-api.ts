// The packing screen's calls (issue 33): the order, a line packed, the product a scanned code names, and the
// substitutes for a short line.
import { ENDPOINTS } from '@kade/shared';
import { call } from '../../../../lib/api-client';

const { orders, products } = ENDPOINTS;

export const packingApi = {
  order: (orderId: string) => call(orders.details, { query: { orderId } }),
  /** One line: how many were found (its quantity ticks it found in full; fewer marks it short). */
  pack: (orderId: string, productId: string, found: number) => call(orders.pack, { body: { orderId, lines: [{ productId, found }] } }),
  /** One line as any pack line may say it: found, or for a weighed line (issue 34) its grams or its scale label. */
  packLine: (orderId: string, line: { productId: string } & ({ found: number } | { weighedGrams: number } | { scaleLabel: string })) =>
    call(orders.pack, { body: { orderId, lines: [line] } }),
  /** The live product or variation a scanned code belongs to (404 when none). */
  byBarcode: (code: string) => call(products.byBarcode, { query: { code } }),
  substitutes: (orderId: string, productId: string) => call(orders.substitutes, { query: { orderId, productId } }),
  propose: (orderId: string, productId: string, substituteId: string, quantity: number) =>
    call(orders.proposeSubstitute, { body: { orderId, productId, substituteId, quantity } }),
};
