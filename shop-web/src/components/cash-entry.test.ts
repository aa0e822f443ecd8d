import { RIDER_REASON_MAX } from '@kade/shared';
import { describe, expect, it } from 'vitest';
import en from '../locales/en/shop.json';
import { amountNeedsReason, CASH_REASONS, CASH_TEXT, localReason, noteMax, parseRupees, reasonComplete, reasonText, RETURN_REASONS } from './cash-entry';

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

describe("the form's words", () => {
  it("are the English catalogue's on the dashboard, so the rider's page and the staff's screen say the same", () => {
    const words = en.rider.cash;
    expect(CASH_TEXT.deliveredWith('Rs.10.00')).toBe(words.deliveredWith.replace('{{amount}}', 'Rs.10.00'));
    expect(CASH_TEXT.formLabel('1234')).toBe(words.formLabel.replace('{{ref}}', '1234'));
    for (const key of ['otherAmount', 'amountLabel', 'amountInvalid', 'reasonLegend', 'reasonNeeded', 'noteLabel', 'noteLabelOptional'] as const) {
      expect(CASH_TEXT[key], key).toBe(words[key]);
    }
    expect(CASH_TEXT.cancel).toBe(en.common.cancel);
    // every reason sent to the store has its English label, which is the reason itself
    expect(Object.values(en.rider.reasons).sort()).toEqual([...new Set([...CASH_REASONS, ...RETURN_REASONS])].sort());
  });

  it("says a sent reason's choice in the reader's words and keeps the note as typed", () => {
    const labels: Record<string, string> = { 'Short change': 'சில்லறை பற்றாக்குறை', Other: 'வேறு' };
    const tamil = (reason: string) => labels[reason] ?? reason;
    expect(localReason('Short change: no change for a 5000 note', tamil)).toBe('சில்லறை பற்றாக்குறை: no change for a 5000 note');
    expect(localReason('Short change', tamil)).toBe('சில்லறை பற்றாக்குறை');
    expect(localReason('Other: dog at the gate', tamil)).toBe('வேறு: dog at the gate');
    // only a whole choice at the start: a typed note that merely begins like one stays as it is
    expect(localReason('Short changes happen', tamil)).toBe('Short changes happen');
    expect(localReason('Staff typed this', tamil)).toBe('Staff typed this');
  });
});
