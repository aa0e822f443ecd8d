import { describe, expect, it } from 'vitest';
import { ORDER_ID_ALPHABET, generateOrderId, isOrderId, isUuid } from './ids';

describe('isUuid', () => {
  it.each([
    ['3f2504e0-4f89-41d3-9a0c-0305e82c3301', true],
    ['3F2504E0-4F89-41D3-9A0C-0305E82C3301', true],
    ['00000000-0000-0000-0000-000000000000', true],
    ['3f2504e0-4f89-41d3-9a0c-0305e82c330', false], // one short
    ['3f2504e0-4f89-41d3-9a0c-0305e82c33011', false], // one long
    ['3f2504e04f8941d39a0c0305e82c3301', false], // no dashes
    ['3f2504e0-4f89-41d3-9a0c-0305e82c330g', false],
    ['', false],
    [42, false],
  ])('%j -> %s', (value, valid) => {
    expect(isUuid(value)).toBe(valid);
  });
});

describe('order numbers', () => {
  it('have an alphabet of 32 unmistakable characters', () => {
    expect(ORDER_ID_ALPHABET).toHaveLength(32);
    expect(ORDER_ID_ALPHABET).not.toMatch(/[ILOU]/);
    expect(new Set(ORDER_ID_ALPHABET).size).toBe(32);
  });

  it('are 6 characters from that alphabet, varied', () => {
    const ids = Array.from({ length: 500 }, () => generateOrderId());
    for (const id of ids) expect(isOrderId(id)).toBe(true);
    expect(new Set(ids).size).toBe(500);
  });

  it.each([
    ['7F3Q9X', true],
    ['000000', true],
    ['7F3Q9', false],
    ['7F3Q9XZ', false],
    ['7F3O9X', false], // O is not used
    ['7f3q9x', false],
    [123456, false],
  ])('isOrderId(%j) -> %s', (value, valid) => {
    expect(isOrderId(value)).toBe(valid);
  });
});
