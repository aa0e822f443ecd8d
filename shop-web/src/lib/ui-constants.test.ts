import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_HOURS } from '@kade/shared';
import { bannerTexts, showStripArrows } from './ui-constants';

describe('a product strip', () => {
  it.each([
    [0, false],
    [3, false],
    [4, true],
  ])('showStripArrows(%s) -> %s', (count, arrows) => {
    expect(showStripArrows(count)).toBe(arrows);
  });
});

describe('the delivery banner', () => {
  it("says the spec's text with the default shop hours, in English, Tamil and Sinhala", () => {
    expect(bannerTexts(DEFAULT_SHOP_HOURS)).toEqual([
      'Delivery time 6.30AM - 11.00PM',
      'டெலிவரி நேரம் காலை 6.30 - இரவு 11.00',
      'බෙදාහැරීමේ වේලාව උදේ 6.30 - රෑ 11.00',
    ]);
  });

  it('says the hours the shop is set to', () => {
    expect(bannerTexts('07:00-21:30')).toEqual(['Delivery time 7.00AM - 9.30PM', 'டெலிவரி நேரம் காலை 7.00 - இரவு 9.30', 'බෙදාහැරීමේ වේලාව උදේ 7.00 - රෑ 9.30']);
  });
});
