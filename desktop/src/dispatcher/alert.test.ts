import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OrderAlert } from './alert';

describe('the new-order alert', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sounds at once and repeats until every order is acknowledged', () => {
    let sounds = 0;
    const alert = new OrderAlert(() => (sounds += 1), 10_000);
    alert.raise('a');
    alert.raise('b');
    alert.raise('a'); // the same order again: no second alert
    expect(sounds).toBe(2);
    vi.advanceTimersByTime(30_000);
    expect(sounds).toBe(5);
    alert.acknowledge('a');
    vi.advanceTimersByTime(10_000);
    expect(sounds).toBe(6); // 'b' is still open
    expect(alert.pending()).toEqual(['b']);
    alert.acknowledge('b');
    vi.advanceTimersByTime(60_000);
    expect(sounds).toBe(6);
  });
});
