// Issue 34 on the counter's paper, end to end: a shopper orders 750 g of a product sold by weight from the real
// server, the counter prints the bill as taken (the asked kilos at the price per kg, 'At most' under the total), the
// clerk weighs the bag at 742 g, and the counter prints the REVISED bill: '0.750 -> 0.742 kg x Rs.480.00/kg' at
// Rs.356.00 and the server's new total, through the print queue to a network printer (the recording one).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutTotals, ENDPOINTS, formatRs, paiseToRupees, RECEIPT_COLUMNS, rupeesToPaise, type OrderWire } from '@kade/shared';
import { productOnDemoShelf, startDispatcherRig, type DispatcherRig } from '../testing/dispatcher-rig';
import { eventually } from '../testing/live-server';
import { decodeEscPos } from '../printer/escpos-text';
import { ServerApi } from './server-api';

/** Rs.480 a kg in 250 g steps, 250 g to 5 kg, with 50 kg in stock. */
const SOLD_BY_WEIGHT = { price: 480, unit: 'loose', stock: 50_000, sellBy: 'WEIGHT', stepGrams: 250, minGrams: 250, maxGrams: 5000 } as const;

const rs = (rupees: number) => formatRs(rupeesToPaise(rupees));
const row = (left: string, right: string) => left + ' '.repeat(RECEIPT_COLUMNS - left.length - right.length) + right;

