import { describe, expect, it } from 'vitest';
import {
  CATEGORY_DISPLAY_ORDER,
  DEFAULT_TOTAL_STOCK,
  NO_STRIP_CATEGORIES,
  appendUnique,
  compareCategoryNames,
  hasMorePages,
  hasProductStrip,
  idFromSlug,
  isSingleQuantity,
  listingPath,
  listingTitleFromSlug,
  maxQuantity,
  productPath,
  sameName,
  shuffle,
  slugify,
  sortCategories,
  sortVariations,
  stockBarColour,
  stockPercent,
} from './catalogue';
import { BULK_PRODUCT_DEFAULTS, draftNameFromFileName, draftWeighedBody, draftWeighedProblem, isSubmittableDraft, newProductDraft, toggleId } from './product-draft';

const UUID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const UUID2 = '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d';

describe('category order', () => {
  it('starts with the seven of the spec', () => {
    expect(CATEGORY_DISPLAY_ORDER).toEqual([
      'All Product',
      'Vegetable',
      'Milk + Other',
      'Tea & Coffee',
      'Biscuit',
      'Medicine',
      'Snack',
    ]);
  });

  it('sorts the known ones in order, then the others by name', () => {
    const names = ['Snack', 'Fruit', 'Biscuit', 'All Product', 'bakery', 'Vegetable', 'Tea & Coffee', 'Medicine', 'Milk + Other', 'Meat'];
    expect(sortCategories(names)).toEqual([
      'All Product',
      'Vegetable',
      'Milk + Other',
      'Tea & Coffee',
      'Biscuit',
      'Medicine',
      'Snack',
      'bakery',
      'Fruit',
      'Meat',
    ]);
  });

  it('sorts objects, does not change the input, and is stable', () => {
    const list = [
      { _id: '1', name: 'Rice' },
      { _id: '2', name: 'vegetable' },
      { _id: '3', name: 'Rice' },
      { _id: '4', name: 'Dhal' },
    ];
    const copy = [...list];
    expect(sortCategories(list).map((c) => c._id)).toEqual(['2', '4', '1', '3']);
    expect(list).toEqual(copy);
  });

  it.each([
    ['All Product', 'Vegetable', -1],
    ['Snack', 'Apple', -1], // known before unknown
    ['Apple', 'Banana', -1],
    ['Item 2', 'Item 10', -1], // numbers compare as numbers
    ['Banana', 'apple', 1],
    [' snack ', 'Snack', 0],
  ])('compareCategoryNames(%j, %j) has sign %s', (a, b, sign) => {
    expect(Math.sign(compareCategoryNames(a, b))).toBe(sign);
  });

  it.each([
    ['Special', 'special ', true],
    ['Deal', 'Deals', false],
  ])('sameName(%j, %j) -> %s', (a, b, same) => {
    expect(sameName(a, b)).toBe(same);
  });
});

describe('product strips', () => {
  it('are left out for the three special categories', () => {
    expect(NO_STRIP_CATEGORIES).toEqual(['All Product', 'Buy Brand', 'Special']);
  });

  it.each([
    ['All Product', false],
    ['Buy Brand', false],
    ['Special', false],
    ['special', false],
    ['Vegetable', true],
    ['Specials', true],
  ])('hasProductStrip(%j) -> %s', (name, strip) => {
    expect(hasProductStrip(name)).toBe(strip);
  });
});

