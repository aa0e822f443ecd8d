import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { barcodeProblem, normalizeBarcode } from './barcode';

describe('barcodes', () => {
  it('takes an EAN-13 with its right check digit as it is', () => {
    expect(normalizeBarcode('4006381333931')).toBe('4006381333931');
    expect(normalizeBarcode('4792054000018')).toBe('4792054000018'); // a Sri Lankan (479) prefix
  });

  it('keeps a UPC-A as the EAN-13 it is (a leading 0), so both readings of one code are one code', () => {
    expect(normalizeBarcode('036000291452')).toBe('0036000291452');
    expect(normalizeBarcode('0036000291452')).toBe('0036000291452');
  });

  it('ignores the spaces and hyphens a person types between groups', () => {
    expect(normalizeBarcode(' 400-6381 333931 ')).toBe('4006381333931');
  });

  it('refuses a wrong check digit, and says which problem a code has', () => {
    expect(normalizeBarcode('4006381333932')).toBeNull();
    expect(barcodeProblem('4006381333932')).toBe('checkDigit');
    expect(barcodeProblem('036000291453')).toBe('checkDigit');
    expect(barcodeProblem('4006381333931')).toBeNull();
  });

  it('refuses what is not 12 or 13 digits', () => {
    for (const typed of ['', '12345', '40063813339311', '4006381333９31', '400638133393a', '4006381333931\n', '40063813\u000033931']) {
      expect(normalizeBarcode(typed), JSON.stringify(typed)).toBeNull();
      expect(barcodeProblem(typed), JSON.stringify(typed)).toBe('shape');
    }
  });

  it('finds every single wrong digit: exactly one check digit of ten is right for any 12 digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{12}$/), (first12) => {
        const right = Array.from({ length: 10 }, (_, d) => `${first12}${d}`).filter((code) => normalizeBarcode(code) !== null);
        expect(right).toHaveLength(1);
        // changing any one of its digits makes it wrong
        const code = right[0]!;
        for (let i = 0; i < 13; i++) {
          const changed = `${code.slice(0, i)}${(Number(code[i]) + 1) % 10}${code.slice(i + 1)}`;
          expect(normalizeBarcode(changed)).toBeNull();
        }
      }),
    );
  });
});
