import { describe, expect, it } from 'vitest';
import { RECEIPT_COLUMNS, buildDaySummary, buildReceipt, creditLine, daySummaryTextLines, isPaymentPaid, leftRight, receiptTextLines, shelfCategory, wrapText } from './receipt';
import { emptyDayReport, type DayReport } from './report';
import type { ReceiptOrder, ReceiptOrderProduct } from './receipt';
import { discountedPricePaise, paiseToRupees } from './money';
import { computeTotals, DELIVERY_OPTION_LABELS, sumLines } from './pricing';
import { seededRandom } from './seeded-random';
import { chargedGrams, perKgChargePaise, printedLinePaise, totalsLines, type OrderLine } from './weight';
import { hasControlCharacters } from './text';

const order: ReceiptOrder = {
  orderId: '7F3Q9X',
  createdAt: '2025-11-22T12:35:00Z',
  order_status: 'Processing',
  payment_method: 'Cash on Delivery',
  payment_status: '',
  Choose: '50 Minutes to 1 Hour',
  location: '6.927100, 79.861200',
  delivery_address: {
    address_line: 'Home',
    city: '12 Temple Road, Wellawatte',
    state: 'Opposite the kovil',
    pincode: '0771234567',
    country: '6.927100, 79.861200',
  },
  products: [
    { quantity: 2, product_details: { name: 'Marie Biscuit', unit: '100g', price: 120, category: [{ name: 'All Product' }, { name: 'Biscuit' }] } },
    { quantity: 1, product_details: { name: 'Tomato', unit: '500g', price: 249.5, category: ['Vegetable'] } },
    { quantity: 3, product_details: { name: 'Fresh Milk', unit: '1L', price: 450, category: 'Milk + Other' } },
    { quantity: 1, product_details: { name: 'Carrot', unit: '250g', price: 95, category: [{ name: 'Vegetable' }] } },
    { quantity: 1, product_details: { name: 'Gift Bag', unit: '1 pc', price: 50 } },
    { quantity: 1, product_details: { name: 'Mango', unit: '1kg', price: 600, category: [{ name: 'Fruit' }] } },
  ],
  subTotalAmt: 2584.5,
  // the bill as the server records it: 3.5% basket discount (over Rs.1,500), free delivery, rounded down to Rs.10
  basketDiscount: 90.46,
  deliveryFee: 0,
  roundingAmt: 4.04,
  totalAmt: 2490,
  userId: { name: 'Nimal Perera' },
};

describe('buildReceipt', () => {
  const model = buildReceipt(order, { shopName: 'Kade', timeZone: 'Asia/Colombo' });

  it('builds the whole model', () => {
    expect(model).toEqual({
      shopName: 'Kade',
      shopAddress: '',
      shopPhone: '',
      footer: '',
      title: 'ORDER',
      revised: null,
      reprint: false,
      orderId: '7F3Q9X',
      time: '22 Nov 2025, 6:05 pm',
      status: 'Processing',
      deliveryOption: '50 Minutes to 1 Hour',
      lines: [
        { name: 'Carrot', englishName: null, quantity: 1, unit: '250g', unitPricePaise: 9500, totalPaise: 9500, category: 'Vegetable', weight: null },
        { name: 'Tomato', englishName: null, quantity: 1, unit: '500g', unitPricePaise: 24950, totalPaise: 24950, category: 'Vegetable', weight: null },
        { name: 'Fresh Milk', englishName: null, quantity: 3, unit: '1L', unitPricePaise: 45000, totalPaise: 135000, category: 'Milk + Other', weight: null },
        { name: 'Marie Biscuit', englishName: null, quantity: 2, unit: '100g', unitPricePaise: 12000, totalPaise: 24000, category: 'Biscuit', weight: null },
        { name: 'Mango', englishName: null, quantity: 1, unit: '1kg', unitPricePaise: 60000, totalPaise: 60000, category: 'Fruit', weight: null },
        { name: 'Gift Bag', englishName: null, quantity: 1, unit: '1 pc', unitPricePaise: 5000, totalPaise: 5000, category: null, weight: null },
      ],
      itemCount: 9,
      subtotalPaise: 258450,
      deliveryFeePaise: 0,
      customerName: 'Nimal Perera',
      basketDiscountPaise: 9046,
      basketDiscountRate: 3.5,
      promoCode: null,
      promoDiscountPaise: 0,
      roundingPaise: 404,
      totalPaise: 249000,
      atMostPaise: null,
      creditPaise: 0,
      cashToCollectPaise: 249000,
      paymentMethod: 'Cash on Delivery',
      paymentStatus: 'Not Paid',
      addressLines: ['Home', '12 Temple Road, Wellawatte', 'Landmark: Opposite the kovil', 'Mobile: 0771234567'],
      locationText: '6.927100, 79.861200',
      barcodeValue: '7F3Q9X',
    });
  });

  it('line totals add up to the sum of the lines', () => {
    const sum = model.lines.reduce((total, line) => total + line.totalPaise, 0);
    expect(sum).toBe(258450);
    for (const line of model.lines) expect(line.totalPaise).toBe(line.unitPricePaise * line.quantity);
  });

  it('applies the defaults of the spec', () => {
    const bare = buildReceipt(
      { orderId: 'ABC123', createdAt: 0, products: [], totalAmt: 0 },
      { shopName: 'Kade' },
    );
    expect(bare).toMatchObject({
      reprint: false,
      status: 'Pending',
      deliveryOption: null,
      paymentMethod: 'N/A',
      paymentStatus: 'Not Paid',
      locationText: 'Location not available',
      addressLines: ['Address not available'],
      subtotalPaise: 0,
      deliveryFeePaise: null,
      customerName: null,
      basketDiscountPaise: 0,
      basketDiscountRate: null,
      promoCode: null,
      promoDiscountPaise: 0,
      roundingPaise: 0,
      time: '1 Jan 1970, 5:30 am',
    });
  });

  it.each([
    [{ order_status: null }, 'status', 'Pending'],
    [{ order_status: '  ' }, 'status', 'Pending'],
    [{ payment_method: null }, 'paymentMethod', 'N/A'],
    [{ payment_status: null }, 'paymentStatus', 'Not Paid'],
    [{ location: '' }, 'locationText', 'Location not available'],
    [{ Choose: '' }, 'deliveryOption', null],
    [{ deliveryFee: null }, 'deliveryFeePaise', null],
    [{ deliveryFee: 20 }, 'deliveryFeePaise', 2000],
    [{ subTotalAmt: null }, 'subtotalPaise', 258450],
    [{ payment_status: 'Paid' }, 'cashToCollectPaise', 0],
    [{ payment_status: 'PAID' }, 'cashToCollectPaise', 0],
    [{ payment_status: 'Not Paid' }, 'cashToCollectPaise', 249000],
  ] as [Partial<ReceiptOrder>, string, unknown][])('%j gives %s = %j', (change, key, value) => {
    expect(buildReceipt({ ...order, ...change }, { shopName: 'Kade' })).toHaveProperty(key, value);
  });

  it('marks reprints and formats the time in the given zone', () => {
    const reprint = buildReceipt(order, { shopName: 'Kade', reprint: true, timeZone: 'UTC' });
    expect(reprint.reprint).toBe(true);
    expect(reprint.time).toBe('22 Nov 2025, 12:35 pm');
  });
});

