import { describe, expect, it } from 'vitest';
import { formatListingCursor, LISTING_CURSOR_LENGTH, parseListingCursor } from './listing-cursor';

const ID = '3f2b8c1e-9d4a-4b7e-8f61-2a9c0d5e7b13';

describe('listing cursors', () => {
  it('reads back what it writes, to the microsecond, and fits its length', () => {
    const cursor = { at: '2026-11-25T07:28:10.123456Z', id: ID };
    const text = formatListingCursor(cursor);
    expect(text).toBe(`2026-11-25T07:28:10.123456Z_${ID}`);
    expect(text.length).toBeLessThanOrEqual(LISTING_CURSOR_LENGTH);
    expect(parseListingCursor(text)).toEqual(cursor);
    expect(parseListingCursor(`2024-02-29T23:59:59.999999Z_${ID.toUpperCase()}`)).toEqual({ at: '2024-02-29T23:59:59.999999Z', id: ID });
  });

  it('refuses a time the calendar has not, a time in another form, and anything that is not an id', () => {
    for (const text of [
      `2026-13-01T00:00:00.000000Z_${ID}`,
      `2025-02-29T00:00:00.000000Z_${ID}`,
      `2026-11-25T24:00:00.000000Z_${ID}`,
      `2026-11-25T07:28:10.123Z_${ID}`,
      `2026-11-25 07:28:10.123456+00_${ID}`,
      `2026-11-25T07:28:10.123456Z_${ID}x`,
      `2026-11-25T07:28:10.123456Z-${ID}`,
      `2026-11-25T07:28:10.123456Z_`,
      '',
      '_',
    ]) {
      expect(parseListingCursor(text), text).toBeUndefined();
    }
  });
});
