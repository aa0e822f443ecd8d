import type { ReceiptOrder } from '@kade/shared';

/** An order as the server's order list answers it, with `lineCount` product lines (for receipts in tests). */
export function sampleOrder(lineCount = 3): ReceiptOrder {
  const names = ['Ceylon Gold Samba Rice', 'Mysore Dhal', 'Fresh Milk', 'Highland Tea Bags', 'Chicken Curry Cut', 'Cream Crackers'];
  return {
    orderId: '7F3Q9X',
    createdAt: '2026-11-22T05:00:00Z',
    order_status: 'Pending',
    payment_method: 'Cash on Delivery',
    payment_status: '',
    Choose: '50 Minutes to 1 Hour',
    location: '6.879000, 79.862000',
    delivery_address: { address_line: 'Home', city: '12/3 Hampden Lane, Wellawatte', state: 'Opposite the temple', pincode: '0771234567', mobile: 'Home' },
    products: Array.from({ length: lineCount }, (_, i) => ({
      quantity: (i % 3) + 1,
      product_details: { name: `${names[i % names.length]} ${i + 1} with a rather long descriptive name`, unit: '1kg', price: 100 + i * 10, category: i % 2 ? 'Vegetable' : 'Rice & Grains' },
    })),
    subTotalAmt: 1000,
    deliveryFee: 20,
    totalAmt: 1010,
  };
}

/** An order typed in Tamil by a shopper in Wellawatte: name, address, landmark and two product names. */
export function tamilOrder(): ReceiptOrder {
  const order = sampleOrder(3);
  return {
    ...order,
    delivery_address: { address_line: 'ஸ்ரீ கணேசன்', city: '42, காலி வீதி, வெள்ளவத்தை, கொழும்பு 06', state: 'லக்ஷ்மி நகைக்கடை அருகில், கௌரி கோவில் பின்னால்', pincode: '0771234567', mobile: 'Home' },
    products: [
      { quantity: 2, product_details: { name: 'பொன்னி அரிசி 5kg', unit: 'பை', price: 1450, category: 'Rice & Grains' } },
      { quantity: 1, product_details: { name: 'தேங்காய் எண்ணெய் 750ml', unit: '', price: 690, category: 'Oil' } },
      { quantity: 3, product_details: { name: 'Fresh Milk 1L', unit: '1L', price: 480, category: 'Dairy' } },
    ],
    subTotalAmt: 5030,
    totalAmt: 5050,
  };
}

/** An order typed in Sinhala by a shopper in Colombo: name, address, landmark and two product names. */
export function sinhalaOrder(): ReceiptOrder {
  const order = sampleOrder(3);
  return {
    ...order,
    delivery_address: { address_line: 'නිමල් පෙරේරා', city: '25/3, ශ්‍රී සද්ධර්ම මාවත, කොළඹ 10', state: 'බෞද්ධ විහාරය ඉදිරිපිට, ක්‍ෂේත්‍ර කාර්යාලය අසල', pincode: '0771234567', mobile: 'Home' },
    products: [
      { quantity: 1, product_details: { name: 'ශ්‍රී ලංකා තේ කොළ 400g', unit: 'පැකට්', price: 950, category: 'Beverages' } },
      { quantity: 2, product_details: { name: 'පොල් තෙල් 750ml', unit: '', price: 720, category: 'Oil' } },
      { quantity: 3, product_details: { name: 'Fresh Milk 1L', unit: '1L', price: 480, category: 'Dairy' } },
    ],
    subTotalAmt: 3830,
    totalAmt: 3850,
  };
}

/** A long order with every other product named in Tamil, delivered to the Tamil address (for the benchmark). */
export function mixedTamilOrder(lineCount = 40): ReceiptOrder {
  const names = ['பொன்னி அரிசி', 'தேங்காய் எண்ணெய்', 'பருப்பு', 'சீனி', 'தேயிலை', 'கோதுமை மா'];
  const order = sampleOrder(lineCount);
  return {
    ...tamilOrder(),
    products: order.products.map((line, i) =>
      i % 2 === 0 ? { ...line, product_details: { ...line.product_details, name: `${names[(i / 2) % names.length]} ${i + 1} கிலோ பை` } } : line,
    ),
    subTotalAmt: order.subTotalAmt,
    totalAmt: order.totalAmt,
  };
}