describe('buildReceipt with printer commands in the order\'s text', () => {
  const ESC_P = '\u001bp0\u0019\u00fa';
  const GS_V = '\u001dV0';
  const ESC_AT = '\u001b@';
  const C1 = '\u0085\u009b';
  const hostile: ReceiptOrder = {
    ...order,
    orderId: `7F3Q9X${ESC_AT}`,
    order_status: `Pending${GS_V}`,
    payment_method: `Cash${ESC_P}`,
    payment_status: `Not Paid${C1}`,
    Choose: `50 Minutes to 1 Hour${ESC_AT}`,
    location: `6.927100, 79.861200${GS_V}`,
    delivery_address: {
      address_line: `Home${ESC_P}`,
      city: `12 Temple Road${GS_V}\nWellawatte`,
      state: `Kovil${ESC_AT}`,
      pincode: `0771234567${C1}`,
      mobile: `Home${ESC_P}`,
    },
    products: [
      { quantity: 1, product_details: { name: `Rice${ESC_P}`, unit: `1kg${GS_V}`, price: 290, category: [{ name: `Rice${ESC_AT}` }] } },
      { quantity: 2, product_details: { name: `${C1}Dhal\t${ESC_AT}`, unit: '500g', price: 320 } },
    ],
  };
  const model = buildReceipt(hostile, { shopName: `Kade${ESC_P}`, timeZone: 'Asia/Colombo' });

  /** Every string in the model, however deep. */
  const texts = (value: unknown): string[] =>
    typeof value === 'string' ? [value] : value !== null && typeof value === 'object' ? Object.values(value).flatMap(texts) : [];

  it('keeps no control character in any text of the model, nor in its printed lines', () => {
    const all = [...texts(model), ...receiptTextLines(model)];
    expect(all.length).toBeGreaterThan(20);
    for (const text of all) expect(hasControlCharacters(text), JSON.stringify(text)).toBe(false);
  });

  it('keeps the printable letters, so the clerk can still read what was typed', () => {
    expect(model.lines.map((l) => [l.name, l.unit, l.category])).toEqual([
      ['Rice p0 \u00fa', '1kg V0', 'Rice @'],
      ['Dhal  @', '500g', null],
    ]);
    expect(model.orderId).toBe('7F3Q9X @');
    expect(model.barcodeValue).toBe(model.orderId);
    expect(model.addressLines.slice(0, 2)).toEqual(['Home p0 \u00fa', '12 Temple Road V0 Wellawatte']);
  });
});

describe('shelfCategory', () => {
  it.each([
    [null, null],
    [[], null],
    ['Fruit', 'Fruit'],
    [[{ name: 'All Product' }, { name: 'Snack' }], 'Snack'],
    [['Snack', 'Vegetable'], 'Vegetable'],
    [['Fruit', 'Biscuit'], 'Biscuit'],
    [['Zebra', 'Apple'], 'Apple'],
    [['All Product', 'Special'], 'All Product'], // only groupings: the first of them
    [[' ', 'Meat'], 'Meat'],
  ])('%j -> %j', (category, shelf) => {
    expect(shelfCategory(category)).toBe(shelf);
  });
});

describe('isPaymentPaid', () => {
  it.each([
    ['Paid', true],
    [' paid ', true],
    ['Not Paid', false],
    ['CASH ON DELIVERY', false],
    ['', false],
    [null, false],
  ])('%j -> %s', (status, paid) => {
    expect(isPaymentPaid(status)).toBe(paid);
  });
});

describe('wrapText and leftRight', () => {
  it.each([
    ['', 10, '', ['']],
    ['short', 10, '', ['short']],
    ['exactly ten', 11, '', ['exactly ten']],
    ['exactly ten', 10, '', ['exactly', 'ten']],
    ['one two three four', 9, '  ', ['one two', '  three', '  four']],
    ['abcdefghijklmnop', 6, '', ['abcdef', 'ghijkl', 'mnop']],
    ['ab abcdefghijkl', 6, '  ', ['ab', '  abcd', '  efgh', '  ijkl']],
    ['  indented text here', 12, '  ', ['  indented', '  text here']],
    ['many   spaces\tand\ttabs', 40, '', ['many spaces and tabs']],
  ])('wrapText(%j, %s, %j)', (text, columns, indent, lines) => {
    expect(wrapText(text, columns, indent)).toEqual(lines);
  });

  it('refuses an indent that leaves no room', () => {
    expect(() => wrapText('x', 2, '  ')).toThrow(RangeError);
  });

  it.each([
    ['TOTAL', 'Rs.1,250.00', 20, ['TOTAL    Rs.1,250.00']],
    ['Subtotal', 'Rs.1.00', 16, ['Subtotal Rs.1.00']], // one space is enough
    ['Subtotal', 'Rs.1.00', 15, ['Subtotal', '        Rs.1.00']], // no room for a space: next line
    ['a long label that wraps', 'Rs.9.00', 16, ['a long label', '  that wraps', '         Rs.9.00']],
    ['a long label that', 'Rs.9.00', 16, ['a long label', '  that   Rs.9.00']],
  ])('leftRight(%j, %j, %s)', (left, right, columns, lines) => {
    expect(leftRight(left, right, columns)).toEqual(lines);
  });
});