describe('single quantity', () => {
  it.each([
    [{}, false],
    [{ single_quantity: true }, true],
    [{ single_quantity: false }, false],
    [{ single_quantity: null, category: null, subCategory: null }, false],
    [{ category: [{ name: 'Special' }] }, true],
    [{ category: ['special'] }, true],
    [{ category: [{ name: 'Specials' }] }, false],
    [{ subCategory: [{ name: 'Deal' }] }, true],
    [{ subCategory: ['Deals'] }, false],
    [{ category: [{ name: 'Snack' }], subCategory: [{ name: 'Chips' }] }, false],
  ])('%j -> %s', (product, single) => {
    expect(isSingleQuantity(product)).toBe(single);
  });

  it.each([
    [{ stock: 10 }, 10],
    [{ stock: 0 }, 0],
    [{ stock: -3 }, 0],
    [{ stock: 2.7 }, 2],
    [{ stock: 10, single_quantity: true }, 1],
    [{ stock: 0, single_quantity: true }, 0],
    [{ stock: 5, category: [{ name: 'Special' }] }, 1],
    [{ stock: 5, subCategory: [{ name: 'Deal' }] }, 1],
    [{ stock: 1, subCategory: [{ name: 'Deal' }] }, 1],
    [{ stock: 1000 }, 1000],
    [{ stock: 1001 }, 1000], // a line never holds more than MAX_LINE_QUANTITY
  ])('maxQuantity(%j) -> %s', (product, max) => {
    expect(maxQuantity(product)).toBe(max);
  });
});

describe('stock bar', () => {
  it('assumes a total of 100', () => {
    expect(DEFAULT_TOTAL_STOCK).toBe(100);
  });

  it.each([
    [100, 100, 'green'],
    [51, 100, 'green'],
    [50, 100, 'yellow'], // exactly half: not above 50%
    [21, 100, 'yellow'],
    [20, 100, 'red'], // exactly a fifth: not above 20%
    [0, 100, 'red'],
    [51, undefined, 'green'],
    [50, null, 'yellow'],
    [20, 0, 'red'], // a zero total counts as missing
    [6, 10, 'green'],
    [5, 10, 'yellow'],
    [3, 10, 'yellow'],
    [2, 10, 'red'],
    [150, 100, 'green'],
  ])('stock %s of %s -> %s', (stock, total, colour) => {
    expect(stockBarColour(stock, total)).toBe(colour);
  });

  it.each([
    [50, undefined, 50],
    [5, 10, 50],
    [150, 100, 100],
    [-1, 100, 0],
    [0, 0, 0],
  ])('stockPercent(%s, %s) -> %s', (stock, total, percent) => {
    expect(stockPercent(stock, total)).toBe(percent);
  });
});

