// How a search ranks what it finds, over real HTTP: a word typed whole outranks words that merely start with
// it, and among whole-word matches the products on a shelf named by the word come first (issue 18: 'milk'
// listed Milk Chocolate Bar before the milks).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductWire } from '@kade/shared';
import { createAccount, DB_KINDS, startTestServer, type TestServer } from './helpers';
import { catalogueAdmin, storedImages, type Answer } from './catalogue-fixtures';

describe.each(DB_KINDS)('search ranking on %s', (kind) => {
  let server: TestServer;

  const names = async (search: string) => {
    const res = await server.api<Answer<ProductWire[]>>('POST', '/api/product/search-product', { search, limit: 20 });
    expect(res.status).toBe(200);
    return res.body.data.map((p) => p.name);
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    const admin = (await createAccount(server, { role: 'ADMIN' })).auth;
    const [image] = await storedImages(server, 1);
    const make = catalogueAdmin(server, admin, image as string);
    const milk = await make.category('Milk + Other');
    const freshMilk = await make.subCategory('Fresh Milk', [milk._id]);
    const yoghurt = await make.subCategory('Yoghurt & Curd', [milk._id]);
    const snacks = await make.category('Snack');
    const chocolate = await make.subCategory('Chocolate', [snacks._id]);
    const grocery = await make.category('Grocery');
    const baking = await make.subCategory('Baking', [grocery._id]);
    const shelf = (category: { _id: string }, sub: { _id: string }) => ({ category: [category._id], subCategory: [sub._id] });
    // Made in an order that is neither the expected one nor alphabetical.
    await make.product({ name: 'Milky Toffee', ...shelf(snacks, chocolate) });
    await make.product({ name: 'Milk Chocolate Bar', ...shelf(snacks, chocolate) });
    await make.product({ name: 'Coconut Milk Powder', ...shelf(grocery, baking) });
    await make.product({ name: 'Low Fat Fresh Milk', ...shelf(milk, freshMilk) });
    await make.product({ name: 'Full Cream Fresh Milk', ...shelf(milk, freshMilk) });
    await make.product({ name: 'Milk Curd Pot', ...shelf(milk, yoghurt) });
    await make.product({ name: 'Plain Yoghurt', ...shelf(milk, yoghurt) });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("puts the milks of 'Milk + Other' first, then other names with the whole word, then words that only start with it", async () => {
    expect(await names('milk')).toEqual([
      // on a shelf named by the word: a name starting with it first, then by name
      'Milk Curd Pot',
      'Full Cream Fresh Milk',
      'Low Fat Fresh Milk',
      // the whole word elsewhere
      'Milk Chocolate Bar',
      'Coconut Milk Powder',
      // 'milky' merely starts with the text
      'Milky Toffee',
    ]);
  });

  it('ranks the sub-category by its name too, and an exact name above all', async () => {
    expect((await names('fresh milk')).slice(0, 2)).toEqual(['Full Cream Fresh Milk', 'Low Fat Fresh Milk']);
    expect(await names('chocolate')).toEqual(['Milk Chocolate Bar']);
    expect((await names('milk chocolate bar'))[0]).toBe('Milk Chocolate Bar');
  });

  it('while a word is still being typed, names starting with the text come first', async () => {
    expect(await names('mil')).toEqual(['Milk Chocolate Bar', 'Milk Curd Pot', 'Milky Toffee', 'Coconut Milk Powder', 'Full Cream Fresh Milk', 'Low Fat Fresh Milk']);
  });
});