describe('receiptTextLines', () => {
  const model = buildReceipt(order, { shopName: 'Kade', timeZone: 'Asia/Colombo' });

  it('lays out the receipt in 48 columns', () => {
    const rule = '-'.repeat(48);
    const double = '='.repeat(48);
    expect(receiptTextLines(model)).toEqual([
      '                      Kade',
      '                     ORDER',
      '                    #7F3Q9X',
      double,
      'Time: 22 Nov 2025, 6:05 pm',
      'Status: Processing',
      'Customer: Nimal Perera',
      'Delivery: 50 Minutes to 1 Hour',
      rule,
      'Carrot',
      '  1 x Rs.95.00 / 250g                   Rs.95.00',
      'Tomato',
      '  1 x Rs.249.50 / 500g                 Rs.249.50',
      'Fresh Milk',
      '  3 x Rs.450.00 / 1L                 Rs.1,350.00',
      'Marie Biscuit',
      '  2 x Rs.120.00 / 100g                 Rs.240.00',
      'Mango',
      '  1 x Rs.600.00 / 1kg                  Rs.600.00',
      'Gift Bag',
      '  1 x Rs.50.00 / 1 pc                   Rs.50.00',
      rule,
      'Subtotal (9 items)                   Rs.2,584.50',
      'Basket discount (3.5%)                 -Rs.90.46',
      'Delivery fee                                FREE',
      'Rounding                                -Rs.4.04',
      'TOTAL                                Rs.2,490.00',
      'CASH TO COLLECT                      Rs.2,490.00',
      rule,
      'Payment: Cash on Delivery',
      'Payment status: Not Paid',
      rule,
      'Deliver to:',
      'Home',
      '12 Temple Road, Wellawatte',
      'Landmark: Opposite the kovil',
      'Mobile: 0771234567',
      'Location: 6.927100, 79.861200',
      double,
    ]);
  });

  it('says REPRINT on a reprint and shows a delivery fee', () => {
    const lines = receiptTextLines(buildReceipt({ ...order, deliveryFee: 20 }, { shopName: 'Kade', reprint: true }));
    expect(lines).toContain('                ORDER - REPRINT');
    expect(lines).toContain('Delivery fee                            Rs.20.00');
  });

  it('fits a 40-line order in 48 columns and under 8 KB', () => {
    const names = ['Anchor Full Cream Milk Powder', 'Munchee Super Cream Cracker Family Pack', 'Red Onion', 'Basmati Rice Premium Long Grain'];
    const products = Array.from({ length: 40 }, (_, i) => ({
      quantity: (i % 5) + 1,
      product_details: {
        name: `${names[i % names.length] ?? ''} ${i + 1}`,
        unit: i % 2 === 0 ? '1kg' : '400g',
        price: 1234.5 + i,
        category: [{ name: i % 3 === 0 ? 'Snack' : 'Vegetable' }],
      },
    }));
    const big = buildReceipt({ ...order, products, subTotalAmt: null, totalAmt: 99999.99 }, { shopName: 'Kade', reprint: true });
    const lines = receiptTextLines(big);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(RECEIPT_COLUMNS);
    expect(big.lines).toHaveLength(40);
    const text = lines.join('\n');
    products.forEach((_, i) => expect(text).toMatch(new RegExp(` ${i + 1}\n`)));
    expect(new TextEncoder().encode(text).length).toBeLessThan(8 * 1024);
    // the shelf order holds: every Vegetable line before every Snack line
    const shelves = big.lines.map((line) => line.category);
    expect(shelves.lastIndexOf('Vegetable')).toBeLessThan(shelves.indexOf('Snack'));
  });

  it('wraps very long names, units, addresses and shop names within 48 columns', () => {
    const products = Array.from({ length: 40 }, (_, i) => ({
      quantity: (i % 5) + 1,
      product_details: {
        name: `Product ${i + 1} with a rather long descriptive name that needs wrapping, Supercalifragilisticexpialidocious-Extra-Large-Family-Pack`,
        unit: 'Family pack of twelve 500ml bottles with a free glass',
        price: 99999.99,
      },
    }));
    const model = buildReceipt(
      { ...order, products, totalAmt: 9999999.99, delivery_address: { ...order.delivery_address, city: 'x'.repeat(120) } },
      { shopName: 'Kade Grocery and Daily Needs Quick Delivery, Wellawatte Branch, Colombo 06', reprint: true },
    );
    const lines = receiptTextLines(model);
    for (const line of lines) {
      expect([...line].length).toBeLessThanOrEqual(RECEIPT_COLUMNS);
      expect(line).toBe(line.trimEnd());
    }
    expect(lines).toContain('xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx');
    expect(lines.filter((line) => line.endsWith('Rs.99,999.99'))).toHaveLength(8); // quantity 1 lines
  });

  it.each([24, 32, 42, 48, 64])('never exceeds %s columns', (columns) => {
    for (const line of receiptTextLines(model, columns)) expect([...line].length).toBeLessThanOrEqual(columns);
  });

  it('an empty order still prints', () => {
    const lines = receiptTextLines(buildReceipt({ orderId: 'ABC123', createdAt: 0, products: [], totalAmt: 0 }, { shopName: 'Kade' }));
    expect(lines).toContain('No items');
    expect(lines).toContain('Address not available');
    expect(lines).toContain('Location: Location not available');
  });

  it.each([23, 0, 47.5])('refuses %s columns', (columns) => {
    expect(() => receiptTextLines(model, columns)).toThrow(RangeError);
  });

  it('heads the receipt with the store\'s own name, address and phone, and ends with its footer line', () => {
    const own = buildReceipt(order, { shopName: 'Perera Stores', shopAddress: '12 Station Road, Dehiwala', shopPhone: '+94 11 272 0000', footer: 'Thank you, come again!', timeZone: 'Asia/Colombo' });
    const lines = receiptTextLines(own, 48);
    expect(lines.slice(0, 3).map((l) => l.trim())).toEqual(['Perera Stores', '12 Station Road, Dehiwala', '+94 11 272 0000']);
    expect(lines.at(-1)?.trim()).toBe('Thank you, come again!');
    expect(lines.every((l) => [...l].length <= 48)).toBe(true);
    // a footer with a printer command in it loses the command
    expect(buildReceipt(order, { shopName: 'X', footer: 'Bye\u001bp\u0000' }).footer).toBe('Bye p');
  });
});

