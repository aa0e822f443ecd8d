import { describe, expect, it } from 'vitest';
import {
  cartCreateSchema,
  cartDeleteSchema,
  cartUpdateQtySchema,
  cashOnDeliverySchema,
  orderListQuerySchema,
  updateStatusSchema,
} from './orders';
import { check } from './testing';

const ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const PRODUCT = '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d';
const ADDRESS = '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed';
const DELIVERY_LIST = "'20 Minutes to 30 Minutes', '50 Minutes to 1 Hour', 'Between 2 Hours to 2.30 Hours'";

describe('cart', () => {
  it.each([
    [cartCreateSchema, { productId: PRODUCT }, { productId: PRODUCT }],
    [cartUpdateQtySchema, { _id: ID, qty: 1 }, { _id: ID, qty: 1 }],
    [cartUpdateQtySchema, { _id: ID, qty: '3' }, { _id: ID, qty: 3 }],
    [cartUpdateQtySchema, { _id: ID, qty: 1000 }, { _id: ID, qty: 1000 }],
    [cartUpdateQtySchema, { _id: ID, qty: 0 }, { _id: ID, qty: 0 }],
    [cartDeleteSchema, { _id: ID }, { _id: ID }],
  ])('accepts %#', (schema, value, parsed) => {
    expect(check(schema, value)).toEqual({ ok: parsed });
  });

  it.each([
    [cartCreateSchema, {}, 'product id is required', 'productId'],
    [cartUpdateQtySchema, { _id: ID, qty: -1 }, 'quantity must be a whole number from 0 to 1000', 'qty'],
    [cartUpdateQtySchema, { _id: ID, qty: 1001 }, 'quantity must be a whole number from 0 to 1000', 'qty'],
    [cartUpdateQtySchema, { _id: ID, qty: 1.5 }, 'quantity must be a whole number', 'qty'],
    [cartUpdateQtySchema, { _id: ID }, 'quantity is required', 'qty'],
    [cartDeleteSchema, { _id: 'x' }, 'cart item id must be a valid id', '_id'],
  ])('refuses %#: %s', (schema, value, message, field) => {
    expect(check(schema, value)).toEqual({ error: message, field });
  });
});

describe('cashOnDeliverySchema', () => {
  const order = {
    list_items: [
      { _id: ID, productId: { _id: PRODUCT, name: 'Red Apple', price: 250 }, quantity: 2 },
      { productId: PRODUCT, quantity: 1 },
    ],
    addressId: ADDRESS,
    subTotalAmt: 750,
    totalAmt: 750,
    location: '6.927100, 79.861200',
    Choose: '50 Minutes to 1 Hour',
  };

  it('accepts a cart, reducing embedded products to their ids', () => {
    expect(check(cashOnDeliverySchema, order)).toEqual({
      ok: {
        ...order,
        language: 'en', // the shopper's language, English when the shop sends none (issue 21)
        useCredit: true, // store credit pays unless the shopper switched it off (issue 35)
        list_items: [
          { _id: ID, productId: PRODUCT, quantity: 2 },
          { productId: PRODUCT, quantity: 1 },
        ],
      },
    });
  });

  it.each([
    [{ location: undefined }, 'location', 'Location not available'],
    [{ location: '' }, 'location', 'Location not available'],
    [{ location: 'Location not available' }, 'location', 'Location not available'],
    [{ location: ' 6.9271,79.8612 ' }, 'location', '6.9271,79.8612'],
    [{ Choose: '20 Minutes to 30 Minutes' }, 'Choose', '20 Minutes to 30 Minutes'],
    [{ Choose: 'Between 2 Hours to 2.30 Hours' }, 'Choose', 'Between 2 Hours to 2.30 Hours'],
    [{ totalAmt: 0 }, 'totalAmt', 0],
    [{ subTotalAmt: '749.99' }, 'subTotalAmt', 749.99],
    [{ promoCode: ' save 50 ' }, 'promoCode', 'SAVE50'],
    [{ promoCode: '' }, 'promoCode', undefined],
    [{ useCredit: false }, 'useCredit', false],
  ])('accepts %j', (change, key, value) => {
    expect(check(cashOnDeliverySchema, { ...order, ...change })).toHaveProperty(['ok', key], value);
  });

  it.each([
    [{ list_items: [] }, 'cart items must hold at least one product', 'list_items'],
    [{ list_items: undefined }, 'cart items are required', 'list_items'],
    [{ list_items: [{ productId: PRODUCT, quantity: 0 }] }, 'quantity must be a whole number from 1 to 1000', 'list_items.0.quantity'],
    [{ list_items: [{ productId: 'x', quantity: 1 }] }, 'product id must be a valid id', 'list_items.0.productId'],
    [{ list_items: [{ productId: { name: 'x' }, quantity: 1 }] }, 'product id must be a valid id', 'list_items.0.productId'],
    [{ list_items: ['x'] }, 'each cart item must be an object', 'list_items.0'],
    [{ addressId: undefined }, 'address id is required', 'addressId'],
    [{ subTotalAmt: -1 }, 'subtotal must be 0 or more', 'subTotalAmt'],
    [{ totalAmt: undefined }, 'total is required', 'totalAmt'],
    [{ totalAmt: 10.001 }, 'total must have at most 2 decimal places', 'totalAmt'],
    [{ location: 'my house' }, "location must be 'latitude, longitude' or 'Location not available'", 'location'],
    [{ location: '95, 80' }, "location must be 'latitude, longitude' or 'Location not available'", 'location'],
    [{ Choose: undefined }, 'delivery option is required', 'Choose'],
    [{ Choose: 'Between 2 Hours to 2.30Hours' }, `delivery option must be one of ${DELIVERY_LIST}`, 'Choose'],
  ])('refuses %j: %s', (change, message, field) => {
    expect(check(cashOnDeliverySchema, { ...order, ...change })).toEqual({ error: message, field });
  });
});

