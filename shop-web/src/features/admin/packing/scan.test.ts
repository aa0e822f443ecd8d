import { describe, expect, it } from 'vitest';
import { buildScaleLabel, DEFAULT_SCALE_LABEL_PATTERN, type OrderLineWire } from '@kade/shared';
import { scaleLabelMeaning, scanMeaning } from './scan';

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

describe('a scanned scale label on the packing screen (issue 34)', () => {
  const weighed = (productId: string, scaleCode: string | null): OrderLineWire => ({ ...line(productId, null), sellBy: 'WEIGHT', grams: 750, weighedGrams: null, scaleCode });
  const carrots = weighed('carrots', '01234');
  const beans = weighed('beans', '04321');
  const pattern = DEFAULT_SCALE_LABEL_PATTERN;

  it('goes to the weighed line whose scale code it carries, with the grams it reads', () => {
    const label = buildScaleLabel('04321', 742);
    expect(scaleLabelMeaning(label, [...lines, carrots, beans], pattern)).toEqual({ kind: 'line', line: beans, label, grams: 742 });
    expect(scaleLabelMeaning(`${label.slice(0, 7)} ${label.slice(7)}`, [carrots, beans], pattern)).toMatchObject({ kind: 'line', line: beans, label });
  });

  it('names no line when no weighed line carries its code, with the only weighed line to send it for (so the server refuses it)', () => {
    const other = buildScaleLabel('99999', 500);
    expect(scaleLabelMeaning(other, [...lines, carrots], pattern)).toEqual({ kind: 'unmatched', label: other, grams: 500, only: carrots });
    expect(scaleLabelMeaning(other, [carrots, beans], pattern)).toEqual({ kind: 'unmatched', label: other, grams: 500, only: null });
  });

  it('is none in an order with no weighed line: a shop\'s in-store barcodes start with 2 too, and are read as barcodes', () => {
    expect(scaleLabelMeaning(buildScaleLabel('99999', 500), lines, pattern)).toBeNull();
    const label = buildScaleLabel('01234', 742);
    expect(scaleLabelMeaning(`${label.slice(0, 12)}${(Number(label[12]) + 1) % 10}`, lines, pattern)).toBeNull();
  });

  it('refuses a bad check digit, and leaves every code that is no scale label to be read as a barcode', () => {
    const label = buildScaleLabel('01234', 742);
    const wrong = `${label.slice(0, 12)}${(Number(label[12]) + 1) % 10}`;
    expect(scaleLabelMeaning(wrong, [carrots], pattern)).toEqual({ kind: 'checkDigit' });
    expect(scaleLabelMeaning('4006381333931', [carrots], pattern)).toBeNull();
    expect(scaleLabelMeaning(label.slice(0, 12), [carrots], pattern)).toBeNull();
    // a shop whose labels start 29 reads a 20 label as a barcode
    expect(scaleLabelMeaning(label, [carrots], '29PPPPPWWWWWC')).toBeNull();
    expect(scaleLabelMeaning(buildScaleLabel('01234', 742, '29PPPPPWWWWWC'), [carrots], '29PPPPPWWWWWC')).toMatchObject({ kind: 'line', grams: 742 });
  });
});
