import { describe, expect, it } from 'vitest';
import { clockOffsetMs, formatCountdown, secondsLeft } from './server-clock';

describe('the server clock', () => {
  it('takes the offset from a Date header, half a second into its whole second', () => {
    const header = 'Sat, 28 Nov 2026 14:00:00 GMT';
    const at = Date.parse('2026-11-28T14:00:00Z');
    expect(clockOffsetMs(header, at - 120_000)).toBe(120_500); // the phone runs two minutes behind
    expect(clockOffsetMs(header, at + 60_000)).toBe(-59_500); // a minute ahead
    expect(clockOffsetMs(null, at)).toBeNull();
    expect(clockOffsetMs('not a date', at)).toBeNull();
  });

  it('counts whole seconds to the end by the server, never below 0', () => {
    const end = '2026-11-28T14:05:00.000Z';
    const ms = Date.parse(end);
    expect(secondsLeft(end, ms - 300_000)).toBe(300);
    expect(secondsLeft(end, ms - 1_001)).toBe(2);
    expect(secondsLeft(end, ms - 1)).toBe(1);
    expect(secondsLeft(end, ms)).toBe(0);
    expect(secondsLeft(end, ms + 5_000)).toBe(0);
    expect(secondsLeft('garbage', ms)).toBe(0);
  });

  it('writes a countdown as m:ss', () => {
    expect(formatCountdown(300)).toBe('5:00');
    expect(formatCountdown(65)).toBe('1:05');
    expect(formatCountdown(9)).toBe('0:09');
    expect(formatCountdown(-3)).toBe('0:00');
  });
});
