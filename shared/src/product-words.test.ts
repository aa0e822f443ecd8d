import { describe, expect, it } from 'vitest';
import { localDetail } from './product-detail-words';
import { localDiscountLabel, localUnit, perKgWord } from './product-words';

describe("a product's unit in the shopper's language", () => {
  it.each([
    ['400g', 'ග්\u200Dරෑම් 400', '400 கிராம்'],
    ['1kg', 'කිලෝ 1', '1 கிலோ'],
    ['1.5L', 'ලීටර් 1.5', '1.5 லீற்றர்'],
    ['500ml', 'මි.ලී. 500', '500 மி.லீ.'],
    ['7.5cm', 'සෙ.මී. 7.5', '7.5 செ.மீ.'],
    ['7.5m', 'මීටර් 7.5', '7.5 மீற்றர்'],
    ['10 pcs', 'කෑලි 10', '10 எண்ணம்'],
    ['1 bunch', 'මිටි 1', '1 கட்டு'],
    ['100 bags', 'බෑග් 100', '100 பைகள்'],
    ['6 x 80g', 'ග්\u200Dරෑම් 80 × 6', '6 × 80 கிராம்'],
    ['pack of 6', 'පැකට් 6', '6 பக்கற்றுகள்'],
    ['per kg', 'කිලෝවකට', 'ஒரு கிலோவுக்கு'],
    ['500 mg', 'මි.ග්\u200Dරෑ. 500', '500 மி.கி.'],
  ])('%s reads %s and %s', (unit, si, ta) => {
    expect(localUnit(unit, 'si')).toBe(si);
    expect(localUnit(unit, 'ta')).toBe(ta);
    expect(localUnit(unit, 'en')).toBe(unit);
  });

  it('leaves a unit outside the shop\'s words as the admin typed it', () => {
    expect(localUnit('2 dozen', 'ta')).toBe('2 dozen');
    expect(localUnit('loose', 'si')).toBe('loose');
  });

  it('names the kilo of a price per kg', () => {
    expect([perKgWord('en'), perKgWord('si'), perKgWord('ta')]).toEqual(['kg', 'කිලෝ', 'கிலோ']);
  });
});

describe("a product sheet's rows in the shopper's language", () => {
  it('words the label and the value', () => {
    expect(localDetail('Origin', 'Kandy', 'si')).toEqual({ label: 'නිෂ්පාදන ප්\u200Dරදේශය', value: 'මහනුවර' });
    expect(localDetail('Shelf life', '2 days', 'ta')).toEqual({ label: 'கெடாமல் இருக்கும் காலம்', value: '2 நாட்கள்' });
    expect(localDetail('Shelf life', '7 days', 'si')).toEqual({ label: 'කල් තබාගත හැකි කාලය', value: 'දින 7' });
    expect(localDetail('Strength', '500 mg', 'ta')).toEqual({ label: 'வலு', value: '500 மி.கி.' });
    expect(localDetail('Origin', 'Kandy', 'en')).toEqual({ label: 'Origin', value: 'Kandy' });
  });

  it('keeps what it has no words for as typed', () => {
    expect(localDetail('Grade', 'BOPF', 'ta')).toEqual({ label: 'தரம்', value: 'BOPF' });
    expect(localDetail('Colour', 'Blue', 'si')).toEqual({ label: 'Colour', value: 'Blue' });
  });
});

describe('the discount badge', () => {
  it.each([
    [10, '10% off', '10% වට්ටම්', '10% தள்ளுபடி'],
    [2.5, '2.5% off', '2.5% වට්ටම්', '2.5% தள்ளுபடி'],
  ])('%s percent reads %s, %s, %s', (discount, en, si, ta) => {
    expect([localDiscountLabel(discount, 'en'), localDiscountLabel(discount, 'si'), localDiscountLabel(discount, 'ta')]).toEqual([en, si, ta]);
  });

  it('is null without a discount', () => {
    expect(localDiscountLabel(0, 'ta')).toBeNull();
  });
});
