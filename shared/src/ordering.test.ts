import { describe, expect, it } from 'vitest';
import { activePause, attended, FASTEST_OPTION, orderingState, orderRefusal, type OrderingInput } from './ordering';

const NOW = new Date('2026-11-24T06:00:00Z'); // 11:30 in Colombo
const base: OrderingInput = { now: NOW, timeZone: 'Asia/Colombo', shopHours: '06:30-22:59', requireAttended: false, lastAttendedAt: null, pause: null, slots: {} };
const STANDARD = '50 Minutes to 1 Hour';
const SCHEDULED = 'Between 2 Hours to 2.30 Hours';

describe('whether the shop takes orders', () => {
  it('is open in its hours with nothing paused, every option available and unlimited', () => {
    const state = orderingState(base);
    expect(state).toMatchObject({ open: true, reason: null, pause: null });
    expect(state.options.every((o) => o.available && o.capacity === null && o.suggestion === null)).toBe(true);
    expect(orderRefusal(state, STANDARD)).toBeNull();
  });

  it('is closed outside its hours before anything else', () => {
    const state = orderingState({ ...base, now: new Date('2026-11-24T18:00:00Z'), pause: { scope: 'all', until: null, by: null } }); // 23:30
    expect(state.reason).toMatchObject({ code: 'SHOP_CLOSED', message: 'The shop takes orders from 06:30 to 22:59.' });
  });

  it('needs someone seen within a minute only when asked to', () => {
    expect(orderingState({ ...base, requireAttended: true }).reason?.code).toBe('STORE_UNATTENDED');
    expect(orderingState({ ...base, requireAttended: true, lastAttendedAt: new Date(NOW.getTime() - 59_000) }).open).toBe(true);
    expect(orderingState({ ...base, requireAttended: true, lastAttendedAt: new Date(NOW.getTime() - 61_000).toISOString() }).open).toBe(false);
    expect(attended('not a date', NOW)).toBe(false);
  });

  it('is paused until the pause ends, by itself', () => {
    const until = new Date(NOW.getTime() + 30 * 60_000).toISOString();
    const paused = orderingState({ ...base, pause: { scope: 'all', until, by: 'Nimal' } });
    expect(paused.reason).toEqual({ code: 'STORE_PAUSED', message: 'The shop is very busy and has paused new orders.', until });
    expect(orderRefusal(paused, STANDARD)?.code).toBe('STORE_PAUSED');
    expect(activePause({ scope: 'all', until, by: null }, new Date(Date.parse(until)))).toBeNull();
    expect(orderingState({ ...base, now: new Date(Date.parse(until) + 1), pause: { scope: 'all', until, by: 'Nimal' } }).open).toBe(true);
  });

  it('closes only the fastest option when only it is paused, suggesting the next', () => {
    const state = orderingState({ ...base, pause: { scope: 'fastest', until: null, by: null } });
    expect(state.open).toBe(true);
    expect(state.options[0]).toMatchObject({ label: FASTEST_OPTION, available: false, reason: { code: 'OPTION_PAUSED' }, suggestion: STANDARD });
    expect(orderRefusal(state, FASTEST_OPTION)).toMatchObject({ code: 'OPTION_PAUSED', suggestion: STANDARD, message: `${FASTEST_OPTION}: Paused while the shop is busy. Try ${STANDARD} instead.` });
    expect(orderRefusal(state, STANDARD)).toBeNull();
  });

  it('fills an option at its capacity, suggesting a later one first, else an earlier one, else none', () => {
    const full = orderingState({ ...base, slots: { [STANDARD]: { capacity: 5, openOrders: 5 }, [SCHEDULED]: { capacity: 5, openOrders: 4 } } });
    expect(full.options[1]).toMatchObject({ available: false, reason: { code: 'OPTION_FULL', message: 'Full now' }, suggestion: SCHEDULED, openOrders: 5 });
    const lastFull = orderingState({ ...base, slots: { [SCHEDULED]: { capacity: 0, openOrders: 0 } } });
    expect(lastFull.options[2]).toMatchObject({ available: false, suggestion: FASTEST_OPTION });
    const allFull = orderingState({ ...base, slots: Object.fromEntries([FASTEST_OPTION, STANDARD, SCHEDULED].map((l) => [l, { capacity: 1, openOrders: 1 }])) });
    expect(allFull.options.map((o) => o.suggestion)).toEqual([null, null, null]);
    expect(orderRefusal(allFull, STANDARD)?.message).toBe(`${STANDARD}: Full now.`);
  });
});