describe('updateStatusSchema', () => {
  it.each([
    ['Pending'],
    ['Processing'],
    ['Shipped'],
    ['Delivered'],
    ['Cancelled'],
    ['Cancelled Out Of Service Area'],
    ['10 Minutes delay traffic conditions'],
  ])('accepts %s', (status) => {
    expect(check(updateStatusSchema, { orderId: '7F3Q9X', order_status: status })).toEqual({
      ok: { orderId: '7F3Q9X', order_status: status },
    });
  });

  it.each([
    [{ order_status: 'Shipped' }, 'order id is required', 'orderId'],
    [{ orderId: '7F3Q9X' }, 'order status is required', 'order_status'],
    [{ orderId: '7F3Q9X', order_status: 'shipped' }, /^order status must be one of 'Pending', /, 'order_status'],
    [{ orderId: '7F3Q9X', order_status: '' }, /^order status must be one of /, 'order_status'],
  ])('refuses %j', (value, message, field) => {
    const result = check(updateStatusSchema, value);
    expect(result).toHaveProperty('field', field);
    expect(result).toHaveProperty('error', expect.stringMatching(message));
  });
});

describe('orderListQuerySchema', () => {
  it.each([
    [{}, { scope: 'mine', page: 1, limit: 10 }],
    [{ scope: 'all', page: '2', limit: '50' }, { scope: 'all', page: 2, limit: 50 }],
    [{ since: '2025-05-22T06:30:00Z' }, { scope: 'mine', since: '2025-05-22T06:30:00Z', page: 1, limit: 10 }],
    [{ since: '2025-05-22T12:00:00+05:30' }, { scope: 'mine', since: '2025-05-22T12:00:00+05:30', page: 1, limit: 10 }],
    [{ status: 'Pending' }, { scope: 'mine', status: 'Pending', page: 1, limit: 10 }],
  ])('accepts %j', (query, parsed) => {
    expect(check(orderListQuerySchema, query)).toEqual({ ok: parsed });
  });

  it.each([
    [{ scope: 'everyone' }, "scope must be 'mine' or 'all'", 'scope'],
    [{ since: 'yesterday' }, 'since must be a date and time such as 2025-05-22T06:30:00Z', 'since'],
    [{ limit: '51' }, 'limit must be between 1 and 50', 'limit'],
  ])('refuses %j', (query, message, field) => {
    expect(check(orderListQuerySchema, query)).toEqual({ error: message, field });
  });
});
