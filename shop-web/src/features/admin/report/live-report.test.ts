import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changesReport, coalesce, handInChangesReport } from './live-report';

const ZONE = 'Asia/Colombo'; // UTC+5:30
const TODAY = '2025-05-22';
const YESTERDAY = '2025-05-21';
const event = (to: string, createdAt: string) => ({ to, order: { createdAt } });

describe('changesReport', () => {
  it("takes an order placed on the report's day, by the shop's clock, whatever it moved to", () => {
    // 19:00 UTC on the 21st is 00:30 on the 22nd in Colombo.
    expect(changesReport(event('Processing', '2025-05-21T19:00:00.000Z'), TODAY, TODAY, ZONE)).toBe(true);
    expect(changesReport(event('Processing', '2025-05-21T19:00:00.000Z'), YESTERDAY, TODAY, ZONE)).toBe(false);
    expect(changesReport(event('Delivered', '2025-05-21T10:00:00.000Z'), YESTERDAY, TODAY, ZONE)).toBe(true);
  });

  it("takes an order delivered now only on today's report: its rider's cash is counted on the day it was collected", () => {
    expect(changesReport(event('Delivered', '2025-05-20T10:00:00.000Z'), TODAY, TODAY, ZONE)).toBe(true);
    expect(changesReport(event('Delivered', '2025-05-20T10:00:00.000Z'), YESTERDAY, TODAY, ZONE)).toBe(false);
  });

  it("leaves an older order brought back or moved on, and a date it cannot read, to the other days' reports", () => {
    expect(changesReport(event('Processing', '2025-05-20T10:00:00.000Z'), TODAY, TODAY, ZONE)).toBe(false);
    expect(changesReport(event('Shipped', 'not a date'), TODAY, TODAY, ZONE)).toBe(false);
  });
});

describe('handInChangesReport', () => {
  it("takes a hand-in recorded on the report's day only", () => {
    expect(handInChangesReport({ day: '2026-11-24' }, '2026-11-24')).toBe(true);
    expect(handInChangesReport({ day: '2026-11-23' }, '2026-11-24')).toBe(false);
    expect(handInChangesReport({ day: '2026-11-25' }, '2026-11-24')).toBe(false);
  });

  it('takes a void of a hand-in received that day or before, whose amount the rider owes again from then on', () => {
    expect(handInChangesReport({ day: '2026-11-24', voided: true }, '2026-11-24')).toBe(true);
    expect(handInChangesReport({ day: '2026-10-31', voided: true }, '2026-11-24')).toBe(true);
    expect(handInChangesReport({ day: '2026-11-25', voided: true }, '2026-11-24')).toBe(false);
  });
});

describe('coalesce', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  it('runs the first request at once and a burst inside the gap once at its end', () => {
    const run = vi.fn();
    const gate = coalesce(run, 1000);
    gate.request();
    vi.advanceTimersByTime(0);
    expect(run).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 5; i += 1) {
      vi.advanceTimersByTime(100);
      gate.request();
    }
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(499);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(5000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('runs at once again once the gap has passed, and a cancelled request never runs', () => {
    const run = vi.fn();
    const gate = coalesce(run, 1000);
    gate.request();
    vi.advanceTimersByTime(1500);
    gate.request();
    vi.advanceTimersByTime(0);
    expect(run).toHaveBeenCalledTimes(2);
    gate.request();
    gate.cancel();
    vi.advanceTimersByTime(5000);
    expect(run).toHaveBeenCalledTimes(2);
  });
});
