// A text search while this instance's read model takes in a change (shop-service.ts `search`, issue 37): it waits
// for the change rather than ask PostgreSQL (a query where memory costs none; PostgreSQL's search finds keywords
// too since migration 20261213100000), so a Singlish word ('sini': sugar) is answered from memory whenever the model
// is built, also while the catalogue changes.
// Found by a browser walk on a loaded machine, where another test's writes kept the model busy as it searched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger';
import { createShopService } from '../src/modules/catalog/shop-service';
import { createSearchIndex } from '../src/modules/catalog/search-index';
import { createTestDatabase, DB_KINDS, startTestServer, type TestDatabase, type TestServer } from './helpers';
import { watchStatements } from './statement-log';

describe.each(DB_KINDS)('a search while the read model takes in a change, on %s', (kind) => {
  let database: TestDatabase;
  let server: TestServer | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // the demo catalogue, with its search keywords
    server = await startTestServer(kind, { database, seed: true });
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("waits for the model instead of asking PostgreSQL: 'sini' finds sugar", async () => {
    const knex = database.db.knex;
    const index = createSearchIndex({ db: knex, logger: createLogger('silent') });
    await index.build();
    const shop = createShopService({ db: knex, searchIndex: index });
    const postgres = createShopService({ db: knex });
    const log = watchStatements(knex);
    const sini = { search: 'sini', page: 1, limit: 10 };
    try {
      // PostgreSQL's own search and the model find the same sugars first for the Singlish word (their keyword)
      const idle = await shop.search(sini);
      expect(idle.items[0]?.name).toMatch(/sugar/i);
      const sugars = (items: ReadonlyArray<{ name: string }>) => items.filter((p) => /sugar/i.test(p.name)).map((p) => p.name);
      const inPostgres = (await postgres.search(sini)).items;
      expect(sugars(inPostgres)).toEqual(sugars(idle.items));
      expect(inPostgres.slice(0, sugars(idle.items).length).map((p) => p.name)).toEqual(sugars(idle.items));

      // a change to a sugar heard: until it is read again the model is not current, and the search waits for it
      const sugar = (await knex('products').where({ name: 'White Sugar' }).first('id')) as { id: string };
      await knex('products').where({ id: sugar.id }).update({ name: 'White Sugar (1 kg)' });
      index.notice(`p ${sugar.id}`);
      expect(index.search(sini)).toBeUndefined();
      const busy = await log.during(() => shop.search(sini));
      expect(busy.result.items.map((p) => p.name)).toContain('White Sugar (1 kg)');
      expect(busy.result.items[0]?.name).toMatch(/sugar/i);
      // answered from memory once the change was in: the product's one re-read, no search in the database
      expect(busy.statements.some((text) => /search_vector|%>/.test(text))).toBe(false);
      expect(busy.statements.length).toBeGreaterThan(0);
    } finally {
      index.close();
    }
  });
});
