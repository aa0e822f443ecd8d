import { describe, expect, it } from 'vitest';
import {
  categoryAddSchema,
  categoryDeleteSchema,
  categoryUpdateSchema,
  productByCategoryAndSubCategorySchema,
  productByCategorySchema,
  productCreateSchema,
  productDeleteSchema,
  productDetailsSchema,
  productGetSchema,
  productPatchSchema,
  productSearchSchema,
  productUpdateSchema,
  subCategoryCreateSchema,
  subCategoryDeleteSchema,
  subCategoryUpdateSchema,
  variationCreateSchema,
  variationDeleteSchema,
  variationDetailsSchema,
  variationListSchema,
  variationUpdateSchema,
  variationsByProductSchema,
} from './catalogue';
import { check } from './testing';

const ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const CAT = '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d';
const SUB = '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed';
const IMAGE = '/files/0123456789abcdef0123456789abcdef-480.webp';

describe('categories', () => {
  it.each([
    [categoryAddSchema, { name: ' Fruit ', image: IMAGE }, { name: 'Fruit', image: IMAGE }],
    [categoryUpdateSchema, { _id: ID, name: 'Fruit' }, { _id: ID, name: 'Fruit' }],
    [categoryUpdateSchema, { _id: ID, image: IMAGE }, { _id: ID, image: IMAGE }],
    [categoryDeleteSchema, { _id: ID }, { _id: ID }],
  ])('accepts %#', (schema, value, parsed) => {
    expect(check(schema, value)).toEqual({ ok: parsed });
  });

  it.each([
    [categoryAddSchema, { image: IMAGE }, 'name is required', 'name'],
    [categoryAddSchema, { name: 'Fruit' }, 'image is required', 'image'],
    [categoryAddSchema, { name: 'Fruit', image: 'fruit.png' }, 'image must be the address of an uploaded image', 'image'],
    [categoryAddSchema, { name: 'Fruit', image: 'https://cdn.example.lk/fruit.png' }, 'image must be the address of an uploaded image', 'image'],
    [categoryAddSchema, { name: 'Fr\u0000uit', image: IMAGE }, 'name contains a character that is not allowed', 'name'],
    [categoryAddSchema, { name: 'x'.repeat(101), image: IMAGE }, 'name must be at most 100 characters', 'name'],
    [categoryUpdateSchema, { name: 'Fruit' }, 'id is required', '_id'],
    [categoryUpdateSchema, { _id: ID, name: '' }, 'name is required', 'name'],
    [categoryDeleteSchema, { _id: 'abc' }, 'id must be a valid id', '_id'],
  ])('refuses %#: %s', (schema, value, message, field) => {
    expect(check(schema, value)).toEqual({ error: message, field });
  });
});

describe('sub-categories', () => {
  it('create takes name, image and categories (ids or objects)', () => {
    expect(check(subCategoryCreateSchema, { name: 'Leafy', image: IMAGE, category: [{ _id: CAT, name: 'Vegetable' }] })).toEqual({
      ok: { name: 'Leafy', image: IMAGE, category: [CAT] },
    });
  });

  it.each([
    [subCategoryCreateSchema, { name: 'Leafy', image: IMAGE, category: [] }, 'at least one category is required', 'category'],
    [subCategoryCreateSchema, { name: 'Leafy', image: IMAGE }, 'at least one category is required', 'category'],
    [subCategoryCreateSchema, { name: 'Leafy', image: IMAGE, category: ['x'] }, 'each category must be a valid id', 'category.0'],
    [subCategoryUpdateSchema, { _id: ID, category: [] }, 'at least one category is required', 'category'],
    [subCategoryDeleteSchema, {}, 'id is required', '_id'],
  ])('refuses %#: %s', (schema, value, message, field) => {
    expect(check(schema, value)).toEqual({ error: message, field });
  });

  it('update and delete read only what they need', () => {
    expect(check(subCategoryUpdateSchema, { _id: ID, name: 'Greens' })).toEqual({ ok: { _id: ID, name: 'Greens' } });
    expect(check(subCategoryDeleteSchema, { _id: ID, name: 'Greens', image: IMAGE })).toEqual({ ok: { _id: ID } });
  });
});

const product = {
  name: 'Red Apple',
  image: [IMAGE],
  price: '250',
  unit: '1kg',
  stock: '12',
  description: 'Crisp apples.',
  category: [CAT],
  subCategory: [{ _id: SUB, name: 'All Fruits' }],
};

