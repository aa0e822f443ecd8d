import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  discountField,
  emailField,
  idField,
  idList,
  imageListField,
  limitField,
  optionalText,
  pageField,
  requestBody,
  requiredText,
  rupeesField,
  stockField,
  uuidSchema,
} from './fields';
import { formatZodError } from './format-error';

const UUID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const UUID2 = '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d';
const OURS = '/files/0123456789abcdef0123456789abcdef-480.webp';

/** The parsed value, or the first error message. */
function check(schema: z.ZodType, value: unknown): { ok: unknown } | { error: string } {
  const result = schema.safeParse(value);
  return result.success ? { ok: result.data } : { error: formatZodError(result.error).message };
}

describe('requiredText', () => {
  const name = requiredText('name', 5);
  it.each([
    ['Rice', { ok: 'Rice' }],
    ['  Rice  ', { ok: 'Rice' }],
    ['12345', { ok: '12345' }],
    ['123456', { error: 'name must be at most 5 characters' }],
    ['', { error: 'name is required' }],
    ['   ', { error: 'name is required' }],
    [undefined, { error: 'name is required' }],
    [null, { error: 'name is required' }],
    [12, { error: 'name must be text' }],
    ['Ri\u0000ce', { error: 'name contains a character that is not allowed' }],
  ])('%j -> %j', (value, expected) => {
    expect(check(name, value)).toEqual(expected);
  });
});

describe('optionalText', () => {
  const landmark = optionalText('landmark', 5);
  it.each([
    [undefined, { ok: undefined }],
    [null, { ok: undefined }],
    ['', { ok: '' }],
    [' kovil ', { ok: 'kovil' }],
    ['temple', { error: 'landmark must be at most 5 characters' }],
    [5, { error: 'landmark must be text' }],
    ['k\u0000', { error: 'landmark contains a character that is not allowed' }],
  ])('%j -> %j', (value, expected) => {
    expect(check(landmark, value)).toEqual(expected);
  });
});

describe('ids', () => {
  it.each([
    [UUID, { ok: UUID }],
    [` ${UUID} `, { ok: UUID }],
    [UUID.toUpperCase(), { ok: UUID }],
    ['', { error: 'id must be a valid UUID' }],
    ['abc', { error: 'id must be a valid UUID' }],
    [undefined, { error: 'id is required' }],
  ])('uuidSchema %j -> %j', (value, expected) => {
    expect(check(uuidSchema, value)).toEqual(expected);
  });

  it.each([
    [UUID, { ok: UUID }],
    ['', { error: 'address id is required' }],
    [undefined, { error: 'address id is required' }],
    ['12', { error: 'address id must be a valid id' }],
    [12, { error: 'address id must be a valid id' }],
  ])('idField %j -> %j', (value, expected) => {
    expect(check(idField('address id'), value)).toEqual(expected);
  });

  const categories = idList('category', 'category', 1);
  it.each([
    [[UUID], { ok: [UUID] }],
    [[{ _id: UUID, name: 'Milk' }, UUID2], { ok: [UUID, UUID2] }],
    [[UUID, { _id: UUID }], { ok: [UUID] }], // duplicates dropped
    [[UUID.toUpperCase(), UUID], { ok: [UUID] }], // ids are lowercased, so the same id in capitals is a duplicate
    [[], { error: 'at least one category is required' }],
    [undefined, { error: 'at least one category is required' }],
    ['x', { error: 'category must be a list' }],
    [['nope'], { error: 'each category must be a valid id' }],
    [[{ _id: 'nope' }], { error: 'each category must be a valid id' }],
  ])('idList %j -> %j', (value, expected) => {
    expect(check(categories, value)).toEqual(expected);
  });

  it('an optional list may be empty', () => {
    expect(check(idList('linked products', 'linked product'), [])).toEqual({ ok: [] });
  });
});

describe('rupeesField', () => {
  const price = rupeesField('price');
  it.each([
    [0, { ok: 0 }],
    [249.5, { ok: 249.5 }],
    [19.99, { ok: 19.99 }],
    ['120', { ok: 120 }],
    [' 99.5 ', { ok: 99.5 }],
    [0.1 + 0.2, { ok: 0.3 }],
    [10_000_000, { ok: 10_000_000 }],
    [10_000_000.01, { error: 'price must be at most 10000000' }],
    [-0.01, { error: 'price must be 0 or more' }],
    [1.005, { error: 'price must have at most 2 decimal places' }],
    ['abc', { error: 'price must be a number' }],
    ['', { error: 'price must be a number' }],
    [Number.NaN, { error: 'price must be a number' }],
    [undefined, { error: 'price is required' }],
    [null, { error: 'price is required' }],
  ])('%j -> %j', (value, expected) => {
    expect(check(price, value)).toEqual(expected);
  });
});