describe('the day summary (Z-report)', () => {
  const report: DayReport = {
    ...emptyDayReport('2026-11-22', 'Asia/Colombo', new Date('2026-11-22T11:30:00Z'), false),
    totalOrders: 3,
    byStatus: [
      { status: 'Pending', count: 0 },
      { status: 'Delivered', count: 2 },
      { status: 'Cancelled', count: 1 },
    ],
    items: [
      { name: 'Samba Rice 1kg', unit: '1kg', quantity: 7, amount: 2030 },
      { name: 'Soap\u001bp', unit: '', quantity: 1, amount: 95.5 },
    ],
    cashCollected: 2125.5,
    cashExpected: 2200,
    deliveredOrders: 2,
    valueCancelled: 480,
    cancelledOrders: 1,
    deliveryTimes: [{ option: '20 Minutes to 30 Minutes', code: 'express', promiseMinutes: 30, delivered: 2, averageMinutes: 28, p90Minutes: 31, missed: 1 }],
    missedPromises: [{ orderId: 'B7K2QX', option: '20 Minutes to 30 Minutes', promiseMinutes: 30, minutes: 31, status: 'Delivered', delivered: true }],
    ordersPerHour: Array.from({ length: 24 }, (_, hour) => (hour === 9 ? 2 : hour === 10 ? 1 : 0)),
  };
  const model = buildDaySummary(report, { shopName: 'Kade', shopPhone: '011 234 5678', footer: 'Thank you' });

  it('builds the model from the report: amounts in paise, only the statuses and hours that had orders', () => {
    expect(model).toMatchObject({
      title: 'DAY SUMMARY',
      day: '22 Nov 2026',
      printedAt: '22 Nov 2026, 5:00 pm',
      totalOrders: 3,
      byStatus: [{ status: 'Delivered', count: 2 }, { status: 'Cancelled', count: 1 }],
      cashCollectedPaise: 212550,
      cashExpectedPaise: 220000,
      valueCancelledPaise: 48000,
      hours: [{ hour: '09:00-10:00', count: 2 }, { hour: '10:00-11:00', count: 1 }],
    });
    expect(model.items[1]).toEqual({ name: 'Soap p', unit: '', quantity: 1, kilos: 0, totalPaise: 9550 });
  });

  it('prints kilos sold beside units (issue 34): a product sold by weight, and one sold both ways', () => {
    const weighed = buildDaySummary(
      {
        ...report,
        items: [
          { name: 'Carrots', unit: '', quantity: 0, kilos: 2.242, amount: 1076 },
          { name: 'Samba Rice 1kg', unit: '1kg', quantity: 7, amount: 2030 },
          { name: 'Dhal', unit: '', quantity: 2, kilos: 1.5, amount: 900 },
        ],
      },
      { shopName: 'Kade' },
    );
    expect(weighed.items.map((item) => item.kilos)).toEqual([2.242, 0, 1.5]);
    const lines = daySummaryTextLines(weighed);
    const row = (left: string, right: string) => left + ' '.repeat(48 - left.length - right.length) + right;
    expect(lines).toContain(row('  x 2.242 kg', 'Rs.1,076.00'));
    expect(lines).toContain(row('  x 7', 'Rs.2,030.00'));
    expect(lines).toContain(row('  x 2 + 1.500 kg', 'Rs.900.00'));
  });

  it('lays it out in 48 columns with the day, the cash, the items, the times and the missed promises', () => {
    const lines = daySummaryTextLines(model);
    for (const line of lines) {
      expect([...line].length).toBeLessThanOrEqual(RECEIPT_COLUMNS);
      expect(hasControlCharacters(line)).toBe(false);
    }
    const text = lines.join('\n');
    expect(lines.map((l) => l.trim()).slice(0, 4)).toEqual(['Kade', '011 234 5678', 'DAY SUMMARY', '22 Nov 2026']);
    expect(lines).toContain(leftRight('CASH COLLECTED (2 delivered)', 'Rs.2,125.50', 48)[0]);
    expect(lines).toContain(leftRight('  Expected (order totals)', 'Rs.2,200.00', 48)[0]);
    expect(lines).toContain(leftRight('Cancelled (1)', 'Rs.480.00', 48)[0]);
    expect(lines).toContain(leftRight('  x 7', 'Rs.2,030.00', 48)[0]);
    expect(lines).toContain(leftRight('  p90', '31 min', 48)[0]);
    expect(lines).toContain(leftRight('  #B7K2QX', '31 / 30 min', 48)[0]);
    expect(lines).toContain(leftRight('  09:00-10:00', '2', 48)[0]);
    expect(text).toContain('20 Minutes to 30 Minutes (promise 30 min)');
    expect(lines.at(-1)?.trim()).toBe('Thank you');
  });

  it('prints packing when any order was packed: the fill rate, the substitutes by outcome and the products most often short', () => {
    const packing = { packedOrders: 4, linesOrdered: 10, linesFound: 4, fillRate: 40, substitutions: { accepted: 2, declined: 1, expired: 2, pending: 0 }, shortProducts: [{ name: 'Milk\u001bp', timesShort: 2 }, { name: 'Bread', timesShort: 1 }] };
    const lines = daySummaryTextLines(buildDaySummary({ ...report, packing }, { shopName: 'Kade' }));
    expect(lines).toContain('PACKING (4 packed)');
    expect(lines).toContain(leftRight('  Fill rate', '40% (4/10 lines)', 48)[0]);
    expect(lines).toContain(leftRight('  Substitutes accepted', '2', 48)[0]);
    expect(lines).toContain(leftRight('  Substitutes declined', '1', 48)[0]);
    expect(lines).toContain(leftRight('  Substitutes expired', '2', 48)[0]);
    expect(lines).toContain(leftRight('    Milk p', 'x 2', 48)[0]);
    expect(lines).toContain(leftRight('    Bread', 'x 1', 48)[0]);
    // a day nothing was packed, or a report from a server before packing, prints no such part
    expect(daySummaryTextLines(model).join('\n')).not.toContain('PACKING');
    expect(buildDaySummary({ ...report, packing: { ...packing, packedOrders: 0 } }, { shopName: 'Kade' }).packing).toBeNull();
  });

  it('says None where a quiet day has nothing to list', () => {
    const quiet = daySummaryTextLines(buildDaySummary(emptyDayReport('2026-11-23', 'Asia/Colombo', new Date('2026-11-22T11:30:00Z'), true), { shopName: 'Kade' }), 32);
    expect(quiet.filter((l) => l === '  None')).toHaveLength(3);
    for (const line of quiet) expect([...line].length).toBeLessThanOrEqual(32);
  });
});

describe('a receipt of an order placed in Sinhala or Tamil (issue 21)', () => {
  const order = {
    orderId: 'TA1234',
    createdAt: '2026-11-22T05:00:00Z',
    products: [
      { quantity: 2, product_details: { name: 'Mysore Dhal', nameSi: 'මයිසූර් පරිප්පු', nameTa: 'மைசூர் பருப்பு', unit: '500g', price: 210, category: 'Rice & Grains' } },
      { quantity: 1, product_details: { name: 'Gift Bag', nameSi: null, nameTa: '  ', unit: '1 pc', price: 50 } },
      { quantity: 1, product_details: { name: 'Coconut', nameTa: 'தேங்காய்\u001b', unit: '1', price: 120, category: 'Rice & Grains' } },
    ],
    totalAmt: 590,
  };

  it('prints each name in the order\'s language with the English under it, English alone where there is none', () => {
    const model = buildReceipt({ ...order, language: 'ta' }, { shopName: 'Kade' });
    expect(model.lines.map((line) => [line.name, line.englishName])).toEqual([
      ['தேங்காய்', 'Coconut'], // the ESC the name held is not printed
      ['மைசூர் பருப்பு', 'Mysore Dhal'],
      ['Gift Bag', null],
    ]);
    const text = receiptTextLines(model);
    const dhal = text.indexOf('மைசூர் பருப்பு');
    expect(text.slice(dhal, dhal + 3)).toEqual(['மைசூர் பருப்பு', '  Mysore Dhal', expect.stringMatching(/^ {2}2 x Rs\.210\.00 \/ 500g +Rs\.420\.00$/)]);
  });

  it('prints Sinhala names for a Sinhala order, and English for an English one or one that says no language', () => {
    expect(buildReceipt({ ...order, language: 'si' }, { shopName: 'Kade' }).lines.map((line) => line.name)).toEqual(['Coconut', 'මයිසූර් පරිප්පු', 'Gift Bag']);
    for (const language of ['en', null, undefined] as const) {
      const model = buildReceipt({ ...order, language }, { shopName: 'Kade' });
      expect(model.lines.map((line) => [line.name, line.englishName])).toEqual([['Coconut', null], ['Mysore Dhal', null], ['Gift Bag', null]]);
    }
  });
});

