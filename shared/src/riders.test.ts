import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from './order-status';
import { assignOrderSchema, deliverOrderSchema, handInSchema, returnOrderSchema, voidHandInSchema } from './schemas';
import { cashNeedsReason, clockTime, deliveryWindow, firstName, handInAllowed, isAssignable, liveHandIns, mapUrl, maxHandIn, promiseDue, riderForShopper } from './riders';

const rider = { name: '  Nimal  Perera ', mobile: '0771234567' };

describe('riders', () => {
  it("says when an option's promise runs out, on the shop's 24-hour clock", () => {
    const placed = '2026-11-24T08:20:00Z'; // 13:50 in Colombo
    expect(promiseDue('20 Minutes to 30 Minutes', placed)?.toISOString()).toBe('2026-11-24T08:50:00.000Z');
    expect(promiseDue('Some other option', placed)).toBeNull();
    expect(clockTime('2026-11-24T08:50:00Z', 'Asia/Colombo')).toBe('14:20');
    expect(clockTime('2026-11-24T18:35:00Z', 'Asia/Colombo')).toBe('00:05'); // past midnight: the next day's 00:05
  });

  it.each([
    ['20 Minutes to 30 Minutes', '14:10\u201314:20'],
    ['50 Minutes to 1 Hour', '14:40\u201314:50'],
    ['Between 2 Hours to 2.30 Hours', '15:50\u201316:20'],
  ])("gives an order placed at 13:50 with '%s' the delivery window %s (issue 36)", (option, window) => {
    expect(deliveryWindow(option, '2026-11-24T08:20:00Z', 'Asia/Colombo')).toBe(window);
  });

  it('gives no window for an option the shop does not know, and crosses midnight on the clock', () => {
    expect(deliveryWindow('Some other option', '2026-11-24T08:20:00Z', 'Asia/Colombo')).toBeNull();
    expect(deliveryWindow('20 Minutes to 30 Minutes', '2026-11-24T18:15:00Z', 'Asia/Colombo')).toBe('00:05\u201300:15');
  });

  it('assigns only orders being packed, running late or on their way', () => {
    expect(ORDER_STATUSES.filter(isAssignable)).toEqual(['Processing', 'Shipped', '10 Minutes delay traffic conditions']);
  });

  it('shows a shopper the rider from Shipped on, and the number only while the order is open', () => {
    expect(riderForShopper('Processing', rider)).toBeNull();
    expect(riderForShopper('Pending', rider)).toBeNull();
    expect(riderForShopper('Shipped', rider)).toEqual({ firstName: 'Nimal', mobile: '0771234567' });
    expect(riderForShopper('10 Minutes delay traffic conditions', rider)).toEqual({ firstName: 'Nimal', mobile: '0771234567' });
    expect(riderForShopper('Delivered', rider)).toEqual({ firstName: 'Nimal', mobile: null });
    expect(riderForShopper('Cancelled', rider)).toEqual({ firstName: 'Nimal', mobile: null });
    expect(riderForShopper('Shipped', null)).toBeNull();
  });

  it('takes the first word of a name as the first name', () => {
    expect([firstName('Kumari'), firstName(' Ravi  Kumar ')]).toEqual(['Kumari', 'Ravi']);
  });

  it('asks for a reason whenever the cash differs from the total, either way', () => {
    expect([cashNeedsReason(10000, 10000), cashNeedsReason(9900, 10000), cashNeedsReason(10100, 10000)]).toEqual([false, true, true]);
  });

  it('takes a hand-in above zero and up to what the rider holds, nothing from a rider who holds nothing', () => {
    expect(handInAllowed(0, 5000)).toBe(false);
    expect(handInAllowed(-1, 5000)).toBe(false);
    expect(handInAllowed(5000, 5000)).toBe(true);
    expect(handInAllowed(5001, 5000)).toBe(false);
    expect(handInAllowed(1, 0)).toBe(false);
    expect(handInAllowed(1, -30_000_000)).toBe(false);
    expect([maxHandIn(5000), maxHandIn(0), maxHandIn(-100)]).toEqual([50, 0, 0]);
  });

  it('counts only the hand-ins not voided', () => {
    const live = { id: 'a', voided: null };
    const gone = { id: 'b', voided: { at: '2026-11-22T10:00:00.000Z', by: 'Till', reason: 'Typo' } };
    expect(liveHandIns([live, gone, live])).toEqual([live, live]);
  });

  it('links the map to the saved point, or searches for the address', () => {
    expect(mapUrl({ lat: 6.9, lng: 79.85 }, 'x')).toBe('https://www.google.com/maps/search/?api=1&query=6.9%2C79.85');
    expect(mapUrl(null, '12 Galle Road & Co')).toBe('https://www.google.com/maps/search/?api=1&query=12%20Galle%20Road%20%26%20Co');
  });

  it('names the field in every refusal of a rider request', () => {
    const id = '7f1d1b7e-4a5c-4a8e-9a59-2b1f3e4d5c6a';
    expect(assignOrderSchema.safeParse({ orderId: 'A1' }).error?.issues[0]?.message).toMatch(/rider id is required/);
    expect(assignOrderSchema.safeParse({ orderId: 'A1', riderId: null }).success).toBe(true);
    expect(deliverOrderSchema.safeParse({ orderId: 'A1', cashCollected: -1 }).error?.issues[0]?.message).toMatch(/cashCollected/);
    expect(deliverOrderSchema.safeParse({ orderId: 'A1', cashCollected: 10, reason: 'a\u0000b' }).error?.issues[0]?.message).toMatch(/reason/);
    expect(returnOrderSchema.safeParse({ orderId: 'A1', reason: '  ' }).error?.issues[0]?.message).toBe('reason is required');
    expect(handInSchema.safeParse({ riderId: id, amount: 1e12 }).error?.issues[0]?.message).toMatch(/amount must be at most/);
    expect(voidHandInSchema.safeParse({ handInId: id, reason: '  Typo  ' }).data).toEqual({ handInId: id, reason: 'Typo' });
    expect(voidHandInSchema.safeParse({ handInId: id }).error?.issues[0]?.message).toBe('reason is required');
    expect(voidHandInSchema.safeParse({ handInId: id, reason: '\u200B\u202E' }).error?.issues[0]?.message).toBe('reason must say why in visible words');
    expect(voidHandInSchema.safeParse({ handInId: id, reason: 'x'.repeat(301) }).error?.issues[0]?.message).toBe('reason must be at most 300 characters');
    expect(voidHandInSchema.safeParse({ handInId: id, reason: 'a\u0007' }).error?.issues[0]?.message).toBe('reason contains a character that is not allowed');
    expect(voidHandInSchema.safeParse({ handInId: 'x', reason: 'Typo' }).error?.issues[0]?.message).toBe('hand-in id must be a valid id');
  });
});
