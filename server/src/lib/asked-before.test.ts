import { describe, expect, it } from 'vitest';
import { AskedBefore } from './asked-before';

describe('AskedBefore', () => {
  it('says a question was asked before from its second ask on, each question apart, in any script', () => {
    const asked = new AskedBefore();
    expect(asked.seen('s 1 10 milk')).toBe(false);
    expect(asked.seen('s 1 10 mil')).toBe(false);
    expect(asked.seen('s 1 10 milk')).toBe(true);
    expect(asked.seen('s 1 10 milk')).toBe(true);
    expect(asked.seen('s 1 10 mil')).toBe(true);
    expect(asked.seen('s 1 10 කිරි')).toBe(false);
    expect(asked.seen('s 1 10 කිරි')).toBe(true);
    expect(asked.seen('')).toBe(false);
    expect(asked.seen('')).toBe(true);
  });

  it('holds a bounded number of questions: after many newer ones, an old question counts as new again', () => {
    const asked = new AskedBefore();
    asked.seen('first');
    // far more questions than the table's 65,536 slots: one of them lands on the first's slot and takes it
    for (let i = 0; i < 400_000; i += 1) asked.seen(`q${i}`);
    expect(asked.seen('first')).toBe(false);
    // and most recent questions are still known
    let known = 0;
    for (let i = 399_000; i < 400_000; i += 1) if (asked.seen(`q${i}`)) known += 1;
    expect(known).toBeGreaterThan(980);
  });
});