describe('slugs and paths', () => {
  it.each([
    ['Fresh Milk', 'fresh-milk'],
    ['  Tea & Coffee  ', 'tea-coffee'],
    ['Milk + Other', 'milk-other'],
    ['Anchor 400g (Full Cream)', 'anchor-400g-full-cream'],
    ['Crème Brûlée', 'creme-brulee'],
    ['---', 'item'],
    ['', 'item'],
    ['කිරි', 'item'],
    ['A--B', 'a-b'],
  ])('slugify(%j) -> %j', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it('productPath', () => {
    expect(productPath('Fresh Milk 1L', UUID)).toBe(`/product/fresh-milk-1l-${UUID}`);
    expect(productPath('', '42')).toBe('/product/item-42');
  });

  it.each([
    [`fresh-milk-1l-${UUID}`, UUID],
    [UUID, UUID],
    [`fresh-milk-${UUID.toUpperCase()}`, UUID.toUpperCase()],
    ['fresh-milk-42', '42'], // no UUID: the last dash-separated piece
    ['milk', 'milk'],
    ['milk-', ''],
    ['', ''],
    [`x${UUID}`, '0305e82c3301'], // not a whole UUID at the end: the last piece
  ])('idFromSlug(%j) -> %j', (slug, id) => {
    expect(idFromSlug(slug)).toBe(id);
  });

  it('idFromSlug undoes productPath', () => {
    const slug = productPath('Red Apple 1kg', UUID).replace('/product/', '');
    expect(idFromSlug(slug)).toBe(UUID);
  });

  it('listingPath', () => {
    expect(listingPath({ _id: UUID, name: 'Milk + Other' }, { _id: UUID2, name: 'Fresh Milk' })).toBe(
      `/milk-other-${UUID}/fresh-milk-${UUID2}`,
    );
  });

  it.each([
    [`fresh-milk-${UUID2}`, 'fresh milk'],
    [`all-fruits-${UUID}`, 'all fruits'],
    ['fresh-milk-42', 'fresh milk'],
    [UUID, ''],
    ['milk', ''],
  ])('listingTitleFromSlug(%j) -> %j', (slug, title) => {
    expect(listingTitleFromSlug(slug)).toBe(title);
  });
});

describe('listing pages', () => {
  it.each([
    [0, false],
    [7, false],
    [8, true],
    [9, true],
  ])('a last page of %s items: more pages %s', (count, more) => {
    expect(hasMorePages(count)).toBe(more);
  });

  it('honours another page size', () => {
    expect(hasMorePages(9, 10)).toBe(false);
    expect(hasMorePages(10, 10)).toBe(true);
  });

  it('appendUnique drops items already shown and repeats within the page', () => {
    const a = { _id: 'a' };
    const b = { _id: 'b' };
    const c = { _id: 'c' };
    expect(appendUnique([a, b], [b, c, c]).map((x) => x._id)).toEqual(['a', 'b', 'c']);
    expect(appendUnique([], [a])).toEqual([a]);
  });

  it('shuffle keeps every item once and uses the given random source', () => {
    const items = [1, 2, 3, 4, 5];
    // random() = 0 always swaps with the first: [1,2,3,4,5] -> [2,3,4,5,1]
    expect(shuffle(items, () => 0)).toEqual([2, 3, 4, 5, 1]);
    // random() just under 1 never moves anything
    expect(shuffle(items, () => 0.999999)).toEqual([1, 2, 3, 4, 5]);
    expect([...shuffle(items)].sort()).toEqual(items);
    expect(items).toEqual([1, 2, 3, 4, 5]);
    expect(shuffle([])).toEqual([]);
  });
});

describe('sortVariations', () => {
  it('puts the dearest after discount first, stable for ties', () => {
    const variations = [
      { name: '500g', price: 300, discount: 0 }, // 300
      { name: '1kg', price: 600, discount: 10 }, // 540
      { name: '2kg', price: 1000, discount: 50 }, // 500
      { name: '500g promo', price: 320, discount: 7 }, // 297.60 -> 298
      { name: '250g', price: 300 }, // 300, tie with the first
    ];
    expect(sortVariations(variations).map((v) => v.name)).toEqual(['1kg', '2kg', '500g', '250g', '500g promo']);
  });
});

describe('bulk upload drafts', () => {
  it.each([
    ['Red Apple.png', 'Red Apple'],
    ['archive.tar.gz', 'archive.tar'],
    ['C:\\fakepath\\Banana.PNG', 'Banana'],
    ['photos/Mango.png', 'Mango'],
    ['.png', '.png'],
    ['noext', 'noext'],
  ])('draftNameFromFileName(%j) -> %j', (file, name) => {
    expect(draftNameFromFileName(file)).toBe(name);
  });

  it('a new draft pre-selects the default categories that exist', () => {
    const draft = newProductDraft({
      fileName: 'Red Apple.png',
      imageUrl: '/files/abc.webp',
      categories: [
        { _id: 'c1', name: 'All Product' },
        { _id: 'c2', name: 'Vegetable' },
        { _id: 'c3', name: 'fruit' },
      ],
      subCategories: [
        { _id: 's1', name: 'All Fruits' },
        { _id: 's2', name: 'Leafy' },
      ],
    });
    expect(draft).toEqual({
      name: 'Red Apple',
      image: ['/files/abc.webp'],
      price: '',
      unit: '',
      stock: 1,
      discount: 0,
      description: BULK_PRODUCT_DEFAULTS.description,
      category: ['c1', 'c3'],
      subCategory: ['s1'],
      product: [],
      sellBy: 'EACH',
      stepGrams: '',
      minGrams: '',
      maxGrams: '',
      scaleCode: '',
    });
  });

  const weighedDraft = { sellBy: 'WEIGHT' as const, stepGrams: '250', minGrams: '250', maxGrams: '5000', scaleCode: '10001' };
  it.each([
    [{ ...weighedDraft }, null],
    [{ ...weighedDraft, scaleCode: ' ' }, null],
    [{ ...weighedDraft, sellBy: 'EACH' as const, stepGrams: '', minGrams: '', maxGrams: '', scaleCode: '' }, null],
    [{ ...weighedDraft, sellBy: 'EACH' as const }, { field: 'scaleCode', reason: 'scaleCodeOnEach' }],
    [{ ...weighedDraft, stepGrams: '' }, { field: 'stepGrams', reason: 'required' }],
    [{ ...weighedDraft, maxGrams: ' ' }, { field: 'maxGrams', reason: 'required' }],
    [{ ...weighedDraft, minGrams: '2.5' }, { field: 'minGrams', reason: 'notWholeGrams' }],
    [{ ...weighedDraft, minGrams: '-250' }, { field: 'minGrams', reason: 'notWholeGrams' }],
    [{ ...weighedDraft, stepGrams: '5', minGrams: '5' }, { field: 'stepGrams', reason: 'tooSmall' }],
    [{ ...weighedDraft, minGrams: '300' }, { field: 'minGrams', reason: 'notMultiple' }],
    [{ ...weighedDraft, minGrams: '5000', maxGrams: '250' }, { field: 'maxGrams', reason: 'minAboveMax' }],
    [{ ...weighedDraft, scaleCode: '1234' }, { field: 'scaleCode', reason: 'scaleCodeDigits' }],
    [{ ...weighedDraft, scaleCode: '12a45' }, { field: 'scaleCode', reason: 'scaleCodeDigits' }],
  ])('draftWeighedProblem(%j, 5) -> %j', (draft, problem) => {
    expect(draftWeighedProblem(draft, 5)).toEqual(problem);
  });

  it('checks a scale code against the digits of the shop\'s pattern', () => {
    expect(draftWeighedProblem({ ...weighedDraft, scaleCode: '1234' }, 4)).toBeNull();
    expect(draftWeighedProblem({ ...weighedDraft, scaleCode: '10001' }, 4)).toEqual({ field: 'scaleCode', reason: 'scaleCodeDigits' });
  });

  it('sends a weighed draft\'s grams as numbers and a blank scale code as none; an EACH draft only says so', () => {
    expect(draftWeighedBody({ ...weighedDraft, scaleCode: ' 10001 ' })).toEqual({ sellBy: 'WEIGHT', stepGrams: 250, minGrams: 250, maxGrams: 5000, scaleCode: '10001' });
    expect(draftWeighedBody({ ...weighedDraft, scaleCode: '' })).toMatchObject({ scaleCode: null });
    expect(draftWeighedBody({ ...weighedDraft, sellBy: 'EACH' })).toEqual({ sellBy: 'EACH' });
  });

  const complete = { name: 'Apple', image: ['/a.webp'], category: ['c'], subCategory: ['s'] };
  it.each([
    [complete, true],
    [{ ...complete, name: '  ' }, false],
    [{ ...complete, image: [] }, false],
    [{ ...complete, image: [''] }, false],
    [{ ...complete, category: [] }, false],
    [{ ...complete, subCategory: [] }, false],
  ])('isSubmittableDraft(%j) -> %s', (draft, ok) => {
    expect(isSubmittableDraft(draft)).toBe(ok);
  });

  it.each([
    [['a'], 'b', false, ['a', 'b']],
    [['a', 'b'], 'a', false, ['b']],
    [['a', 'b'], 'a', true, ['a', 'b']],
    [[], 'a', true, ['a']],
  ])('toggleId(%j, %j, noRemove %s) -> %j', (selected, id, noRemove, result) => {
    expect(toggleId(selected, id, noRemove)).toEqual(result);
  });
});
