import { describe, expect, it } from 'vitest';
import { buildReceipt, RECEIPT_COLUMNS, type ReceiptOrder } from '@kade/shared';
import { sampleOrder } from './fixtures';
import { receiptBytes } from './receipt-bytes';
import { decodeEscPos, readEscPos } from './escpos-text';

describe('receipt bytes for a 72 mm printer', () => {
  it('hold the order number, every line, the totals, the address, a QR code of the id and a cut', async () => {
    const model = buildReceipt(sampleOrder(6), { shopName: 'Kade', timeZone: 'Asia/Colombo' });
    const decoded = decodeEscPos(await receiptBytes(model));
    const text = decoded.lines.join('\n');
    expect(decoded.lines[0]).toBe('#7F3Q9X');
    for (const line of model.lines) expect(text).toContain(line.name.split(' ')[0]);
    expect(text).toMatch(/TOTAL\s+Rs\.1,010\.00/);
    expect(text).toMatch(/CASH TO COLLECT\s+Rs\.1,010\.00/);
    expect(text).toContain('Payment status: Not Paid');
    expect(text).toContain('Hampden Lane');
    expect(text).toContain('Location: 6.879000, 79.862000');
    expect(decoded.qrCodes).toEqual(['7F3Q9X']);
    expect(decoded.cuts).toBe(1);
    expect(decoded.invert).toBe(false);
    for (const line of decoded.lines) expect([...line].length, line).toBeLessThanOrEqual(RECEIPT_COLUMNS);
  });

  it('say REPRINT on a reprint', async () => {
    const decoded = decodeEscPos(await receiptBytes(buildReceipt(sampleOrder(), { shopName: 'Kade', reprint: true })));
    expect(decoded.invert).toBe(true);
    expect(decoded.lines.join('\n')).toContain('REPRINT');
  });

  it('of a REVISED bill (issue 33): the revision under the number, the cash to collect in large type, Ordered -> Sent and both totals', async () => {
    const order = sampleOrder(2); // 1 of the first line, 2 of the second
    const packed: ReceiptOrder = {
      ...order,
      products: order.products.map((line, i) => ({ ...line, found: i === 0 ? 0 : 1 })),
      revision: 3,
      originalTotalAmt: 1010,
      totalAmt: 130,
    };
    const bytes = await receiptBytes(buildReceipt(packed, { shopName: 'Kade' }));
    const decoded = decodeEscPos(bytes);
    expect(decoded.lines.slice(0, 3)).toEqual(['#7F3Q9X', ' REVISED 3 ', 'COLLECT Rs.130.00']);
    const large = readEscPos(bytes).filter((item) => item.kind === 'text' && item.doubleWidth && item.doubleHeight).map((item) => (item.kind === 'text' ? item.text : ''));
    expect(large).toEqual(['#7F3Q9X', 'COLLECT Rs.130.00']);
    const text = decoded.lines.join('\n');
    expect(text).toContain('REVISED BILL (revision 3)');
    expect(text).toMatch(/ {2}1 -> 0 REMOVED\s+-Rs\.100\.00/);
    expect(text).toMatch(/ {2}2 -> 1 x Rs\.110\.00 \/ 1kg\s+Rs\.110\.00/);
    expect(text).toMatch(/Original total\s+Rs\.1,010\.00/);
    expect(text).toMatch(/NEW TOTAL\s+Rs\.130\.00/);
    expect(text).toMatch(/CASH TO COLLECT\s+Rs\.130\.00/);
    for (const line of decoded.lines) expect([...line].length, line).toBeLessThanOrEqual(RECEIPT_COLUMNS);
    // a receipt packing has not changed has neither
    expect(decodeEscPos(await receiptBytes(buildReceipt(order, { shopName: 'Kade' }))).lines.join('\n')).not.toMatch(/REVISED|COLLECT Rs/);
  });

  it('stay under 8 KB for a 40-line order', async () => {
    const bytes = await receiptBytes(buildReceipt(sampleOrder(40), { shopName: 'Kade' }));
    expect(bytes.length).toBeLessThan(8 * 1024);
    expect(decodeEscPos(bytes).lines.filter((l) => l.includes(' x Rs.'))).toHaveLength(40);
  });
});

/** How often a byte sequence occurs in the bytes. */
function occurrences(bytes: Buffer, sequence: number[]): number {
  let count = 0;
  for (let at = bytes.indexOf(Buffer.from(sequence)); at !== -1; at = bytes.indexOf(Buffer.from(sequence), at + 1)) count += 1;
  return count;
}