describe('the REVISED bill of an order packing changed (issue 33)', () => {
  // Ordered: 3 milk at Rs.450 (1 found), 2 biscuits at Rs.120 (none found, replaced), 1 tomato (not touched), 1 bread
  // (none found, no substitute). A cheaper substitute kept without asking, a dearer one the shopper accepted, one
  // declined. Totals as the server revised them.
  const packed: ReceiptOrder = {
    ...order,
    language: 'en',
    revision: 2,
    originalTotalAmt: 2210,
    products: [
      { productId: 'milk', quantity: 3, found: 1, product_details: { name: 'Fresh Milk', unit: '1L', price: 450, category: 'Milk + Other' } },
      { productId: 'biscuit', quantity: 2, found: 0, product_details: { name: 'Marie Biscuit', nameSi: 'මාරි බිස්කට්', nameTa: 'மாரி பிஸ்கட்', unit: '100g', price: 120, category: 'Biscuit' } },
      { productId: 'tomato', quantity: 1, found: null, product_details: { name: 'Tomato', unit: '500g', price: 249.5, category: 'Vegetable' } },
      { productId: 'bread', quantity: 1, found: 0, product_details: { name: 'Bread', unit: '1 pc', price: 180, category: 'Bakery' } },
    ],
    proposals: [
      { productId: 'biscuit', name: 'Lemon Puff', nameSi: 'ලෙමන් පෆ්', nameTa: null, unit: '100g', price: 110, chargedPrice: 110, quantity: 1, status: 'AUTO_ACCEPTED' },
      { productId: 'biscuit', name: 'Chocolate Cream', unit: '100g', price: 150, chargedPrice: 120, quantity: 1, status: 'ACCEPTED' },
      { productId: 'bread', name: 'Sandwich Bread', unit: '1 pc', price: 240, chargedPrice: 180, quantity: 1, status: 'DECLINED' },
      { productId: 'milk', name: 'Long Life Milk', unit: '1L', price: 400, chargedPrice: 400, quantity: 2, status: 'EXPIRED' },
    ],
    subTotalAmt: 959.5,
    deliveryFee: 100,
    totalAmt: 1050,
  };
  const model = buildReceipt(packed, { shopName: 'Kade', timeZone: 'Asia/Colombo' });

  it('marks the bill REVISED with its revision, every line ordered and sent, what was removed, the kept substitutes and both totals', () => {
    expect(model.title).toBe('REVISED');
    expect(model.revised).toEqual({
      revision: 2,
      lines: [
        { name: 'Tomato', englishName: null, unit: '500g', ordered: 1, sent: 1, unitPricePaise: 24950, sentPaise: 24950, removedPaise: 0, category: 'Vegetable', weight: null },
        { name: 'Fresh Milk', englishName: null, unit: '1L', ordered: 3, sent: 1, unitPricePaise: 45000, sentPaise: 45000, removedPaise: 90000, category: 'Milk + Other', weight: null },
        { name: 'Marie Biscuit', englishName: null, unit: '100g', ordered: 2, sent: 0, unitPricePaise: 12000, sentPaise: 0, removedPaise: 24000, category: 'Biscuit', weight: null },
        { name: 'Bread', englishName: null, unit: '1 pc', ordered: 1, sent: 0, unitPricePaise: 18000, sentPaise: 0, removedPaise: 18000, category: 'Bakery', weight: null },
      ],
      substitutes: [
        // kept without asking: the charged price; accepted dearer: the shopper's own yes to its price
        { name: 'Lemon Puff', englishName: null, unit: '100g', quantity: 1, unitPricePaise: 11000, totalPaise: 11000, replaces: 'Marie Biscuit' },
        { name: 'Chocolate Cream', englishName: null, unit: '100g', quantity: 1, unitPricePaise: 15000, totalPaise: 15000, replaces: 'Marie Biscuit' },
      ],
      removedPaise: 132000,
      originalTotalPaise: 221000,
    });
    expect(model.totalPaise).toBe(105000);
    expect(model.cashToCollectPaise).toBe(105000);
    expect(model.itemCount).toBe(4); // sent: 1 milk, 1 tomato, two substitutes
    expect(model.lines.reduce((sum, line) => sum + line.quantity, 0)).toBe(7); // the pick list's lines stay as ordered
  });

  it('lays out Ordered -> Sent, the removed amounts, the substitutes, the original and new totals and the cash in 48 columns', () => {
    const text = receiptTextLines(model);
    for (const line of text) expect([...line].length).toBeLessThanOrEqual(RECEIPT_COLUMNS);
    const at = (left: string, right: string) => expect(text).toContain(leftRight(left, right, RECEIPT_COLUMNS)[0]);
    expect(text.map((line) => line.trim())).toContain('REVISED BILL (revision 2)');
    expect(text).toContain('Ordered -> Sent');
    at('  3 -> 1 x Rs.450.00 / 1L', 'Rs.450.00');
    at('  Removed 2', '-Rs.900.00');
    at('  2 -> 0 REMOVED', '-Rs.240.00');
    at('  1 -> 0 REMOVED', '-Rs.180.00');
    at('  1 -> 1 x Rs.249.50 / 500g', 'Rs.249.50');
    expect(text).toContain('SUBSTITUTES');
    expect(text.filter((line) => line === '  for Marie Biscuit')).toHaveLength(2);
    at('  1 x Rs.150.00 / 100g', 'Rs.150.00');
    expect(text.join('\n')).not.toMatch(/Sandwich Bread|Long Life Milk/); // declined and expired are not sent
    at('Removed in all', '-Rs.1,320.00');
    at('Subtotal (4 items)', 'Rs.959.50'); // 1 milk, 1 tomato and two substitutes
    at('Original total', 'Rs.2,210.00');
    at('NEW TOTAL', 'Rs.1,050.00');
    at('CASH TO COLLECT', 'Rs.1,050.00');
    expect(text.some((line) => /^TOTAL /.test(line))).toBe(false);
  });

  it('prints the names in the order\'s language with the English under them, substitutes too', () => {
    for (const [language, biscuit, puff] of [['si', 'මාරි බිස්කට්', 'ලෙමන් පෆ්'], ['ta', 'மாரி பிஸ்கட்', 'Lemon Puff']] as const) {
      const bill = buildReceipt({ ...packed, language }, { shopName: 'Kade' });
      expect(bill.revised?.lines.find((line) => line.englishName === 'Marie Biscuit')?.name).toBe(biscuit);
      expect(bill.revised?.substitutes[0]).toMatchObject({ name: puff, englishName: puff === 'Lemon Puff' ? null : 'Lemon Puff', replaces: biscuit });
      const text = receiptTextLines(bill);
      expect(text).toContain(biscuit);
      expect(text).toContain('  Marie Biscuit');
      expect(text).toContain(`  for ${biscuit}`);
    }
  });

  it('is the plain receipt at revision 0, and says REPRINT on a reprinted revised bill', () => {
    const plain = buildReceipt({ ...packed, revision: 0 }, { shopName: 'Kade' });
    expect(plain).toMatchObject({ title: 'ORDER', revised: null });
    expect(receiptTextLines(plain).join('\n')).not.toMatch(/REVISED|Ordered ->/);
    expect(receiptTextLines(buildReceipt(packed, { shopName: 'Kade', reprint: true })).map((line) => line.trim())).toContain('REVISED BILL (revision 2) - REPRINT');
  });
});

