import { describe, expect, it } from 'vitest';
import type { ShopConfigWire } from '@kade/shared';
import { createTicker, shopClockAt } from './shop-clock-state';

/** A clock the test moves by hand, with the timers it was asked for. */
function handClock(start: number) {
  let now = start;
  const timers = new Set<{ fn: () => void; ms: number; next: number }>();
  return {
    clock: {
      now: () => now,
      every: (fn: () => void, ms: number) => {
        const timer = { fn, ms, next: now + ms };
        timers.add(timer);
        return () => void timers.delete(timer);
      },
    },
    timers,
    advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const due = [...timers].filter((t) => t.next <= until).sort((a, b) => a.next - b.next)[0];
        if (!due) break;
        now = due.next;
        due.next += due.ms;
        due.fn();
      }
      now = until;
    },
  };
}

describe('the shared shop clock', () => {
  it('runs one timer however many parts of the screen listen, and tells them all the same moment', () => {
    const hand = handClock(1_000_000);
    const ticker = createTicker(30_000, hand.clock);
    const heard: number[][] = [[], [], []];
    const stops = heard.map((list) => ticker.subscribe(() => list.push(ticker.snapshot())));
    expect(hand.timers.size).toBe(1);
    expect(ticker.snapshot()).toBe(1_000_000);
    hand.advance(30_000);
    expect(heard).toEqual([[1_030_000], [1_030_000], [1_030_000]]);
    // the same moment between ticks: React reads the snapshot many times in one render
    hand.advance(10_000);
    expect(ticker.snapshot()).toBe(1_030_000);
    for (const stop of stops) stop();
    expect(hand.timers.size).toBe(0);
  });

  it('starts from the real time when nobody listened for a tick, and keeps one timer across listeners coming and going', () => {
    const hand = handClock(0);
    const ticker = createTicker(30_000, hand.clock);
    hand.advance(95_000); // no screen showed the hours meanwhile
    expect(ticker.snapshot()).toBe(95_000);
    const stop = ticker.subscribe(() => undefined);
    const other = ticker.subscribe(() => undefined);
    stop();
    expect(hand.timers.size).toBe(1);
    hand.advance(30_000);
    expect(ticker.snapshot()).toBe(125_000);
    other();
    expect(hand.timers.size).toBe(0);
  });

  it('answers the same states for the same settings, language and moment, and new ones when any changes', () => {
    const config = { shopHours: '06:30-23:00', freshHours: '06:00-21:00', timeZone: 'Asia/Colombo' } as ShopConfigWire;
    // 10:00 in Colombo (UTC+5:30): the shop and the fresh counter are open
    const ten = Date.parse('2025-11-22T04:30:00Z');
    const first = shopClockAt(config, 'en', ten);
    expect(first).toEqual({ shopOpen: true, freshOpen: true, freshLabel: '(6 AM – 9 PM)', nightFlag: false, opensAt: '6:30 AM' });
    expect(shopClockAt(config, 'en', ten)).toBe(first);
    // 22:00 in Colombo: the fresh counter has closed, the shop has not
    const late = shopClockAt(config, 'en', Date.parse('2025-11-22T16:30:00Z'));
    expect(late).not.toBe(first);
    expect(late).toMatchObject({ shopOpen: true, freshOpen: false });
    // 03:00 in Colombo: closed, and the cards say when delivery starts
    expect(shopClockAt(config, 'en', Date.parse('2025-11-21T21:30:00Z'))).toMatchObject({ shopOpen: false, nightFlag: true });
    expect(shopClockAt(config, 'ta', ten).freshLabel).toBe('(06:00 – 21:00)');
  });
});
