// Categories and sub-categories are served from each instance's memory and dropped when they change anywhere
// (modules/catalog/catalogue-changes.ts). Two servers on one database in this process, on PGlite and (with
// TEST_DATABASE_URL) PostgreSQL; the statements each read sends are counted at the driver (statement-log.ts).
// The same across two server processes is in multi-instance.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTENER_NAME } from '../src/modules/catalog/catalogue-changes';
import { CATEGORY_LIST_SQL, SUB_CATEGORY_LIST_SQL } from '../src/modules/catalog/category-service';
import { storedImages, type Answer } from './catalogue-fixtures';
import { NOTICE_BOUND_MS, waitFor } from './cluster-helpers';
import { createTestDatabase, DB_KINDS, quickAccount, startTestServer, waitForSearchIndex, type TestDatabase, type TestServer } from './helpers';
import { watchStatements, type StatementLog } from './statement-log';

type Named = { _id: string; name: string };

describe.each(DB_KINDS)('categories from memory on %s', (kind) => {
  let database: TestDatabase;
  let a: TestServer;
  let b: TestServer;
  let log: StatementLog;
  let adminAuth: Record<string, string>;
  let image: string;

  const categories = async (server: TestServer) => {
    const res = await server.api<Answer<Named[]>>('GET', '/api/category/get');
    expect(res.status).toBe(200);
    return res.body.data.map((c) => c.name);
  };
  const subCategories = async (server: TestServer) => {
    const res = await server.api<Answer<Array<Named & { category: Named[] }>>>('POST', '/api/subcategory/get', {});
    expect(res.status).toBe(200);
    return res.body.data.map((s) => `${s.name} in ${s.category.map((c) => c.name).join('+')}`);
  };
  const admin = async <T>(server: TestServer, path: string, body: unknown): Promise<T> => {
    const method = path.endsWith('/update') ? 'PUT' : path.endsWith('/delete') ? 'DELETE' : 'POST';
    const res = await server.api<Answer<T>>(method, path, body, adminAuth);
    if (res.status >= 300) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  /** Both lists read on both servers, so that each keeps its copies. */
  const readEverywhere = async () => {
    for (const server of [a, b]) {
      await categories(server);
      await subCategories(server);
    }
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    log = watchStatements(database.db.knex);
    a = await startTestServer(kind, { database });
    b = await startTestServer(kind, { database });
    adminAuth = (await quickAccount(a, { role: 'ADMIN' })).auth;
    [image] = (await storedImages(a, 1)) as [string];
    await admin(a, '/api/category/add-category', { name: 'Fruit', image });
  }, 120_000);
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await database?.drop();
  });

  it('answers both lists from memory: once read, no statement reaches the database', async () => {
    await readEverywhere();
    const { statements } = await log.during(async () => {
      for (let i = 0; i < 3; i += 1) await readEverywhere();
    });
    expect(statements).toEqual([]);
  });

  it('builds the home page with the groupings from memory: none of its statements reads the category lists', async () => {
    await readEverywhere();
    expect((await b.api('GET', '/api/product/home')).status).toBe(200);
    // while the read model builds, the strips come from the database, the groupings still from memory
    b.searchIndex.hearing(false);
    const building = await log.during(() => b.api('GET', '/api/product/home'));
    b.searchIndex.hearing(true);
    const listReads = building.statements.filter((sql) => sql === CATEGORY_LIST_SQL || sql === SUB_CATEGORY_LIST_SQL || /from "(sub_)?categories"/.test(sql));
    expect(listReads).toEqual([]);
    expect(building.statements.length).toBeGreaterThan(0);
    // once it is built, the strips come from memory too (search-index.ts): no statement at all
    await waitForSearchIndex(b);
    const { result, statements } = await log.during(() => b.api('GET', '/api/product/home'));
    expect(result.status).toBe(200);
    expect(statements).toEqual([]);
  });

  it('shows on B every change made on A as soon as its notice arrives, and keeps the new lists in memory again', async () => {
    await readEverywhere();
    // A answers once it heard the change's notice. On the embedded database both servers hear it in the same call
    // of its one session, so B shows it at once. On PostgreSQL B's own LISTEN hears the same notice at the same
    // commit, but a loaded machine may run B's a moment later: B shows it within NOTICE_BOUND_MS, which no expiry
    // or polling of the lists could meet by chance, as the pause below shows.
    const onB = (what: string, check: () => Promise<boolean>) =>
      kind === 'postgres' ? waitFor(`B to show ${what}`, check, NOTICE_BOUND_MS) : check().then((shown) => expect(shown, `B shows ${what} at once`).toBe(true));
    const vegetable = await admin<Named>(a, '/api/category/add-category', { name: 'Vegetable', image });
    await onB('the new category', async () => (await categories(b)).includes('Vegetable'));

    await admin(a, '/api/category/update', { _id: vegetable._id, name: 'Vegetables' });
    await onB('the new name', async () => {
      const names = await categories(b);
      return names.includes('Vegetables') && names.includes('Fruit') && !names.includes('Vegetable');
    });

    const leafy = await admin<Named>(a, '/api/subcategory/create', { name: 'Leafy', image, category: [vegetable._id] });
    await onB('the new sub-category', async () => (await subCategories(b)).includes('Leafy in Vegetables'));
    await admin(a, '/api/category/update', { _id: vegetable._id, name: 'Greens' });
    // a category's new name inside the sub-category list
    await onB("the category's name in the sub-category list", async () => (await subCategories(b)).includes('Leafy in Greens'));
    await admin(a, '/api/subcategory/update', { _id: leafy._id, name: 'Leafy Greens' });
    await onB("the sub-category's new name", async () => (await subCategories(b)).includes('Leafy Greens in Greens'));

    await admin(a, '/api/subcategory/delete', { _id: leafy._id });
    await onB('the sub-category gone', async () => !(await subCategories(b)).includes('Leafy Greens in Greens'));
    await admin(a, '/api/category/delete', { _id: vegetable._id });
    await onB('the category gone', async () => !(await categories(b)).includes('Greens'));

    // and both keep the new lists, with no time limit: during a pause longer than B was given above and the reads
    // after it, no statement reaches the database (neither a copy that expired nor one refreshed in the background)
    await readEverywhere();
    const { statements } = await log.during(async () => {
      await new Promise((resolve) => setTimeout(resolve, (kind === 'postgres' ? NOTICE_BOUND_MS : 1000) + 500));
      await readEverywhere();
    });
    expect(statements).toEqual([]);
  });

  it('shows a change made straight in the database (a script, a restore) on both servers as soon as its notice arrives', async () => {
    await readEverywhere();
    // The notice leaves PostgreSQL at commit, beside the commit's own answer: it may land a moment after it.
    const shows = (name: string) => waitFor(`${name} on both servers`, async () => (await categories(a)).includes(name) && (await categories(b)).includes(name), 1000);
    await database.db.knex('categories').where({ name: 'Fruit' }).update({ name: 'Fresh Fruit' });
    await shows('Fresh Fruit');
    await database.db.knex('categories').where({ name: 'Fresh Fruit' }).update({ name: 'Fruit' });
    await shows('Fruit');
  });

  // Only PostgreSQL has a LISTEN connection to cut (PGlite's is a callback on its one session): the test exists
  // only there, rather than being skipped on PGlite.
  if (kind === 'postgres') {
    it('when its LISTEN connection is cut, an instance misses no change: it listens again and drops what it kept', async () => {
      await readEverywhere();
      const listeners = () =>
        database.db.knex
          .raw('select pid from pg_stat_activity where application_name = ? and datname = current_database()', [LISTENER_NAME])
          .then((r: { rows: Array<{ pid: number }> }) => r.rows.map((row) => row.pid));
      const before = await listeners();
      expect(before).toHaveLength(2);
      await database.db.knex.raw('select pg_terminate_backend(pid) from pg_stat_activity where application_name = ? and datname = current_database()', [LISTENER_NAME]);
      // changed while nobody listens: no notice will ever say so
      await database.db.knex('categories').where({ name: 'Fruit' }).update({ name: 'Stone Fruit' });
      await waitFor('both servers listening again', async () => {
        const now = await listeners();
        return now.length === 2 && now.every((pid) => !before.includes(pid));
      });
      expect(await categories(a)).toContain('Stone Fruit');
      expect(await categories(b)).toContain('Stone Fruit');
      // listening again: notices arrive, and the copies are kept
      await database.db.knex('categories').where({ name: 'Stone Fruit' }).update({ name: 'Fruit' });
      await waitFor('the notice after listening again', async () => (await categories(b)).includes('Fruit'), 1000);
      await waitFor('the copies kept again', async () => {
        await readEverywhere();
        const { statements } = await log.during(readEverywhere);
        return statements.length === 0;
      });
    });
  }
});
