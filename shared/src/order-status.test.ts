import { describe, expect, it } from 'vitest';
import {
  NEXT_STATUSES,
  ORDER_LISTS,
  ORDER_STATUSES,
  STATUS_COLOURS,
  canTransition,
  holdsStock,
  isCancelled,
  isClosedStatus,
  isOrderStatus,
  listForStatus,
  normalizeStatus,
  orderListByKey,
  statusLabel,
  stockMovement,
} from './order-status';
import type { OrderStatus } from './order-status';

const DELAY = '10 Minutes delay traffic conditions';
const OUT_OF_AREA = 'Cancelled Out Of Service Area';

/** WCAG 2 contrast ratio of two #RRGGBB colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string): number => {
    const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
    const [r = 0, g = 0, bl = 0] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

describe('statuses', () => {
  it('are the seven of the spec, in order', () => {
    expect(ORDER_STATUSES).toEqual(['Pending', 'Processing', 'Shipped', 'Delivered', 'Cancelled', OUT_OF_AREA, DELAY]);
  });

  it.each([
    ['', 'Pending'],
    ['   ', 'Pending'],
    [null, 'Pending'],
    [undefined, 'Pending'],
    ['Shipped', 'Shipped'],
    [' Delivered ', 'Delivered'],
    [DELAY, DELAY],
  ])('normalizeStatus(%j) -> %s', (value, status) => {
    expect(normalizeStatus(value)).toBe(status);
  });

  it.each(['shipped', 'Canceled', 'Done'])('normalizeStatus refuses %j', (value) => {
    expect(() => normalizeStatus(value)).toThrow(/Unknown order status/);
  });

  it.each([
    ['', 'Pending'],
    [null, 'Pending'],
    ['Shipped', 'Shipped'],
    ['Something else', 'Something else'],
  ])('statusLabel(%j) -> %s', (value, label) => {
    expect(statusLabel(value)).toBe(label);
  });

  it.each([
    ['Pending', true],
    [OUT_OF_AREA, true],
    ['pending', false],
    ['', false],
    [3, false],
  ])('isOrderStatus(%j) -> %s', (value, expected) => {
    expect(isOrderStatus(value)).toBe(expected);
  });
});

describe('colours', () => {
  it.each([
    ['Pending', 'grey'],
    ['Processing', 'yellow'],
    ['Shipped', 'blue'],
    ['Delivered', 'green'],
    ['Cancelled', 'red'],
    [OUT_OF_AREA, 'red'],
    [DELAY, 'orange'],
  ] as [OrderStatus, string][])('%s is %s', (status, name) => {
    expect(STATUS_COLOURS[status].name).toBe(name);
  });

  it.each([...ORDER_STATUSES])('%s has readable text (contrast >= 4.5)', (status) => {
    const { text, background } = STATUS_COLOURS[status];
    expect(text).toMatch(/^#[0-9A-F]{6}$/);
    expect(background).toMatch(/^#[0-9A-F]{6}$/);
    expect(contrast(text, background)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('transitions', () => {
  it('follow the spec exactly', () => {
    expect(NEXT_STATUSES).toEqual({
      Pending: ['Processing'],
      Processing: ['Shipped', 'Cancelled', OUT_OF_AREA, DELAY],
      [DELAY]: ['Shipped', 'Cancelled', OUT_OF_AREA],
      Shipped: ['Delivered'],
      Delivered: [],
      Cancelled: ['Pending', 'Processing', 'Shipped', 'Delivered', OUT_OF_AREA, DELAY],
      [OUT_OF_AREA]: ['Pending', 'Processing', 'Shipped', 'Delivered', 'Cancelled', DELAY],
    });
  });

  it.each([
    ['Pending', 'Processing', true],
    ['Pending', 'Shipped', false],
    ['Pending', 'Cancelled', false],
    ['Processing', 'Shipped', true],
    ['Processing', 'Cancelled', true],
    ['Processing', OUT_OF_AREA, true],
    ['Processing', DELAY, true],
    ['Processing', 'Delivered', false],
    ['Processing', 'Pending', false],
    [DELAY, 'Shipped', true],
    [DELAY, 'Cancelled', true],
    [DELAY, OUT_OF_AREA, true],
    [DELAY, 'Processing', false],
    [DELAY, 'Delivered', false],
    ['Shipped', 'Delivered', true],
    ['Shipped', 'Cancelled', false],
    ['Delivered', 'Pending', false],
    ['Delivered', 'Cancelled', false],
    ['Cancelled', 'Pending', true],
    ['Cancelled', 'Delivered', true],
    ['Cancelled', OUT_OF_AREA, true],
    [OUT_OF_AREA, 'Cancelled', true],
    [OUT_OF_AREA, 'Processing', true],
  ] as [OrderStatus, OrderStatus, boolean][])('%s -> %s: %s', (from, to, allowed) => {
    expect(canTransition(from, to)).toBe(allowed);
  });

  it.each([...ORDER_STATUSES])('%s never moves to itself', (status) => {
    expect(canTransition(status, status)).toBe(false);
  });

  it('Delivered is the only final status', () => {
    expect(ORDER_STATUSES.filter((status) => NEXT_STATUSES[status].length === 0)).toEqual(['Delivered']);
  });

  it('closes an order once it is Delivered or cancelled, and no earlier', () => {
    expect(ORDER_STATUSES.filter(isClosedStatus)).toEqual(['Delivered', 'Cancelled', 'Cancelled Out Of Service Area']);
  });
});

describe('stock', () => {
  it.each([
    ['Pending', true],
    ['Processing', true],
    ['Shipped', true],
    ['Delivered', true],
    [DELAY, true],
    ['Cancelled', false],
    [OUT_OF_AREA, false],
  ] as [OrderStatus, boolean][])('%s holds stock: %s', (status, holds) => {
    expect(holdsStock(status)).toBe(holds);
    expect(isCancelled(status)).toBe(!holds);
  });

  it.each([
    ['Processing', 'Cancelled', 'release'],
    [DELAY, OUT_OF_AREA, 'release'],
    ['Cancelled', 'Pending', 'take'],
    [OUT_OF_AREA, 'Delivered', 'take'],
    ['Cancelled', OUT_OF_AREA, 'none'],
    ['Pending', 'Processing', 'none'],
    ['Shipped', 'Delivered', 'none'],
  ] as [OrderStatus, OrderStatus, string][])('%s -> %s: %s', (from, to, movement) => {
    expect(stockMovement(from, to)).toBe(movement);
  });
});

describe('order lists', () => {
  it('are the five admin pages with their titles', () => {
    expect(ORDER_LISTS.map((list) => [list.key, list.title])).toEqual([
      ['pending', 'Pending'],
      ['processing', 'Processing'],
      ['shipped', 'Shipped'],
      ['delivered', 'Delivered'],
      ['cancelled', 'Cancelled'],
    ]);
  });

  it('hold every status exactly once', () => {
    const held = ORDER_LISTS.flatMap((list) => list.statuses);
    expect([...held].sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it.each([
    ['Pending', 'pending'],
    ['Processing', 'processing'],
    [DELAY, 'processing'],
    ['Shipped', 'shipped'],
    ['Delivered', 'delivered'],
    ['Cancelled', 'cancelled'],
    [OUT_OF_AREA, 'cancelled'],
  ] as [OrderStatus, string][])('%s is listed under %s', (status, key) => {
    expect(listForStatus(status).key).toBe(key);
  });

  it.each([
    ['cancelled', 'Cancelled'],
    ['pending', 'Pending'],
    ['archived', undefined],
  ])('orderListByKey(%s)', (key, title) => {
    expect(orderListByKey(key)?.title).toBe(title);
  });
});
