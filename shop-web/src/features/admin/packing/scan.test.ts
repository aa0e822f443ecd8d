import { describe, expect, it } from 'vitest';
import type { OrderLineWire } from '@kade/shared';
import { scanMeaning } from './scan';

const line = (productId: string | null, barcode: string | null): OrderLineWire => ({
  productId,
  quantity: 1,
  product_details: { name: productId ?? 'gone', nameSi: null, nameTa: null, unit: '1 pc', price: 1, originalPrice: 1, discount: 0, image: [], category: 'Dairy' },
  found: null,
  barcode,
});

const lines = [line('milk', '4006381333931'), line('cereal', '0036000291452'), line(null, '5901234123457')];

describe('what a scanned code means on the packing screen', () => {
  it('finds the line of its product, as typed, as a UPC-A or with the spaces a person types', () => {
    expect(scanMeaning('4006381333931', lines)).toMatchObject({ kind: 'line', line: { productId: 'milk' } });
    expect(scanMeaning('036000291452', lines)).toMatchObject({ kind: 'line', line: { productId: 'cereal' }, code: '0036000291452' });
    expect(scanMeaning('4 006381 333931', lines)).toMatchObject({ kind: 'line', line: { productId: 'milk' } });
  });

  it('sends a right code of no line (or of a product gone from the shop) to be looked up', () => {
    expect(scanMeaning('5901234123457', lines)).toEqual({ kind: 'elsewhere', code: '5901234123457' });
    expect(scanMeaning('4006381333931', [])).toEqual({ kind: 'elsewhere', code: '4006381333931' });
  });

  it('says why a code is no barcode: a wrong check digit, or a wrong shape', () => {
    expect(scanMeaning('4006381333932', lines)).toEqual({ kind: 'invalid', problem: 'checkDigit' });
    expect(scanMeaning('036000291453', lines)).toEqual({ kind: 'invalid', problem: 'checkDigit' });
    expect(scanMeaning('12345', lines)).toEqual({ kind: 'invalid', problem: 'shape' });
    expect(scanMeaning('40063813339311', lines)).toEqual({ kind: 'invalid', problem: 'shape' });
  });
});