describe('stockField', () => {
  const stock = stockField();
  it.each([
    [0, { ok: 0 }],
    [1, { ok: 1 }],
    ['7', { ok: 7 }],
    [1_000_000, { ok: 1_000_000 }],
    [1_000_001, { error: 'stock must be at most 1000000' }],
    [-1, { error: 'stock must be 0 or more' }],
    [1.5, { error: 'stock must be a whole number' }],
    ['1.5', { error: 'stock must be a whole number' }],
    ['x', { error: 'stock must be a number' }],
    [undefined, { error: 'stock is required' }],
  ])('%j -> %j', (value, expected) => {
    expect(check(stock, value)).toEqual(expected);
  });
});

describe('discountField', () => {
  const discount = discountField();
  it.each([
    [0, { ok: 0 }],
    [12.5, { ok: 12.5 }],
    [100, { ok: 100 }],
    ['10', { ok: 10 }],
    [-0.01, { error: 'discount must be between 0 and 100' }],
    [100.01, { error: 'discount must be between 0 and 100' }],
    ['ten', { error: 'discount must be a number' }],
    [undefined, { error: 'discount is required' }],
  ])('%j -> %j', (value, expected) => {
    expect(check(discount, value)).toEqual(expected);
  });
});

describe('page and limit', () => {
  it.each([
    [undefined, { ok: 1 }],
    [1, { ok: 1 }],
    ['2', { ok: 2 }],
    [0, { error: 'page must be 1 or more' }],
    [1.5, { error: 'page must be a whole number' }],
    ['x', { error: 'page must be a number' }],
  ])('page %j -> %j', (value, expected) => {
    expect(check(pageField(), value)).toEqual(expected);
  });

  it.each([
    [undefined, { ok: 8 }],
    [1, { ok: 1 }],
    [50, { ok: 50 }],
    ['8', { ok: 8 }],
    [0, { error: 'limit must be between 1 and 50' }],
    [51, { error: 'limit must be between 1 and 50' }],
    [2.5, { error: 'limit must be a whole number' }],
  ])('limit %j -> %j', (value, expected) => {
    expect(check(limitField(50, 8), value)).toEqual(expected);
  });
});

describe('images and e-mail', () => {
  const images = imageListField('image');
  it.each([
    [[OURS], { ok: [OURS] }],
    [OURS, { ok: [OURS] }],
    [['/files/a.webp'], { error: 'image must be the address of an uploaded image' }],
    ['https://cdn.example.lk/a.png', { error: 'image must be the address of an uploaded image' }],
    [[], { error: 'at least one image is required' }],
    [undefined, { error: 'at least one image is required' }],
    [['a.png'], { error: 'image must be the address of an uploaded image' }],
    [['javascript:alert(1)'], { error: 'image must be the address of an uploaded image' }],
    [[''], { error: 'image is required' }],
    [Array.from({ length: 21 }, () => OURS), { error: 'image may hold at most 20 images' }],
    [{}, { error: 'image must be a list of image addresses' }],
  ])('images %j -> %j', (value, expected) => {
    expect(check(images, value)).toEqual(expected);
  });

  it.each([
    [' Nimali@Example.LK ', { ok: 'nimali@example.lk' }],
    ['kade0771234567@login.kade.lk', { ok: 'kade0771234567@login.kade.lk' }],
    ['nimali', { error: 'email must be a valid e-mail address' }],
    [undefined, { error: 'email is required' }],
  ])('email %j -> %j', (value, expected) => {
    expect(check(emailField(), value)).toEqual(expected);
  });
});

describe('requestBody', () => {
  it.each([[null], ['text'], [[]], [3]])('refuses a body that is %j', (value) => {
    expect(check(requestBody({ name: requiredText('name') }), value)).toEqual({
      error: 'the request body must be a JSON object',
    });
  });

  it('drops unknown keys', () => {
    expect(check(requestBody({ name: requiredText('name') }), { name: 'Rice', extra: 1 })).toEqual({ ok: { name: 'Rice' } });
  });
});
