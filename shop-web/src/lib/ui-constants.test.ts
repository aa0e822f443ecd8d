import { describe, expect, it } from 'vitest';
import { showStripArrows } from './ui-constants';

describe('a product strip', () => {
  it.each([
    [0, false],
    [3, false],
    [4, true],
  ])('showStripArrows(%s) -> %s', (count, arrows) => {
    expect(showStripArrows(count)).toBe(arrows);
  });
});