describe('weighed lines on the bill (issue 34)', () => {
  // Carrots at Rs.480/kg, 750 g asked (3 steps of 250 g); two units of bread beside them.
  const carrots = (extra: Partial<ReceiptOrder['products'][number]> = {}): ReceiptOrder['products'][number] => ({
    productId: 'carrots',
    quantity: 3,
    sellBy: 'WEIGHT',
    grams: 750,
    weighedGrams: null,
    chargedGrams: null,
    product_details: { name: 'Carrots', nameSi: 'කැරට්', nameTa: 'கரட்', unit: '', price: 480, category: 'Vegetable' },
    ...extra,
  });
  const bread = { productId: 'bread', quantity: 2, sellBy: 'EACH' as const, grams: null, product_details: { name: 'Bread', unit: '1 pc', price: 100, category: 'Bakery' } };
  const weighedOrder = (line: ReceiptOrder['products'][number], totals: Partial<ReceiptOrder>): ReceiptOrder => ({ ...order, language: 'en', products: [line, bread], ...totals });
  const row = (left: string, right: string, columns = RECEIPT_COLUMNS) => left + ' '.repeat(columns - left.length - right.length) + right;

  it('prints a packed line as its charged kilos at the price per kg and the amount the server charged', () => {
    const model = buildReceipt(weighedOrder(carrots({ weighedGrams: 742, chargedGrams: 742, lineTotal: 356 }), { subTotalAmt: 556, totalAmt: 560, maxTotalAmt: null }), { shopName: 'Kade' });
    expect(model.lines[0]).toMatchObject({ name: 'Carrots', totalPaise: 35_600, unitPricePaise: 48_000, weight: { grams: 742, askedGrams: 750, weighedGrams: null, estimate: false } });
    expect(model.itemCount).toBe(3); // the weighed line is one item, the bread two
    const text = receiptTextLines(model);
    expect(text).toContain(row('  0.742 kg x Rs.480.00/kg', 'Rs.356.00'));
    expect(text).not.toContain('  At most');
    expect(text.join('\n')).not.toMatch(/weighed \d/);
  });

  it('prints an unweighed line at its asked weight, and the most the order can come to under the total', () => {
    const model = buildReceipt(weighedOrder(carrots(), { subTotalAmt: 560, totalAmt: 570, maxTotalAmt: 600 }), { shopName: 'Kade' });
    expect(model.lines[0]?.weight).toEqual({ grams: 750, askedGrams: 750, weighedGrams: null, estimate: true });
    expect(model.lines[0]?.totalPaise).toBe(36_000); // no lineTotal on the wire: 750 g x Rs.480/kg
    expect(model.atMostPaise).toBe(60_000);
    const text = receiptTextLines(model);
    expect(text).toContain(row('  0.750 kg x Rs.480.00/kg', 'Rs.360.00'));
    const total = text.indexOf(row('TOTAL', 'Rs.570.00'));
    expect(total).toBeGreaterThan(0);
    expect(text[total + 1]).toBe(row('  At most (weighed lines)', 'Rs.600.00'));
  });

  it('says so in a second line when the scale weighed more than was charged (over the tolerance, not accepted)', () => {
    const model = buildReceipt(weighedOrder(carrots({ weighedGrams: 900, chargedGrams: 825, lineTotal: 396 }), { subTotalAmt: 596, totalAmt: 600 }), { shopName: 'Kade' });
    const text = receiptTextLines(model);
    const at = text.indexOf(row('  0.825 kg x Rs.480.00/kg', 'Rs.396.00'));
    expect(at).toBeGreaterThan(0);
    expect(text[at + 1]).toBe('  weighed 0.900 kg, charged 0.825 kg');
    // accepted: charged as weighed, nothing more to say
    const accepted = receiptTextLines(buildReceipt(weighedOrder(carrots({ weighedGrams: 900, chargedGrams: 900, lineTotal: 432 }), { subTotalAmt: 632, totalAmt: 630 }), { shopName: 'Kade' }));
    expect(accepted).toContain(row('  0.900 kg x Rs.480.00/kg', 'Rs.432.00'));
    expect(accepted.join('\n')).not.toContain('charged 0.');
  });

  it('on the REVISED bill: asked -> charged kilos, the over-weight line, and a line not found REMOVED at its asked amount', () => {
    const revised = (line: ReceiptOrder['products'][number], totals: Partial<ReceiptOrder>) =>
      buildReceipt(weighedOrder(line, { revision: 1, originalTotalAmt: 570, ...totals }), { shopName: 'Kade' });
    const packed = revised(carrots({ weighedGrams: 742, chargedGrams: 742, lineTotal: 356, found: null }), { subTotalAmt: 556, totalAmt: 560 });
    expect(packed.revised?.lines.find((line) => line.name === 'Carrots')).toMatchObject({ sentPaise: 35_600, removedPaise: 0 });
    expect(packed.itemCount).toBe(3);
    expect(receiptTextLines(packed)).toContain(row('  0.750 -> 0.742 kg x Rs.480.00/kg', 'Rs.356.00'));
    const heavy = receiptTextLines(revised(carrots({ weighedGrams: 1000, chargedGrams: 825, lineTotal: 396 }), { subTotalAmt: 596, totalAmt: 600 }));
    const at = heavy.indexOf(row('  0.750 -> 0.825 kg x Rs.480.00/kg', 'Rs.396.00'));
    expect(heavy[at + 1]).toBe('  weighed 1.000 kg, charged 0.825 kg');
    const gone = revised(carrots({ found: 0, weighedGrams: null, chargedGrams: null, lineTotal: 0 }), { subTotalAmt: 200, totalAmt: 220 });
    expect(gone.revised?.removedPaise).toBe(36_000);
    expect(gone.itemCount).toBe(2);
    const goneText = receiptTextLines(gone);
    expect(goneText).toContain(row('  0.750 kg REMOVED', '-Rs.360.00'));
    expect(goneText).toContain(row('Removed in all', '-Rs.360.00'));
  });

  it('prints the name in the order\'s language, English under it, and fits 32 columns too', () => {
    const model = buildReceipt({ ...weighedOrder(carrots({ weighedGrams: 742, chargedGrams: 742, lineTotal: 356 }), { subTotalAmt: 556, totalAmt: 560 }), language: 'ta' }, { shopName: 'Kade' });
    const text = receiptTextLines(model, 32);
    const at = text.indexOf('கரட்');
    // 32 columns are too few for both: the amount goes right-aligned on the next line, as every line's does
    expect(text.slice(at, at + 4)).toEqual(['கரட்', '  Carrots', '  0.742 kg x Rs.480.00/kg', 'Rs.356.00'.padStart(32)]);
    for (const line of text) expect([...line].length).toBeLessThanOrEqual(32);
  });
});

