import { describe, expect, it } from 'vitest';
import { receiptPageRule } from './page-size';

describe('the receipt page size', () => {
  it('is 72 mm wide and as long as the receipt, plus the feed', () => {
    expect(receiptPageRule(960)).toBe('@page { size: 72mm 258mm; margin: 0; }'); // 960 px = 254 mm
    expect(receiptPageRule(961)).toBe('@page { size: 72mm 259mm; margin: 0; }');
  });

  it('is never shorter than it is wide', () => {
    expect(receiptPageRule(0)).toBe('@page { size: 72mm 72mm; margin: 0; }');
    expect(receiptPageRule(100)).toBe('@page { size: 72mm 72mm; margin: 0; }');
  });
});