describe('a weighed line on the counter\'s bills, from the real server', () => {
  let rig: DispatcherRig;
  let server: DispatcherRig['server'];
  let printer: DispatcherRig['printer'];
  let staff: ServerApi;

  beforeAll(async () => {
    rig = await startDispatcherRig('kade-weighed-counter-');
    ({ server, printer, staff } = rig);
  }, 240_000);

  afterAll(async () => {
    await rig?.stop();
  });

  it('prints the asked kilos and "At most" when taken, and the weighed kilos at the charged amount on the REVISED bill', async () => {
    // carrots at Rs.480/kg in 250 g steps, made as an admin makes them, on a demo product's shelf
    const carrots = await productOnDemoShelf(staff, { name: 'Counter Test Carrots', ...SOLD_BY_WEIGHT });
    expect(carrots).toMatchObject({ sellBy: 'WEIGHT', stepGrams: 250 });

    // a shopper orders 750 g (three steps)
    const mobile = `07${String(Date.now()).slice(-8)}`;
    const shopper = new ServerApi(server.url, undefined);
    await shopper.call(ENDPOINTS.account.register, { body: { name: 'Weighing Shopper', mobile, password: 'shopper-pass-1' } }, false);
    await shopper.login(mobile, 'shopper-pass-1');
    const address = await shopper.call(ENDPOINTS.addresses.create, { body: { address_line: 'Home', city: '3 Lane', state: 'Temple', pincode: '0771231234', mobile: 'Home', latitude: 6.879, longitude: 79.862 } });
    const line = await shopper.call(ENDPOINTS.cart.add, { body: { productId: carrots._id } });
    await shopper.call(ENDPOINTS.cart.setQuantity, { body: { _id: line._id, qty: 3 } });
    const { estimate } = checkoutTotals([{ sellBy: 'WEIGHT', pricePaise: 48_000, discount: 0, askedGrams: 750 }], '50 Minutes to 1 Hour');
    const order: OrderWire = await shopper.call(ENDPOINTS.orders.cashOnDelivery, {
      body: {
        list_items: [{ productId: carrots._id, quantity: 3 }],
        addressId: address._id,
        subTotalAmt: paiseToRupees(estimate.subtotalPaise),
        totalAmt: paiseToRupees(estimate.grandTotalPaise),
        location: 'Location not available',
        Choose: '50 Minutes to 1 Hour',
      },
    });
    expect(order.maxTotalAmt).not.toBeNull();
    const bills = (mark: (lines: string[]) => boolean) => printer.jobs.map((bytes) => decodeEscPos(bytes).lines).filter((lines) => lines[0] === `#${order.orderId}` && mark(lines));

    // the bill as the counter prints it when the order comes in
    await eventually(() => bills((lines) => lines[1] !== ' REVISED 1 ').length === 1);
    const taken = bills((lines) => lines[1] !== ' REVISED 1 ')[0]!;
    const at = taken.indexOf('Counter Test Carrots');
    expect(taken[at + 1]).toBe(row('  0.750 kg x Rs.480.00/kg', 'Rs.360.00'));
    const total = taken.indexOf(row('TOTAL', rs(order.totalAmt)));
    expect(total).toBeGreaterThan(0);
    expect(taken[total + 1]).toBe(row('  At most (weighed lines)', rs(order.maxTotalAmt ?? 0)));

    // the clerk takes it and weighs the bag: 742 g
    await staff.call(ENDPOINTS.orders.updateStatus, { body: { orderId: order._id, order_status: 'Processing' } });
    const packed = await staff.call(ENDPOINTS.orders.pack, { body: { orderId: order._id, lines: [{ productId: carrots._id, weighedGrams: 742 }] } });
    expect(packed).toMatchObject({ revision: 1, maxTotalAmt: null });
    expect(packed.products[0]).toMatchObject({ weighedGrams: 742, chargedGrams: 742, lineTotal: 356 });
    await eventually(() => bills((lines) => lines[1] === ' REVISED 1 ').length === 1);
    const revised = bills((lines) => lines[1] === ' REVISED 1 ')[0]!;
    const weighed = revised.indexOf('Counter Test Carrots');
    expect(revised[weighed + 1]).toBe(row('  0.750 -> 0.742 kg x Rs.480.00/kg', 'Rs.356.00'));
    expect(revised).toContain(row('Subtotal (1 item)', 'Rs.356.00'));
    expect(revised).toContain(row('NEW TOTAL', rs(packed.totalAmt)));
    expect(revised).toContain(row('CASH TO COLLECT', rs(packed.totalAmt)));
    expect(revised.join('\n')).not.toContain('At most');
    for (const text of [...taken, ...revised]) expect([...text].length, text).toBeLessThanOrEqual(RECEIPT_COLUMNS);
  }, 90_000);

  it('prints no REVISED bill while a weighed line still waits for the scale, and one when the last bag is weighed', async () => {
    const weighed = (name: string) => productOnDemoShelf(staff, { name, ...SOLD_BY_WEIGHT });
    const beans = await weighed('Counter Test Beans');
    const leeks = await weighed('Counter Test Leeks');
    const mobile = `07${String(Date.now() + 7).slice(-8)}`;
    const shopper = new ServerApi(server.url, undefined);
    await shopper.call(ENDPOINTS.account.register, { body: { name: 'Two Bags Shopper', mobile, password: 'shopper-pass-1' } }, false);
    await shopper.login(mobile, 'shopper-pass-1');
    const address = await shopper.call(ENDPOINTS.addresses.create, { body: { address_line: 'Home', city: '3 Lane', state: 'Temple', pincode: '0771231234', mobile: 'Home', latitude: 6.879, longitude: 79.862 } });
    for (const product of [beans, leeks]) {
      const line = await shopper.call(ENDPOINTS.cart.add, { body: { productId: product._id } });
      await shopper.call(ENDPOINTS.cart.setQuantity, { body: { _id: line._id, qty: 2 } });
    }
    const asked = { sellBy: 'WEIGHT' as const, pricePaise: 48_000, discount: 0, askedGrams: 500 };
    const { estimate } = checkoutTotals([asked, asked], '50 Minutes to 1 Hour');
    const order: OrderWire = await shopper.call(ENDPOINTS.orders.cashOnDelivery, {
      body: {
        list_items: [{ productId: beans._id, quantity: 2 }, { productId: leeks._id, quantity: 2 }],
        addressId: address._id,
        subTotalAmt: paiseToRupees(estimate.subtotalPaise),
        totalAmt: paiseToRupees(estimate.grandTotalPaise),
        location: 'Location not available',
        Choose: '50 Minutes to 1 Hour',
      },
    });
    const bills = () => printer.jobs.map((bytes) => decodeEscPos(bytes).lines).filter((lines) => lines[0] === `#${order.orderId}`);
    await eventually(() => bills().length === 1);
    await staff.call(ENDPOINTS.orders.updateStatus, { body: { orderId: order._id, order_status: 'Processing' } });
    // the first bag: a revision, but the leeks still wait for the scale
    const first = await staff.call(ENDPOINTS.orders.pack, { body: { orderId: order._id, lines: [{ productId: beans._id, weighedGrams: 510 }] } });
    expect(first.revision).toBe(1);
    expect(first.maxTotalAmt).not.toBeNull();
    // the second bag: the last weighed line, revision 2, whose bill is the one printed
    const last = await staff.call(ENDPOINTS.orders.pack, { body: { orderId: order._id, lines: [{ productId: leeks._id, weighedGrams: 495 }] } });
    expect(last).toMatchObject({ revision: 2, maxTotalAmt: null });
    await eventually(() => bills().some((lines) => lines[1] === ' REVISED 2 '));
    // the queue prints in order: a bill of revision 1 would have come out before revision 2's
    expect(bills().filter((lines) => lines[1] === ' REVISED 1 ')).toHaveLength(0);
    const revised = bills().find((lines) => lines[1] === ' REVISED 2 ')!;
    expect(revised[revised.indexOf('Counter Test Beans') + 1]).toBe(row('  0.500 -> 0.510 kg x Rs.480.00/kg', 'Rs.245.00'));
    expect(revised[revised.indexOf('Counter Test Leeks') + 1]).toBe(row('  0.500 -> 0.495 kg x Rs.480.00/kg', 'Rs.238.00'));
    expect(revised).toContain(row('NEW TOTAL', rs(last.totalAmt)));
  }, 90_000);
});