describe('generated orders with weighed and unit lines: the printed line amounts add up to the subtotal (issue 34)', () => {
  /** The amount at the end of a printed line ('... Rs.1,234.50'), in paise; removals ('-Rs.') are not lines sent. */
  const printedAmounts = (text: readonly string[]): number[] => {
    const end = text.findIndex((line) => line.startsWith('Subtotal ('));
    return text.slice(0, end).flatMap((line) => {
      const found = / (Rs\.[\d,]+\.\d\d)$/.exec(line);
      return found ? [Math.round(Number(found[1]!.slice(3).replace(/,/g, '')) * 100)] : [];
    });
  };

  it('for 2,000 orders at take time, packed, and on the REVISED bill, with and without the server\'s lineTotal', () => {
    const random = seededRandom(3434);
    const int = (from: number, to: number) => from + Math.floor(random() * (to - from + 1));
    const pick = <T,>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
    const discounts = [0, 0, 5, 10, 12.5, 33, 50];
    for (let n = 0; n < 2000; n++) {
      const packed = random() < 0.6;
      const withLineTotal = random() < 0.5;
      const shared: OrderLine[] = [];
      const products: ReceiptOrderProduct[] = [];
      for (let i = 0, count = int(1, 7); i < count; i++) {
        const pricePaise = random() < 0.5 ? int(1, 2000) * 100 : int(1, 200_000);
        const discount = pick(discounts);
        const details = { name: `Item ${i}`, unit: '', category: pick(['Vegetable', 'Fish', 'Rice & Grains']) };
        if (random() < 0.5) {
          const steps = int(1, 20);
          const askedGrams = steps * pick([10, 50, 100, 250]);
          const weighedGrams = packed ? pick([askedGrams, 0, int(1, Math.floor(askedGrams * 1.5))]) : null;
          const acceptedHeavier = random() < 0.3;
          const line: OrderLine = { sellBy: 'WEIGHT', pricePaise, discount, askedGrams, weighedGrams, acceptedHeavier };
          shared.push(line);
          const charged = weighedGrams === null ? null : chargedGrams(askedGrams, weighedGrams, acceptedHeavier);
          products.push({
            productId: `p${i}`,
            quantity: steps,
            found: weighedGrams === 0 ? 0 : null,
            sellBy: 'WEIGHT',
            grams: askedGrams,
            weighedGrams: weighedGrams === 0 ? null : weighedGrams,
            chargedGrams: weighedGrams === 0 ? null : charged,
            ...(withLineTotal ? { lineTotal: paiseToRupees(printedLinePaise(line)) } : {}),
            product_details: { ...details, price: paiseToRupees(perKgChargePaise(pricePaise, discount)) },
          });
        } else {
          const quantity = int(1, 5);
          const found = packed ? int(0, quantity) : null;
          const line: OrderLine = { pricePaise, discount, quantity: found ?? quantity };
          shared.push(line);
          products.push({
            productId: `p${i}`,
            quantity,
            found,
            sellBy: 'EACH',
            ...(withLineTotal ? { lineTotal: paiseToRupees(printedLinePaise(line)) } : {}),
            product_details: { ...details, price: paiseToRupees(discountedPricePaise(pricePaise, discount)) },
          });
        }
      }
      const subtotalPaise = sumLines(totalsLines(shared, 'estimate')).subtotalPaise;
      const receiptOrder: ReceiptOrder = { ...order, products, revision: packed ? 1 : 0, subTotalAmt: paiseToRupees(subtotalPaise), totalAmt: paiseToRupees(subtotalPaise) };
      const model = buildReceipt(receiptOrder, { shopName: 'Kade' });
      const context = JSON.stringify({ n, products });
      const amounts = printedAmounts(receiptTextLines(model));
      expect(amounts.reduce((sum, paise) => sum + paise, 0), context).toBe(subtotalPaise);
      expect(model.subtotalPaise, context).toBe(subtotalPaise);
      if (!packed) expect(model.lines.reduce((sum, line) => sum + line.totalPaise, 0), context).toBe(subtotalPaise);
    }
  });
});