describe('product create', () => {
  it('fills the defaults and turns numeric text into numbers', () => {
    expect(check(productCreateSchema, product)).toEqual({
      ok: {
        name: 'Red Apple',
        image: [IMAGE],
        price: 250,
        unit: '1kg',
        stock: 12,
        discount: 0,
        description: 'Crisp apples.',
        category: [CAT],
        subCategory: [SUB],
        product: [],
        more_details: {},
        keywords: [],
        publish: true,
        single_quantity: false,
        sellBy: 'EACH',
      },
    });
  });

  it('takes at most 20 search keywords of 1 to 40 characters, trimmed, repeats kept once, no control character', () => {
    const keywords = (value: unknown) => productUpdateSchema.safeParse({ _id: CAT, keywords: value });
    expect(keywords([' sini ', 'Seeni', 'SINI', 'x'.repeat(40)]).data?.keywords).toEqual(['sini', 'Seeni', 'x'.repeat(40)]);
    expect(keywords(Array.from({ length: 20 }, (_, i) => `w${i}`)).success).toBe(true);
    for (const bad of [Array.from({ length: 21 }, (_, i) => `w${i}`), ['x'.repeat(41)], ['sini\u0000'], ['a\u001bb'], ['  '], 'sini', [3]]) {
      const result = keywords(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues[0]?.path[0]).toBe('keywords');
    }
  });

  it.each([
    [{ price: 0 }, 'price', 0],
    [{ price: 249.5 }, 'price', 249.5],
    [{ stock: 0 }, 'stock', 0],
    [{ discount: 0 }, 'discount', 0],
    [{ discount: 100 }, 'discount', 100],
    [{ totalStock: 100 }, 'totalStock', 100],
    [{ more_details: { Origin: 'Nuwara Eliya' } }, 'more_details', { Origin: 'Nuwara Eliya' }],
    [{ product: [ID] }, 'product', [ID]],
    [{ single_quantity: true }, 'single_quantity', true],
  ])('accepts %j', (change, key, value) => {
    const result = check(productCreateSchema, { ...product, ...change });
    expect(result).toHaveProperty(['ok', key], value);
  });

  it.each([
    [{ name: '' }, 'name is required', 'name'],
    [{ image: [] }, 'at least one image is required', 'image'],
    [{ price: -0.01 }, 'price must be 0 or more', 'price'],
    [{ price: 'free' }, 'price must be a number', 'price'],
    [{ price: undefined }, 'price is required', 'price'],
    [{ unit: ' ' }, 'unit is required', 'unit'],
    [{ stock: -1 }, 'stock must be 0 or more', 'stock'],
    [{ stock: 1.5 }, 'stock must be a whole number', 'stock'],
    [{ discount: -1 }, 'discount must be between 0 and 100', 'discount'],
    [{ discount: 100.5 }, 'discount must be between 0 and 100', 'discount'],
    [{ description: '' }, 'description is required', 'description'],
    [{ category: [] }, 'at least one category is required', 'category'],
    [{ subCategory: [] }, 'at least one sub-category is required', 'subCategory'],
    [{ product: ['x'] }, 'each linked product must be a valid id', 'product.0'],
    [{ more_details: { Origin: '' } }, 'every extra details value must be filled in', 'more_details.Origin'],
    [{ more_details: 'x' }, 'extra details must map each label to its text', 'more_details'],
    [{ more_details: { Origin: 'Nuwara\u0000Eliya' } }, 'extra details values contain a character that is not allowed', 'more_details.Origin'],
    [{ description: 'Crisp\u0000' }, 'description contains a character that is not allowed', 'description'],
    [{ publish: 'yes' }, 'publish must be true or false', 'publish'],
  ])('refuses %j: %s', (change, message, field) => {
    expect(check(productCreateSchema, { ...product, ...change })).toEqual({ error: message, field });
  });
});

describe('product update, patch, delete', () => {
  it('update needs only the id and changes only what is sent (no defaults)', () => {
    expect(check(productUpdateSchema, { _id: ID, price: 300 })).toEqual({ ok: { _id: ID, price: 300 } });
  });

  it.each([
    [productUpdateSchema, { price: 300 }, 'id is required', '_id'],
    [productUpdateSchema, { _id: ID, discount: 101 }, 'discount must be between 0 and 100', 'discount'],
    [productUpdateSchema, { _id: ID, category: [] }, 'at least one category is required', 'category'],
    [productPatchSchema, { _id: ID }, 'stock, price, discount or publish is required', 'stock'],
    [productPatchSchema, { _id: ID, stock: -1 }, 'stock must be 0 or more', 'stock'],
    [productDeleteSchema, { _id: '' }, 'id is required', '_id'],
  ])('refuses %#: %s', (schema, value, message, field) => {
    expect(check(schema, value)).toEqual({ error: message, field });
  });

  it('patch takes a quick stock change', () => {
    expect(check(productPatchSchema, { _id: ID, stock: 0 })).toEqual({ ok: { _id: ID, stock: 0 } });
    expect(check(productPatchSchema, { _id: ID, publish: false })).toEqual({ ok: { _id: ID, publish: false } });
  });
});