const ESC_P = [0x1b, 0x70]; // ESC p m t1 t2: kick the cash drawer
const GS_V = [0x1d, 0x56]; // GS V m: cut the paper
const ESC_AT = [0x1b, 0x40]; // ESC @: reset the printer

/** What a pen-tester typed: a drawer kick (ESC p 0 25 250), a cut (GS V 0), a reset (ESC @) and C1 controls. */
const KICK = '\u001bp0\u0019\u00fa';
const CUT = '\u001dV0';
const RESET = '\u001b@';
const C1 = '\u0085\u009b';

/** The sample order with printer commands in every text a shopper or an admin can type. */
function hostileOrder(): ReceiptOrder {
  const order = sampleOrder(3);
  return {
    ...order,
    Choose: `${order.Choose ?? ''}${RESET}`,
    payment_status: `Not Paid${C1}`,
    location: `${order.location ?? ''}${CUT}`,
    delivery_address: {
      address_line: `Home${KICK}`, // the address's name
      city: `12/3 Hampden Lane${CUT}${KICK}, Wellawatte`, // the address
      state: `Opposite the temple${RESET}${C1}`, // the landmark
      pincode: `0771234567${KICK}`,
      mobile: 'Home',
    },
    products: order.products.map((line, i) => ({
      ...line,
      product_details: { ...line.product_details, name: `${line.product_details.name}${[KICK, CUT, RESET][i]}${C1}`, unit: `1kg${KICK}` },
    })),
  };
}

/** Every control character of a text typed as a space instead: what the receipt should print. */
const typedAsSpaces = (text: string): string => [...text].map((c) => (c.charCodeAt(0) <= 0x1f || (c.charCodeAt(0) >= 0x7f && c.charCodeAt(0) <= 0x9f) ? ' ' : c)).join('');

describe('receipt bytes of text holding printer commands', () => {
  const options = { shopName: 'Kade', timeZone: 'Asia/Colombo' };
  const clean = () => receiptBytes(buildReceipt(sampleOrder(3), options));

  it('hold none of the typed commands: no drawer kick, one cut (the receipt\'s own), no extra reset', async () => {
    const bytes = await receiptBytes(buildReceipt(hostileOrder(), options));
    expect(occurrences(bytes, ESC_P)).toBe(0);
    expect(occurrences(bytes, GS_V)).toBe(1);
    expect(occurrences(bytes, ESC_AT)).toBe(occurrences(await clean(), ESC_AT));
    expect(decodeEscPos(bytes).cuts).toBe(1);
  });

  it('print the same bytes as the order with each control character typed as a space', async () => {
    const order = hostileOrder();
    const spaced: ReceiptOrder = {
      ...order,
      Choose: typedAsSpaces(order.Choose ?? ''),
      payment_status: typedAsSpaces(order.payment_status ?? ''),
      location: typedAsSpaces(order.location ?? ''),
      delivery_address: Object.fromEntries(Object.entries(order.delivery_address ?? {}).map(([k, v]) => [k, typedAsSpaces(v ?? '')])),
      products: order.products.map((line) => ({
        ...line,
        product_details: { ...line.product_details, name: typedAsSpaces(line.product_details.name), unit: typedAsSpaces(line.product_details.unit ?? '') },
      })),
    };
    const bytes = await receiptBytes(buildReceipt(order, options));
    expect(bytes.equals(await receiptBytes(buildReceipt(spaced, options)))).toBe(true);
    const text = decodeEscPos(bytes).lines.join('\n');
    expect(text).toContain('Home p0');
    expect(text).toContain('Landmark: Opposite the temple @');
  });

  it('hold none even from a model built without buildReceipt', async () => {
    const model = buildReceipt(sampleOrder(2), options);
    const bytes = await receiptBytes({
      ...model,
      shopName: `Kade${KICK}`,
      orderId: `7F3Q9X${CUT}`,
      barcodeValue: `7F3Q9X${KICK}`,
      lines: model.lines.map((line) => ({ ...line, name: `${line.name}${KICK}`, unit: `1kg${RESET}` })),
      addressLines: [`Home${KICK}`, `Lane${CUT}`],
      locationText: `6.9, 79.8${RESET}`,
    });
    expect(occurrences(bytes, ESC_P)).toBe(0);
    expect(occurrences(bytes, GS_V)).toBe(1);
    expect(occurrences(bytes, ESC_AT)).toBe(occurrences(await clean(), ESC_AT));
  });
});