describe('store credit on the bill (issue 35)', () => {
  // 2 x Rs.1,240 = Rs.2,480; 3.5% basket discount Rs.86.80; promo SAVE50 Rs.50; free delivery; Rs.2,343.20 rounds
  // down to Rs.2,340 (Rs.3.20); Rs.150 of credit leaves Rs.2,190 to collect: the issue's own example.
  const credited: ReceiptOrder = {
    orderId: 'CR3D1T',
    createdAt: '2026-11-28T10:00:00Z',
    order_status: 'Pending',
    payment_method: 'Cash on Delivery',
    payment_status: '',
    Choose: '50 Minutes to 1 Hour',
    userId: { name: 'Kamala Devi' },
    products: [{ quantity: 2, product_details: { name: 'Rice 5kg', unit: '5 kg', price: 1240 } }],
    subTotalAmt: 2480,
    basketDiscount: 86.8,
    promoCode: 'SAVE50',
    promoDiscount: 50,
    deliveryFee: 0,
    roundingAmt: 3.2,
    totalAmt: 2340,
    creditUsed: 150,
    cashToCollect: 2190,
    delivery_address: {},
  };
  const squeezed = (lines: string[]) => lines.map((line) => line.replace(/\s+/g, ' ').trim());

  it("prints 'Credit −Rs.150.00 · COLLECT Rs.2,190.00' in place of CASH TO COLLECT, after the bill's own lines", () => {
    const model = buildReceipt(credited, { shopName: 'Kade' });
    expect(model).toMatchObject({ totalPaise: 234_000, creditPaise: 15_000, cashToCollectPaise: 219_000, customerName: 'Kamala Devi' });
    expect(creditLine(model)).toBe('Credit \u2212Rs.150.00 \u00b7 COLLECT Rs.2,190.00');
    const text = receiptTextLines(model);
    const from = text.findIndex((line) => line.startsWith('Subtotal'));
    expect(text.slice(from, from + 7)).toEqual([
      'Subtotal (2 items)                   Rs.2,480.00',
      'Basket discount (3.5%)                 -Rs.86.80',
      'Promo SAVE50                           -Rs.50.00',
      'Delivery fee                                FREE',
      'Rounding                                -Rs.3.20',
      'TOTAL                                Rs.2,340.00',
      'Credit \u2212Rs.150.00 \u00b7 COLLECT Rs.2,190.00',
    ]);
    expect(text.some((line) => line.startsWith('CASH TO COLLECT'))).toBe(false);
    expect(text).toContain('Customer: Kamala Devi');
    // without credit there is no credit line, and the whole total is collected
    const plain = squeezed(receiptTextLines(buildReceipt({ ...credited, creditUsed: 0, cashToCollect: 2340 }, { shopName: 'Kade' })));
    expect(plain.some((line) => line.startsWith('Credit'))).toBe(false);
    expect(plain).toContain('CASH TO COLLECT Rs.2,340.00');
  });

  it('wraps the credit line on narrow paper and for large amounts, never past the width', () => {
    const big = buildReceipt({ ...credited, creditUsed: 123456.78, cashToCollect: 9876543.21 }, { shopName: 'Kade' });
    for (const columns of [RECEIPT_COLUMNS, 32, 24]) {
      const lines = receiptTextLines(big, columns);
      for (const line of lines) expect([...line].length, line).toBeLessThanOrEqual(columns);
      const start = lines.findIndex((line) => line.startsWith('Credit'));
      expect(squeezed(lines.slice(start, start + 3)).join(' ')).toContain('Credit \u2212Rs.1,23,456.78 \u00b7 COLLECT Rs.98,76,543.21');
    }
  });
});

describe("the bill's lines on the receipt (issue 36)", () => {
  it('are the basket discount, the promo and the rounding the order records, and add up to the total', () => {
    const random = seededRandom(36);
    for (let n = 0; n < 300; n += 1) {
      const lines = [{ pricePaise: 100 + Math.floor(random() * 400_000), discount: 0, quantity: 1 + Math.floor(random() * 3) }];
      const label = DELIVERY_OPTION_LABELS[n % DELIVERY_OPTION_LABELS.length]!;
      const totals = computeTotals(lines, label);
      const promoPaise = n % 4 === 0 ? Math.min(5000, totals.subtotalPaise - totals.basketDiscountPaise) : 0;
      const totalPaise = Math.max(0, totals.grandTotalPaise - Math.ceil(promoPaise / 1000) * 1000);
      const roundingPaise = totals.beforeRoundingPaise - promoPaise - totalPaise;
      const model = buildReceipt(
        {
          orderId: 'SUM1',
          createdAt: 0,
          products: [{ quantity: lines[0]!.quantity, product_details: { name: 'Tea', price: paiseToRupees(lines[0]!.pricePaise) } }],
          subTotalAmt: paiseToRupees(totals.subtotalPaise),
          basketDiscount: paiseToRupees(totals.basketDiscountPaise),
          promoCode: promoPaise > 0 ? 'OFF50' : null,
          promoDiscount: paiseToRupees(promoPaise),
          deliveryFee: paiseToRupees(totals.deliveryFeePaise),
          roundingAmt: paiseToRupees(roundingPaise),
          totalAmt: paiseToRupees(totalPaise),
        },
        { shopName: 'Kade' },
      );
      const context = JSON.stringify({ n, lines, label, promoPaise });
      expect(model.basketDiscountRate, context).toBe(totals.basketDiscountPaise > 0 ? totals.basketDiscountRate : null);
      expect(model.subtotalPaise - model.basketDiscountPaise - model.promoDiscountPaise + (model.deliveryFeePaise ?? 0) - model.roundingPaise, context).toBe(model.totalPaise);
      // and as printed: every signed amount from Subtotal down to TOTAL
      const text = receiptTextLines(model);
      const bill = text.slice(text.findIndex((line) => line.startsWith('Subtotal')), text.findIndex((line) => line.startsWith('TOTAL')));
      const printed = bill.map((line) => /(-?)Rs\.([\d,]+)\.(\d\d)$/.exec(line)).filter((m) => m !== null).map((m) => (m[1] ? -1 : 1) * Number(`${m[2]!.replace(/,/g, '')}${m[3]}`));
      expect(printed.reduce((sum, paise) => sum + paise, 0), context).toBe(model.totalPaise);
    }
  });

  it('names the percent packing kept (a higher tier than the smaller basket earns), and none that no tier gives', () => {
    // Rs.600 after packing at the 2.25% checkout promised: Rs.13.50, where Rs.600 alone earns 1.75%
    const packed = buildReceipt({ orderId: 'P1', createdAt: 0, products: [], subTotalAmt: 600, basketDiscount: 13.5, deliveryFee: 20, roundingAmt: 6.5, totalAmt: 600 }, { shopName: 'Kade' });
    expect(packed.basketDiscountRate).toBe(2.25);
    expect(receiptTextLines(packed)).toContain('Basket discount (2.25%)                -Rs.13.50');
    const odd = buildReceipt({ orderId: 'P2', createdAt: 0, products: [], subTotalAmt: 600, basketDiscount: 7, deliveryFee: 0, roundingAmt: 3, totalAmt: 590 }, { shopName: 'Kade' });
    expect(odd.basketDiscountRate).toBeNull();
    expect(receiptTextLines(odd)).toContain('Basket discount                         -Rs.7.00');
  });

  it("works the parts out for an order that does not record them: the basket discount by its rule, the rest the rounding", () => {
    const model = buildReceipt({ orderId: 'OLD1', createdAt: 0, products: [], subTotalAmt: 2584.5, deliveryFee: 0, totalAmt: 2490 }, { shopName: 'Kade' });
    expect(model).toMatchObject({ basketDiscountPaise: 9046, basketDiscountRate: 3.5, roundingPaise: 404, promoDiscountPaise: 0 });
  });

  it("prints the customer's name from the staff's order wire, printable, and none for a shopper's bare id", () => {
    expect(buildReceipt({ ...order, userId: { name: ' Kamala\u001bp0 ' } }, { shopName: 'Kade' }).customerName).toBe('Kamala p0');
    expect(buildReceipt({ ...order, userId: 'b7c1' }, { shopName: 'Kade' }).customerName).toBeNull();
    expect(receiptTextLines(buildReceipt({ ...order, userId: 'b7c1' }, { shopName: 'Kade' })).some((line) => line.startsWith('Customer'))).toBe(false);
  });
});