describe('product reads', () => {
  it.each([
    [productGetSchema, {}, { search: '', page: 1, limit: 10000 }],
    [productGetSchema, { search: ' milk ', page: 2, limit: 10000 }, { search: 'milk', page: 2, limit: 10000 }],
    [productGetSchema, { sort: 'stock', category: CAT.toUpperCase(), limit: 24 }, { search: '', page: 1, limit: 24, sort: 'stock', category: CAT }],
    [productByCategorySchema, { id: CAT }, { id: CAT }],
    [productDetailsSchema, { productId: ID }, { productId: ID }],
    [
      productByCategoryAndSubCategorySchema,
      { categoryId: CAT, subCategoryId: SUB },
      { categoryId: CAT, subCategoryId: SUB, page: 1, limit: 8 },
    ],
    [
      productByCategoryAndSubCategorySchema,
      { categoryId: CAT, subCategoryId: SUB, page: 3, limit: 50 },
      { categoryId: CAT, subCategoryId: SUB, page: 3, limit: 50 },
    ],
    [productSearchSchema, { search: '  rice  ' }, { search: 'rice', page: 1, limit: 10 }],
    [productSearchSchema, {}, { search: '', page: 1, limit: 10 }],
    [productSearchSchema, { search: 'x'.repeat(100) }, { search: 'x'.repeat(100), page: 1, limit: 10 }],
    [productSearchSchema, { search: 'x'.repeat(101) }, { search: 'x'.repeat(100), page: 1, limit: 10 }],
    [productSearchSchema, { search: `  ${'x'.repeat(100)}  ` }, { search: 'x'.repeat(100), page: 1, limit: 10 }],
    [productSearchSchema, { search: 'mi\u0000lk\u0000' }, { search: 'mi lk', page: 1, limit: 10 }],
    [productSearchSchema, { search: `'%_\\ 🍎 drop table` }, { search: `'%_\\ 🍎 drop table`, page: 1, limit: 10 }],
  ])('accepts %#', (schema, value, parsed) => {
    expect(check(schema, value)).toEqual({ ok: parsed });
  });

  it.each([
    [productGetSchema, { limit: 10001 }, 'limit must be between 1 and 10000', 'limit'],
    [productGetSchema, { sort: 'cheapest' }, 'sort must be one of newest, name, price, stock', 'sort'],
    [productGetSchema, { sort: 'Name' }, 'sort must be one of newest, name, price, stock', 'sort'],
    [productGetSchema, { category: 'fruit' }, 'category must be a valid id', 'category'],
    [productByCategorySchema, {}, 'category id is required', 'id'],
    [productDetailsSchema, { productId: 'x' }, 'product id must be a valid id', 'productId'],
    [productByCategoryAndSubCategorySchema, { categoryId: CAT, subCategoryId: SUB, page: 0 }, 'page must be 1 or more', 'page'],
    [productByCategoryAndSubCategorySchema, { categoryId: CAT, subCategoryId: SUB, limit: 0 }, 'limit must be between 1 and 50', 'limit'],
    [productByCategoryAndSubCategorySchema, { categoryId: CAT, subCategoryId: SUB, limit: 51 }, 'limit must be between 1 and 50', 'limit'],
    [productByCategoryAndSubCategorySchema, { categoryId: CAT }, 'sub-category id is required', 'subCategoryId'],
    [productSearchSchema, { search: 42 }, 'search must be text', 'search'],
    [productSearchSchema, { search: 'rice', page: -1 }, 'page must be 1 or more', 'page'],
  ])('refuses %#: %s', (schema, value, message, field) => {
    expect(check(schema, value)).toEqual({ error: message, field });
  });
});

describe('variations', () => {
  const variation = {
    product: ID,
    name: 'Red Apple 500g',
    image: IMAGE,
    unit: '500g',
    stock: 5,
    price: 130,
    description: 'Half a kilo.',
  };

  it('create fills discount 0, no details and publish true', () => {
    expect(check(variationCreateSchema, variation)).toEqual({
      ok: { ...variation, image: [IMAGE], discount: 0, more_details: {}, publish: true, sellBy: 'EACH' },
    });
  });

  it.each([
    [variationCreateSchema, { ...variation, product: undefined }, 'parent product is required', 'product'],
    [variationCreateSchema, { ...variation, stock: -1 }, 'stock must be 0 or more', 'stock'],
    [variationCreateSchema, { ...variation, discount: 101 }, 'discount must be between 0 and 100', 'discount'],
    [variationCreateSchema, { ...variation, description: '' }, 'description is required', 'description'],
    [variationUpdateSchema, { name: 'x' }, 'id is required', '_id'],
    [variationDeleteSchema, {}, 'id is required', '_id'],
    [variationDetailsSchema, { _id: 'x' }, 'id must be a valid id', '_id'],
    [variationsByProductSchema, {}, 'product id is required', 'productId'],
    [variationListSchema, { limit: 51 }, 'limit must be between 1 and 50', 'limit'],
  ])('refuses %#: %s', (schema, value, message, field) => {
    expect(check(schema, value)).toEqual({ error: message, field });
  });

  it.each([
    [variationUpdateSchema, { _id: ID, price: 140 }, { _id: ID, price: 140 }],
    [variationListSchema, {}, { search: '', page: 1, limit: 10 }],
    [variationsByProductSchema, { productId: ID }, { productId: ID }],
  ])('accepts %#', (schema, value, parsed) => {
    expect(check(schema, value)).toEqual({ ok: parsed });
  });
});
