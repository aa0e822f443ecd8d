import { RIDER_REASON_MAX } from '@kade/shared';
import { describe, expect, it } from 'vitest';
import { amountNeedsReason, CASH_REASONS, noteMax, parseRupees, reasonComplete, reasonText, RETURN_REASONS } from './cash-entry';

describe('cash entry', () => {
  it('reads rupees as people type them and refuses the rest', () => {
    expect(parseRupees('1250')).toBe(1250);
    expect(parseRupees(' 1,250.50 ')).toBe(1250.5);
    expect(parseRupees('0')).toBe(0);
    for (const bad of ['', ' ', '-5', '1.234', 'abc', '1e3', '12\u000034', '9999999999']) expect(parseRupees(bad)).toBeNull();
  });

  it('asks for a reason only when the amount is not the total, to the paisa', () => {
    expect(amountNeedsReason(1250, 1250)).toBe(false);
    expect(amountNeedsReason(1250.01, 1250)).toBe(true);
    expect(amountNeedsReason(0.1 + 0.2, 0.3)).toBe(false);
  });

  it('joins the choice and the note, and needs a note for Other', () => {
    expect(reasonText('Short change', '')).toBe('Short change');
    expect(reasonText('Other', ' no change at home ')).toBe('Other: no change at home');
    expect(reasonComplete('Other', ' ')).toBe(false);
    expect(reasonComplete('Other', 'x')).toBe(true);
    expect(reasonComplete('Refused item', '')).toBe(true);
    expect(reasonComplete('', 'x')).toBe(false);
  });
});

describe('the note beside a chosen reason', () => {
  it('is cut where the longest choice, ": " and the note still fit the server\'s reason', () => {
    const reasons = ['Short change', 'Customer refused the order', 'Other'];
    const max = noteMax(reasons);
    expect(reasonText('Customer refused the order', 'x'.repeat(max))).toHaveLength(RIDER_REASON_MAX);
    expect(noteMax(CASH_REASONS)).toBeGreaterThan(noteMax(RETURN_REASONS));
  });
});
