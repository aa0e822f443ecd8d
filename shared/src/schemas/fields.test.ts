import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  detailsField,
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
  searchTextField,
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
    ['Ri\u001bce', { error: 'name contains a character that is not allowed' }],
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

/**
 * Control characters (C0 U+0000-U+001F, DEL U+007F, C1 U+0080-U+009F) at both edges of each range, and the
 * printer commands a pen-tester saved in an address: ESC p (drawer kick), GS V (cut), ESC @ (reset).
 */
const REFUSED_EVERYWHERE: Array<[string, string]> = [
  ['NUL U+0000', 'a\u0000b'],
  ['U+0001', 'a\u0001b'],
  ['U+0008', 'a\u0008b'],
  ['VT U+000B', 'a\u000bb'],
  ['FF U+000C', 'a\u000cb'],
  ['U+001F', 'a\u001fb'],
  ['DEL U+007F', 'a\u007fb'],
  ['C1 U+0080', 'a\u0080b'],
  ['NEL U+0085', 'a\u0085b'],
  ['CSI U+009B', 'a\u009bb'],
  ['C1 U+009F', 'a\u009fb'],
  ['ESC p (drawer kick)', 'Home \u001bp\u0000\u0019\u00fa'],
  ['GS V (cut)', '12 Lane \u001dV\u0000'],
  ['ESC @ (reset)', 'Temple \u001b@'],
];
/** Just outside the ranges: ordinary characters. */
const ALLOWED_EVERYWHERE: Array<[string, string]> = [
  ['space U+0020', 'a b'],
  ['tilde U+007E', 'a~b'],
  ['no-break space U+00A0', 'a\u00a0b'],
  ['U+00FA', 'Ban\u00fa'],
  ['Sinhala and Tamil', '\u0d9a\u0dd9\u0da9 \u0b95\u0b9f\u0bc8'],
  ['an emoji', 'Rice \u{1F35A}'],
];

describe('control characters in text fields', () => {
  const single = requiredText('address name', 100);
  const multi = requiredText('description', 500, { multiLine: true });
  const optional = optionalText('landmark', 100);
  const refused = (field: string) => ({ error: `${field} contains a character that is not allowed` });

  it.each(REFUSED_EVERYWHERE)('refuse %s on one line and on several', (_name, text) => {
    expect(check(single, text)).toEqual(refused('address name'));
    expect(check(optional, text)).toEqual(refused('landmark'));
    expect(check(multi, text)).toEqual(refused('description'));
  });

  it.each(ALLOWED_EVERYWHERE)('keep %s', (_name, text) => {
    expect(check(single, text)).toEqual({ ok: text });
    expect(check(optional, text)).toEqual({ ok: text });
    expect(check(multi, text)).toEqual({ ok: text });
  });

  it.each([
    ['a line break', 'Line one\nLine two', 'Line one\nLine two'],
    ['a tab', 'Weight:\t1 kg', 'Weight:\t1 kg'],
    ['a Windows line break, stored as \\n', 'Line one\r\nLine two', 'Line one\nLine two'],
    ['a lone carriage return, stored as \\n', 'Line one\rLine two', 'Line one\nLine two'],
  ])('multi-line text keeps %s; one line refuses it', (_name, text, stored) => {
    expect(check(multi, text)).toEqual({ ok: stored });
    expect(check(single, text)).toEqual(refused('address name'));
    expect(check(optional, text)).toEqual(refused('landmark'));
  });

  it('trims surrounding line breaks like spaces', () => {
    expect(check(single, '\r\n Rice \n')).toEqual({ ok: 'Rice' });
    expect(check(multi, '\nRice\n\n')).toEqual({ ok: 'Rice' });
  });

  it('holds in extra details: labels are one line, texts may be several', () => {
    const details = detailsField('extra details');
    expect(check(details, { Origin: 'Matale\r\nSri Lanka' })).toEqual({ ok: { Origin: 'Matale\nSri Lanka' } });
    expect(check(details, { Origin: 'Matale\u001bp' })).toEqual({ error: 'extra details values contain a character that is not allowed' });
    expect(check(details, { 'Ori\ngin': 'Matale' })).toEqual({ error: 'extra details labels contain a character that is not allowed' });
    expect(check(details, { 'Ori\u001d': 'Matale' })).toEqual({ error: 'extra details labels contain a character that is not allowed' });
  });

  it.each([
    ['a\u0000b', 'a b'],
    ['\u001bp0 rice \u001d', 'p0 rice'],
    ['dhal\u009b', 'dhal'],
    ['  kiri  ', 'kiri'],
    [undefined, ''],
    [null, ''],
    ['x'.repeat(150), 'x'.repeat(100)],
  ])('search text %j is searched for as %j (never refused: control characters count as spaces)', (text, searched) => {
    expect(check(searchTextField(), text)).toEqual({ ok: searched });
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
