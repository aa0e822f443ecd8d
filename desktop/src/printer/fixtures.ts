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
