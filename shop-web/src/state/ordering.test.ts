import { describe, expect, it } from 'vitest';
import { orderingState, type OrderingState } from '@kade/shared';
import { afterReread } from './ordering';

const at = (scope: 'all' | null): OrderingState =>
  orderingState({
    now: new Date('2025-11-22T04:30:00Z'),
    timeZone: 'Asia/Colombo',
    shopHours: '06:30-23:00',
    requireAttended: false,
    lastAttendedAt: null,
    pause: scope ? { scope, until: null, by: 'Asha' } : null,
    slots: {},
  });

describe('afterReread', () => {
  it('takes the state read when nothing newer arrived meanwhile', () => {
    expect(afterReread(null, 0, at('all'))).toEqual({ state: at('all'), version: 1 });
    expect(afterReread({ state: at(null), version: 3 }, 3, at('all'))).toEqual({ state: at('all'), version: 4 });
  });

  it('drops a read that a socket event overtook (the event is newer than what the read started from)', () => {
    const heard = { state: at(null), version: 4 };
    expect(afterReread(heard, 3, at('all'))).toBe(heard);
  });
});
