// Issues 35 and 36 on the counter's paper, end to end: a shopper with Rs.150 of store credit orders 2 x Rs.1,240
// with the promo code SAVE50 from the real server, and the counter prints the bill through the print queue to a
// network printer (the recording one). The bytes hold the customer's name, the bill's lines as the shopper's bill
// shows them (3.5% basket discount Rs.86.80, the promo Rs.50.00, the rounding Rs.3.20), and the issue's credit line
// 'Credit −Rs.150.00 · COLLECT Rs.2,190.00' as code page PC858 prints it: the minus sign as '-' (0x2D), the middle
// dot as its own byte 0xFA.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, RECEIPT_COLUMNS, type OrderWire } from '@kade/shared';
import { productOnDemoShelf, startDispatcherRig, type DispatcherRig } from '../testing/dispatcher-rig';
import { eventually } from '../testing/live-server';
import { decodeEscPos } from '../printer/escpos-text';
import { ServerApi } from './server-api';

const row = (left: string, right: string) => left + ' '.repeat(RECEIPT_COLUMNS - left.length - right.length) + right;

describe("a store-credit order on the counter's bill, from the real server", () => {
  let rig: DispatcherRig;

  beforeAll(async () => {
    rig = await startDispatcherRig('kade-credit-counter-');
  }, 240_000);

  afterAll(async () => {
    await rig?.stop();
  });

  it("prints the customer's name, the basket discount, the promo and the rounding as lines, and 'Credit −Rs.150.00 · COLLECT Rs.2,190.00'", async () => {
    const { server, printer, staff: admin } = rig;
    // a product at Rs.1,240 on a demo product's shelf, made as an admin makes one
    const product = await productOnDemoShelf(admin, { name: 'Counter Credit Rice 5kg', price: 1240, unit: '5 kg', stock: 100 });
    await admin.call(ENDPOINTS.promoCodes.create, { body: { code: 'SAVE50', kind: 'FIXED', value: 50 } });

    // Kamala's account, made at the counter for a customer who phoned in, with Rs.150 of goodwill credit
    const mobile = `07${String(Date.now()).slice(-8)}`;
    const made = await admin.call(ENDPOINTS.users.create, { body: { name: 'Kamala Devi', mobile, password: 'shopper-pass-1' } });
    await admin.call(ENDPOINTS.credit.issue, { body: { userId: made.user._id, amount: 150, reason: 'A torn bag last week' } });
    const shopper = new ServerApi(server.url, undefined);
    await shopper.login(mobile, 'shopper-pass-1');
    const address = await shopper.call(ENDPOINTS.addresses.create, { body: { address_line: 'Home', city: '3 Lane', state: 'Temple', pincode: '0771231234', mobile: 'Home', latitude: 6.879, longitude: 79.862 } });
    const line = await shopper.call(ENDPOINTS.cart.add, { body: { productId: product._id } });
    await shopper.call(ENDPOINTS.cart.setQuantity, { body: { _id: line._id, qty: 2 } });
    // Rs.2,480 less 3.5% (Rs.86.80) less the promo (Rs.50) is Rs.2,343.20, rounded down to Rs.2,340; the credit leaves Rs.2,190
    const order: OrderWire = await shopper.call(ENDPOINTS.orders.cashOnDelivery, {
      body: {
        list_items: [{ productId: product._id, quantity: 2 }],
        addressId: address._id,
        subTotalAmt: 2480,
        totalAmt: 2340,
        location: 'Location not available',
        Choose: '50 Minutes to 1 Hour',
        promoCode: 'SAVE50',
      },
    });
    expect(order).toMatchObject({ basketDiscount: 86.8, promoCode: 'SAVE50', promoDiscount: 50, roundingAmt: 3.2, totalAmt: 2340, creditUsed: 150, cashToCollect: 2190 });

    const jobs = () => printer.jobs.filter((bytes) => decodeEscPos(bytes).lines[0] === `#${order.orderId}`);
    await eventually(() => jobs().length === 1);
    const bytes = jobs()[0]!;
    const lines = decodeEscPos(bytes).lines;
    expect(lines).toContain('Customer: Kamala Devi');
    const from = lines.indexOf(row('Subtotal (2 items)', 'Rs.2,480.00'));
    expect(from).toBeGreaterThan(0);
    expect(lines.slice(from, from + 7)).toEqual([
      row('Subtotal (2 items)', 'Rs.2,480.00'),
      row('Basket discount (3.5%)', '-Rs.86.80'),
      row('Promo SAVE50', '-Rs.50.00'),
      row('Delivery fee', 'FREE'),
      row('Rounding', '-Rs.3.20'),
      row('TOTAL', 'Rs.2,340.00'),
      // read back in PC858: 0xFA is the middle dot
      'Credit -Rs.150.00 \u00b7 COLLECT Rs.2,190.00',
    ]);
    expect(lines.some((text) => text.startsWith('CASH TO COLLECT'))).toBe(false);
    // the bytes themselves: the minus sign sent as '-', the dot as 0xFA, and no switch to another code page (ESC t)
    expect(bytes.includes(Buffer.concat([Buffer.from('Credit -Rs.150.00 ', 'latin1'), Buffer.from([0xfa]), Buffer.from(' COLLECT Rs.2,190.00\n', 'latin1')]))).toBe(true);
    expect(bytes.includes(Buffer.from('\u2212', 'utf8'))).toBe(false);
    const codePages = [...bytes.entries()].filter(([i, b]) => b === 0x1b && bytes[i + 1] === 0x74).map(([i]) => bytes[i + 2]);
    expect(new Set(codePages).size).toBeLessThanOrEqual(1);
    for (const text of lines) expect([...text].length, text).toBeLessThanOrEqual(RECEIPT_COLUMNS);
  }, 90_000);
});
